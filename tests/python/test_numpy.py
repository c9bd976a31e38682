"""Large traces into numpy without a Python call per sample."""
import time

import numpy
from gi.repository import Hyco

SAMPLES = 1_000_000


def test_million_sample_trace_into_numpy_in_well_under_a_second():
    model = Hyco.Model.new_from_data(f"""
<entity name="top" class="TypedCompositeActor">
  <property name="director" class="DEDirector">
    <property name="stopTime" value="{SAMPLES - 1}e-6"/>
  </property>
  <entity name="Clock" class="DiscreteClock"><property name="period" value="1e-6"/></entity>
  <entity name="Count" class="Ramp"/>
  <relation name="r"/>
  <link port="Clock.output" relation="r"/><link port="Count.trigger" relation="r"/>
</entity>""", -1, "million.xml")
    model.set_record_results(True)
    model.set_probes(["Count.output"])
    model.run()
    results = model.get_results()
    assert results.get_sample_count("Count.output") == SAMPLES

    start = time.perf_counter()
    arrays = results.get_arrays("Count.output")
    elapsed = time.perf_counter() - start

    print(f"\n{SAMPLES} samples into numpy in {elapsed * 1000:.1f} ms")
    assert arrays.values.dtype == numpy.float64 and len(arrays.values) == SAMPLES
    numpy.testing.assert_array_equal(arrays.values, numpy.arange(SAMPLES, dtype=float))
    numpy.testing.assert_array_equal(arrays.ticks, numpy.arange(SAMPLES) * 1000)
    assert arrays.present.all() and (arrays.microsteps == 1).all()
    assert arrays.times[-1] == (SAMPLES - 1) * 1e-6
