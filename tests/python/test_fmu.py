"""FMUs from Python: an FMU actor built in code, its ports from the FMU, its parameters."""
import os

import pytest
from gi.repository import Hyco


@pytest.fixture
def fmu_dir():
    directory = os.environ.get("HYCO_FMU_PATH")
    if not directory:
        pytest.skip("HYCO_FMU_PATH is not set (run through meson test)")
    return directory


def test_time_delay_fmu_in_code(fmu_dir):
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=1)
    top.add_actor_by_class("DiscreteClock", "Clock", period="0.25")
    plant = Hyco.FMUActor.new("Plant")
    assert plant.load(os.path.join(fmu_dir, "hc_time_delay.fmu"))
    assert plant.get_category() == "4"
    assert plant.set_fmu_parameter("d", "0.1")
    top.add_actor(plant)
    top.add_actor_by_class("Recorder", "Recorder")
    top.connect_ports("Clock.output", "Plant.x")
    top.connect_ports("Plant.y", "Recorder.input")
    model = Hyco.Model.new(top)
    model.run()
    recorder = model.lookup_actor("Recorder")
    tags = [recorder.get_tag(i) for i in range(recorder.get_count())]
    assert [(round(t.time * 1e-9, 9), t.microstep) for t in tags] == [
        (0.1, 1), (0.35, 1), (0.6, 1), (0.85, 1)]


def test_unknown_fmu_parameter(fmu_dir):
    plant = Hyco.FMUActor.new("Plant")
    plant.load(os.path.join(fmu_dir, "hc_time_delay.fmu"))
    with pytest.raises(Exception, match="no parameter"):
        plant.set_fmu_parameter("nothing", "1")


def test_fmu_ends_the_run(fmu_dir):
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=10)
    top.add_actor_by_class("FMUImport", "F", fmuFile=os.path.join(fmu_dir, "terminating.fmu"),
                           communicationStepSize="0.5")
    top["F"].set_fmu_parameter("endTime", "1.5")
    model = Hyco.Model.new(top)
    model.run()
    assert model.get_stop_reason() == (
        "F: the FMU terminating asked to end the simulation at 1.5 s (fmi2Terminated)")
    assert model.get_current_tag().time == 1500000000
