"""One parameter protocol: class properties, model parameters and FMU variables answer the
same calls, and every entry point (set_parameters, the model's set_parameter, a model file)
agrees on them."""
import os

import pytest
from gi.repository import GLib, GObject, Hyco


@pytest.fixture
def fmu_dir():
    directory = os.environ.get("HYCO_FMU_PATH")
    if not directory:
        pytest.skip("HYCO_FMU_PATH is not set (run through meson test)")
    return directory


def test_fmu_variables_through_set_parameters(fmu_dir):
    # Before the protocol, set_parameters(k=...) on an FMU actor failed with "no parameter k"
    # while a model file and --set accepted it.
    plant = Hyco.FMUActor.new("Plant")
    assert plant.load(os.path.join(fmu_dir, "hc_time_delay.fmu"))
    plant.set_parameters(d=0.1)
    assert plant.get_fmu_parameter("d") == "0.1"
    assert plant.has("d") and plant.has("fmuFile") and not plant.has("nothing")
    assert plant.get_text("d") == "0.1"
    assert plant.is_set("d")
    assert "d" in plant.list() and "fmuFile" in plant.list()
    assert plant.list().index("fmuFile") < plant.list().index("d")
    info = plant.describe("d")
    assert (info.name, info.type) == ("d", "fmu-variable")


def test_unknown_parameter_is_the_same_error_everywhere(fmu_dir):
    plant = Hyco.FMUActor.new("Plant")
    plant.load(os.path.join(fmu_dir, "hc_time_delay.fmu"))
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector")
    for owner in (plant, top, top.get_director()):
        with pytest.raises(GLib.Error) as raised:
            owner.set_text("nothing", "1")
        assert raised.value.matches(Hyco.param_error_quark(), Hyco.ParamError.UNKNOWN)


def test_model_parameters_of_a_composite():
    top = Hyco.CompositeActor.new("top")
    top.set_director_by_class("DEDirector", stopTime=1)
    assert top.declare_text("rate", "4")
    top.add_actor_by_class("DiscreteClock", "Clock")
    top["Clock"].set_parameters(period="1 / rate")
    assert top.has("rate") and top.needs_evaluation("rate")
    assert top.get_text("rate") == "4"
    assert top.describe("rate").type == "expression"
    assert top.list()[-1] == "rate"
    # Set now: evaluated at once, and refused (keeping the old text) if it cannot be.
    assert top.set_text("rate", "8")
    with pytest.raises(GLib.Error, match="nowhere"):
        top.set_text("rate", "nowhere + 1")
    assert top.get_text("rate") == "8"
    model = Hyco.Model.new(top)
    model.run()
    assert model.get_current_tag().time == 1000000000


def test_class_properties_describe_themselves():
    actor = GObject.new(Hyco.registry_lookup("Gain"), name="G")
    info = actor.describe("factor")
    assert (info.name, info.type, info.default_text) == ("factor", "value", "1")
    assert info.documentation
    assert not actor.is_set("factor")
    actor.set_text("factor", "2.5")
    assert actor.is_set("factor") and actor.get_text("factor") == "2.5"
    with pytest.raises(GLib.Error) as raised:
        actor.set_text("factor", "many")
    # The protocol's errors do not repeat the parameter's name: callers say which one.
    assert not raised.value.message.startswith("factor")
