"""Actors written in Python: under DE and under Continuous (repeated fire, commit in postfire
only), in model files by their registered name, their causality declarations, and exceptions
that fail the run with the Python message and traceback."""

import math

import pytest
from gi.repository import GLib, Hyco

from actors import Doubler, Failing, Hold, MovingAverage, StrictHold  # noqa: F401 (registers them)


def moving_averages(inputs, length):
    window, out = [], []
    for value in inputs:
        window = (window + [value])[-length:]
        out.append(sum(window) / len(window))
    return out


def test_moving_average_under_de():
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=2)
    top.add_actor_by_class("DiscreteClock", "Clock", period=0.25)
    top.add_actor_by_class("Ramp", "Ramp", init=0.0, step=1.0)
    average = top.add_actor_by_class("MovingAverage", "Average", length=3)
    assert isinstance(average, MovingAverage)
    top.connect_ports("Clock.output", "Ramp.trigger")
    top.connect_ports("Ramp.output", "Average.input")
    model = Hyco.Model.new(top)
    model.set_record_results(True)
    model.run()
    samples = model.get_results().get_samples("Average.output")
    assert [tag[:2] for tag in samples] == [(k * 0.25, 1) for k in range(9)]
    assert [value for *_, value in samples] == moving_averages(range(9), 3)
    assert average.fires == average.postfires == 9
    assert average.wrapups == 1


def test_moving_average_in_a_model_file():
    # The registered name works in model files; a Test actor checks the averages.
    model = Hyco.Model.new_from_data("""
<entity name="top" class="TypedCompositeActor">
  <property name="director" class="DEDirector"><property name="stopTime" value="1"/></property>
  <entity name="Clock" class="DiscreteClock"><property name="period" value="0.25"/></entity>
  <entity name="Ramp" class="Ramp"><property name="init" value="2.0"/></entity>
  <entity name="Average" class="MovingAverage"><property name="length" value="2"/></entity>
  <entity name="Check" class="Test">
    <property name="correctValues" value="{2.0, 2.5, 3.5, 4.5, 5.5}"/>
  </entity>
  <relation name="tick"/><relation name="ramp"/><relation name="mean"/>
  <link port="Clock.output" relation="tick"/><link port="Ramp.trigger" relation="tick"/>
  <link port="Ramp.output" relation="ramp"/><link port="Average.input" relation="ramp"/>
  <link port="Average.output" relation="mean"/><link port="Check.input" relation="mean"/>
</entity>""", -1, "python-actor.xml")
    model.run()
    assert model.lookup_actor("Average").get_property("length") == 2


@pytest.mark.parametrize("compile_stages", [False, True])
def test_moving_average_under_continuous(compile_stages):
    # Solver stages fire the model without committing; only accepted steps are postfired. The
    # average must follow the committed inputs only.
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("ContinuousDirector", stopTime=2, compileStages=compile_stages)
    top.add_actor_by_class("ContinuousSinewave", "Sine", frequency=0.5)
    top.add_actor_by_class("Integrator", "Integral")
    average = top.add_actor_by_class("MovingAverage", "Average", length=4)
    top.connect_ports("Sine.output", "Integral.derivative")
    top.connect_ports("Sine.output", "Average.input")
    model = Hyco.Model.new(top)
    model.set_record_results(True)
    model.run()
    results = model.get_results()
    sine = {(t, m): v for t, m, v in results.get_samples("Sine.output")}
    samples = results.get_samples("Average.output")
    assert len(samples) > 10
    inputs = [sine[(t, m)] for t, m, _ in samples]
    expected = moving_averages(inputs, 4)
    for (_, _, value), wanted in zip(samples, expected):
        assert value == pytest.approx(wanted, abs=1e-12)
    # Committed once per tag. Fired at every solver stage, unless the stages are computed
    # from the functions the actors upstream of the derivative declare (Sine, Integral): then
    # the average, which no derivative needs, fires at the end of each step tried only.
    statistics = model.get_statistics().unpack()
    assert average.postfires == len(samples)
    if compile_stages:
        assert average.postfires <= average.fires <= average.postfires + statistics["rollbacks"]
    else:
        assert average.fires > 2 * average.postfires
    # The integral of sin(pi t) over [0, 2] is 0: the solver really integrated.
    assert results.get_samples("Integral.state")[-1][2] == pytest.approx(0.0, abs=1e-6)
    assert model.get_statistics().unpack()["steps"] > 0


