"""A director written in Python with the director kit: a discrete-event director that gives
the built-in DE director's traces, byte for byte, and the tags of SEMANTICS.md section 4;
exceptions and rejected parameters of a Python director fail the run with a proper error."""

import os
import re
import tempfile

import pytest
from gi.repository import GLib, GObject, Hyco


class PyDEDirector(Hyco.Director):
    """Discrete events: the next tag is the earliest pure event; at each tag the kit's fixed
    point fires the triggered actors; requests go to a Hyco.EventQueue."""

    __gtype_name__ = "TestPyDEDirector"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.queue = Hyco.EventQueue.new()
        self.set_event_queue(self.queue)
        self.requests = 0
        self.tags = []

    def do_initialize(self):
        # Before the actors initialize: that is when they make their first requests.
        self.queue.clear()
        self.tags = []
        return Hyco.Director.do_initialize(self)

    def do_prefire(self):
        if not self.is_top_level():
            Hyco.Director.do_prefire(self)
            self.queue.check_missed(self)
            self.queue.take(self.get_current_tag())
            return True
        head = self.queue.peek()
        if head is None or head.time > self.get_stop_time():
            return False
        if head.microstep > self.get_max_microsteps():
            self.queue.report_zeno(self, head)
        self.set_current_tag(head)
        self.queue.take(head)
        self.tags.append((head.time, head.microstep))
        return True

    def do_fire(self):
        self.queue.start_tag()
        self.run_schedule()

    def do_postfire(self):
        try:
            self.postfire_fired()
        finally:
            self.queue.release()

    def do_fire_at(self, actor, tag):
        self.requests += 1
        return self.queue.request(self, actor, tag)


Hyco.registry_register("TestPyDEDirector", PyDEDirector)


def trace_with(path, director_class):
    with open(path) as source:
        text = source.read()
    swapped = re.sub(r'class="(ptolemy\.domains\.de\.kernel\.)?DEDirector"',
                     'class="%s"' % director_class, text)
    assert director_class == "DEDirector" or swapped != text
    model = Hyco.Model.new_from_data(swapped, -1, path)
    with tempfile.TemporaryDirectory() as folder:
        trace = os.path.join(folder, "trace.csv")
        model.set_trace_file(trace)
        model.run()
        del model  # closes the trace
        with open(trace) as written:
            return written.read()


@pytest.mark.parametrize("name", ["simultaneous-events", "de-feedback", "hierarchy",
                                  "fsm-toggle", "nested-directors"])
def test_same_trace_as_the_de_director(name):
    path = os.path.join("models", name + ".xml")
    builtin = trace_with(path, "DEDirector")
    assert len(builtin) > 100
    assert trace_with(path, "TestPyDEDirector") == builtin


def test_tags_of_a_periodic_generator():
    # SEMANTICS.md 3.5: a periodic discrete generator is present at (kp, 1), absent elsewhere.
    top = Hyco.CompositeActor.new("top")
    director = PyDEDirector()
    top.set_director(director)
    director.set_parameters(stopTime=1)
    top.add_actor_by_class("DiscreteClock", "Clock", period=0.25)
    top.add_actor_by_class("Ramp", "Ramp", init=0.0, step=1.0)
    top.connect_ports("Clock.output", "Ramp.trigger")
    model = Hyco.Model.new(top)
    model.set_record_results(True)
    model.run()
    samples = model.get_results().get_samples("Ramp.output")
    assert samples == [(k * 0.25, 1, float(k)) for k in range(5)]
    ticks = 250_000_000
    assert director.tags == [(k * ticks, 1) for k in range(5)]
    # The clock asked for each tag, and for the one after the stop time, never queued.
    assert director.requests == 6
    assert director.queue.get_length() == 0
    assert not director.fires_every_actor()


def test_a_python_director_inside_the_de_director():
    # The inner director takes the container's tag and passes its requests up.
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=2)
    inner = Hyco.CompositeActor.new("Inner")
    top.add_actor(inner)
    director = PyDEDirector()
    inner.set_director(director)
    inner.add_actor_by_class("DiscreteClock", "Clock", period=0.5)
    inner.add_actor_by_class("Ramp", "Ramp", init=10, step=10)
    inner.connect_ports("Clock.output", "Ramp.trigger")
    model = Hyco.Model.new(top)
    model.set_record_results(True)
    model.run()
    samples = model.get_results().get_samples("Inner.Ramp.output")
    assert samples == [(k * 0.5, 1, 10 * (k + 1)) for k in range(5)]


class FailingDirector(PyDEDirector):
    __gtype_name__ = "TestPyFailingDirector"

    def do_fire(self):
        raise ValueError("no fixed point today")


def test_an_exception_fails_the_run():
    top = Hyco.CompositeActor.new("top")
    top.set_director(FailingDirector(name="Failing"))
    top.add_actor_by_class("DiscreteClock", "Clock", period=1)
    model = Hyco.Model.new(top)
    with pytest.raises(GLib.Error) as raised:
        model.run()
    assert raised.value.domain == "hyco-actor-error-quark"
    assert raised.value.code == Hyco.ActorError.FAILED
    assert "Failing: ValueError: no fixed point today" in raised.value.message
    assert "Traceback" in raised.value.message


class SteppedDirector(PyDEDirector):
    """A DE director with a time parameter of its own, checked with the kit."""

    __gtype_name__ = "TestPySteppedDirector"

    step = GObject.Property(type=str, default="1")

    def do_preinitialize(self):
        Hyco.Director.do_preinitialize(self)
        self.step_ticks = self.get_time_parameter("step")
        if self.step_ticks <= 0:
            self.reject_parameter("step", "must be positive")


def test_a_rejected_parameter():
    top = Hyco.CompositeActor.new("top")
    director = SteppedDirector(name="Stepped")
    top.set_director(director)
    top.add_actor_by_class("DiscreteClock", "Clock", period=1)
    director.props.step = "0.5"
    Hyco.Model.new(top).prepare()
    assert director.step_ticks == 500_000_000

    for step, message in [("-1", "Stepped: parameter step: must be positive"),
                          ("soon", "Stepped: parameter step: ")]:
        director.props.step = step
        with pytest.raises(GLib.Error) as raised:
            Hyco.Model.new(top).run()
        assert raised.value.domain == "hyco-actor-error-quark"
        assert raised.value.code == Hyco.ActorError.PARAMETER
        assert raised.value.message.startswith(message)


def test_event_queue():
    queue = Hyco.EventQueue.new()
    assert queue.get_length() == 0
    assert queue.peek() is None
    director = PyDEDirector()
    assert director.get_event_queue() is not None
    director.set_event_queue(queue)
    assert director.get_event_queue().get_length() == 0
