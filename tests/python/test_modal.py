"""Modal models from Python: a hybrid automaton in a file, scripted and inspected."""
import math

from gi.repository import Hyco


def test_bouncing_ball_impacts_and_parameters():
    model = Hyco.Model.new_from_file("models/bouncing-ball.xml")
    model.set_parameter("e", "0.5")
    model.set_record_results(True)
    model.run()
    ball = model.lookup_actor("Ball")
    assert isinstance(ball, Hyco.ModalModel)
    assert ball.get_current_state() == "rest"
    first = math.sqrt(2 * 10 / 9.81)
    impacts = model.lookup_actor("Impacts")
    times = [impacts.get_tag(i).time * 1e-9 for i in range(impacts.get_count())]
    assert abs(times[0] - first) < 1e-6
    assert abs(times[1] - (first + 2 * first * 0.5)) < 1e-6


def test_state_machine_introspection():
    model = Hyco.Model.new_from_file("models/thermostat-modal.xml")
    controller = model.lookup_actor("Thermostat._Controller")
    assert isinstance(controller, Hyco.FSMActor)
    states = [controller.get_state(i)[0] for i in range(controller.get_n_states())]
    assert states == ["heating", "cooling"]
    assert [controller.get_state_refinement(i) for i in range(2)] == ["Heating", "Cooling"]
    preemptive, reset = controller.get_transition_kind(0)
    assert (preemptive, reset) == (False, True)