def feedback_model(hold_class):
    top = Hyco.CompositeActor.new("loop")
    top.set_director_by_class("DEDirector", stopTime=1)
    top.add_actor_by_class("DiscreteClock", "Clock", period=0.25)
    top.add_actor_by_class(hold_class, "Hold")
    top.add_actor_by_class("Gain", "Double", factor=2)
    top.add_actor_by_class("Recorder", "Recorder")
    top.connect_ports("Clock.output", "Hold.trigger")
    top.connect_ports("Hold.output", "Double.input")
    top.connect_ports("Double.output", "Hold.input")
    top.connect_ports("Hold.output", "Recorder.input")
    return Hyco.Model.new(top)


def test_causality_declared_in_python():
    # Non-strict, output independent of `input`: the loop is not a zero-delay loop.
    model = feedback_model("PyHold")
    model.run()
    recorder = model.lookup_actor("Recorder")
    values = [recorder.get_value(i).get_double() for i in range(recorder.get_count())]
    assert values == [1.0, 2.0, 4.0, 8.0, 16.0]
    # Declared strict, the same loop is refused before the run.
    with pytest.raises(GLib.Error) as caught:
        feedback_model("PyStrictHold").prepare()
    assert "loop" in caught.value.message


def test_exception_in_fire_fails_the_run_with_message_and_traceback():
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=1)
    top.add_actor_by_class("DiscreteClock", "Clock", period=0.25)
    failing = top.add_actor_by_class("PyFailing", "Broken")
    top.connect_ports("Clock.output", "Broken.input")
    model = Hyco.Model.new(top)
    with pytest.raises(GLib.Error) as caught:
        model.run()
    message = caught.value.message
    assert caught.value.domain == "hyco-actor-error-quark"
    assert caught.value.code == Hyco.ActorError.FAILED
    assert message.startswith("Broken: ValueError: the second fire went wrong\n")
    assert "Traceback (most recent call last):" in message
    assert 'actors.py", line' in message and "in do_fire" in message
    assert 'raise ValueError("the second fire went wrong")' in message
    # The run stopped there and still wrapped up.
    assert failing.fires == 2
    assert failing.wrapups == 1


def test_python_actor_in_an_asynchronous_run():
    # The worker thread calls into Python: PyGObject takes the GIL for each vfunc call, and
    # the main loop releases it while it waits.
    model = feedback_model("PyHold")
    model.set_stop_time("100")
    model.set_record_results(True)
    loop = GLib.MainLoop()
    outcome = {}

    def finished(model, result, data):
        outcome["ok"] = model.run_finish(result)
        loop.quit()

    model.run_async(None, finished)
    loop.run()
    assert outcome["ok"]
    values = model.get_results().get_arrays("Hold.output").values
    assert len(values) == 401
    assert values[10] == 2.0**10 and values[-1] == 2.0**400


def test_stage_function_declared_in_python():
    # x' = 2x through a Python actor that declares its function: with compileStages the
    # solver's stages and step ends compute it without calling fire, with the same results.
    runs = {}
    for compile_stages in (False, True):
        top = Hyco.CompositeActor.new("top")
        top.set_director_by_class("ContinuousDirector", stopTime=1, compileStages=compile_stages)
        top.add_actor_by_class("Integrator", "X", initialState=1.0)
        doubler = top.add_actor_by_class("PyDoubler", "D")
        top.connect_ports("X.state", "D.input")
        top.connect_ports("D.output", "X.derivative")
        model = Hyco.Model.new(top)
        model.set_record_results(True)
        model.run()
        runs[compile_stages] = (doubler.fires, model.get_results().get_samples("X.state"))
    fired, compiled = runs[False], runs[True]
    assert compiled[1] == fired[1]
    assert fired[1][-1][2] == pytest.approx(math.exp(2.0), rel=1e-5)
    assert fired[0] > 3 * len(fired[1]) > 0
    assert compiled[0] < len(compiled[1])


class Stopper(Hyco.Actor):
    """Ends the run from postfire at its third firing."""

    __gtype_name__ = "TestPyStopper"
    __ports__ = {"input": Hyco.PortFlags.INPUT}

    def do_initialize(self):
        self.count = 0

    def do_postfire(self):
        self.count += 1
        if self.count == 3:
            self.request_stop("enough")


def test_python_actor_ends_the_run():
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=10)
    top.add_actor_by_class("DiscreteClock", "Clock", period="0.5")
    top.add_actor(Stopper(name="Stop"))
    top.connect_ports("Clock.output", "Stop.input")
    model = Hyco.Model.new(top)
    model.run()
    assert model.get_stop_reason() == "Stop: enough"
    assert model.get_current_tag().time == 1000000000
