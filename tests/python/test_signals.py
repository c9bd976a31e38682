"""What a model lists before it runs, and the results' arrays read without their count."""
import math

from gi.repository import Hyco

SIGNALS = ["Clock1.output", "Clock2.output", "Sampler.output"]


def test_list_signals_before_prepare():
    model = Hyco.Model.new_from_file("models/simultaneous-events.xml")
    assert model.list_signals() == SIGNALS
    model.set_record_results(True)
    model.run()
    assert model.get_results().get_sample_count("Sampler.output") == 1001
    assert model.list_signals() == SIGNALS


def test_list_signals_of_a_model_that_cannot_run():
    model = Hyco.Model.new(Hyco.CompositeActor.new("nothing"))
    assert model.list_signals() == []


def test_values_without_count():
    model = Hyco.Model.new_from_file("models/simultaneous-events.xml")
    model.set_record_results(True)
    model.run()
    values = model.get_results().get_values("Sampler.output")
    assert len(values) == 1001
    assert values[0] == 2.0 and math.isnan(values[1]) and values[2] == 2.0
