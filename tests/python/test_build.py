"""Building models in code with the overrides' idioms, and reading results."""
import numpy
import pytest
from gi.repository import GLib, Hyco


def simultaneous_events_in_code():
    """models/simultaneous-events.xml, built with the overrides' keyword parameters."""
    top = Hyco.CompositeActor.new("simultaneous")
    top.set_director_by_class("DEDirector", stopTime=100)
    top.add_actor_by_class("DiscreteClock", "Clock1", period="0.1", value=1)
    top.add_actor_by_class("DiscreteClock", "Clock2", period="0.2", value=2)
    top.add_actor_by_class("Sampler", "Sampler")
    top.add_actor_by_class("Test", "SameAsClock2")
    top.add_actor_by_class("Recorder", "Recorder")
    top.connect_ports("Clock1.output", "Sampler.trigger")
    top.connect_ports("Clock2.output", "Sampler.input")
    top.connect_ports("Clock2.output", "SameAsClock2.reference")
    top.connect_ports("Sampler.output", "SameAsClock2.input")
    top.connect_ports("Sampler.output", "Recorder.input")
    return Hyco.Model.new(top)


def run_recording(model):
    model.set_record_results(True)
    model.run()
    return model.get_results()


def test_simultaneous_events_from_code_matches_file():
    from_code = run_recording(simultaneous_events_in_code())
    from_file = run_recording(Hyco.Model.new_from_file("models/simultaneous-events.xml"))
    assert from_code.list_signals() == from_file.list_signals()
    assert from_code.get_tag_count() == from_file.get_tag_count()
    for signal in from_file.list_signals():
        ours, theirs = from_code.get_arrays(signal), from_file.get_arrays(signal)
        for column in ("ticks", "microsteps", "present"):
            numpy.testing.assert_array_equal(getattr(ours, column), getattr(theirs, column))
        numpy.testing.assert_array_equal(ours.values, theirs.values)  # NaN where absent
        assert from_code.get_samples(signal) == from_file.get_samples(signal)
    # Clock2's events, sampled: value 2 at (0.2k, 1).
    samples = from_code.get_samples("Sampler.output")
    assert len(samples) == 501
    assert samples[:2] == [(0.0, 1, 2.0), (0.2, 1, 2.0)]


def test_model_built_in_code_saves_and_loads():
    model = simultaneous_events_in_code()
    again = Hyco.Model.new_from_data(model.save_to_data(), -1, "saved.xml")
    again.set_stop_time("2")
    again.run()
    assert again.lookup_actor("Recorder").get_count() == 11


def test_composite_iteration_and_lookup():
    top = simultaneous_events_in_code().get_toplevel()
    assert [actor.get_name() for actor in top] == [
        "Clock1", "Clock2", "Sampler", "SameAsClock2", "Recorder"]
    assert "Sampler" in top and "Nope" not in top
    assert isinstance(top["Recorder"], Hyco.Recorder)
    with pytest.raises(KeyError):
        top["Nope"]


def test_model_parameters_and_expressions():
    top = Hyco.CompositeActor.new("top")
    top.set_parameter("rate", "4")
    top.set_director_by_class("DEDirector", stopTime="2 / rate")
    top.add_actor_by_class("DiscreteClock", "Clock", period="1 / rate")
    top.add_actor_by_class("Recorder", "Recorder")
    top.connect_ports("Clock.output", "Recorder.input")
    assert top.list_parameters() == ["rate"]
    assert top.evaluate_parameter("rate") == (True, 4.0)
    assert Hyco.param_get_expression(top["Clock"], "period") == "1 / rate"
    model = Hyco.Model.new(top)
    model.set_parameter("rate", "2")
    model.run()
    assert model.lookup_actor("Recorder").get_count() == 3
    with pytest.raises(GLib.Error) as caught:
        top.add_actor_by_class("Gain", "Gain", factor="2 * pi * f")
    assert 'unknown name "f"' in caught.value.message


def test_keyword_parameters_are_parsed_and_checked():
    top = Hyco.CompositeActor.new("top")
    director = top.set_director_by_class("DEDirector", stopTime=1.5)
    assert director.get_property("stopTime") == "1.5"
    test = top.add_actor_by_class("Test", "Check", correctValues=[1, 2, 3], tolerance=0.5)
    assert test.get_property("correctValues") == "{1, 2, 3}"
    with pytest.raises(GLib.Error) as caught:
        top.add_actor_by_class("DiscreteClock", "Clock", period="soon")
    assert "period" in caught.value.message
    with pytest.raises(ValueError):
        top.add_actor_by_class("NoSuchActor", "X")
    with pytest.raises(KeyError):
        top.connect_ports("Check.nothing", "Check.input")
