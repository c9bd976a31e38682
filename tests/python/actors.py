# actors.py: Python actors shared by the tests.
from gi.repository import GObject, Hyco


class MovingAverage(Hyco.Actor):
    """The mean of the last `length` present inputs, the current one included. fire may run
    many times per tag (the continuous director's solver stages) and must not change state:
    the window moves in postfire only."""

    __gtype_name__ = "TestPyMovingAverage"
    __ports__ = {"input": Hyco.PortFlags.INPUT, "output": Hyco.PortFlags.OUTPUT}

    length = GObject.Property(type=int, default=3)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.window = []
        self.fires = 0
        self.postfires = 0
        self.wrapups = 0

    def do_initialize(self):
        self.window = []

    def _window_with_input(self):
        port = self.get_port("input")
        if not port.is_present(0):
            return None
        return (self.window + [port.get_double(0)])[-self.length:]

    def do_fire(self):
        self.fires += 1
        window = self._window_with_input()
        if window is None:
            self.get_port("output").send_absent(0)
        else:
            self.get_port("output").send_double(0, sum(window) / len(window))

    def do_postfire(self):
        self.postfires += 1
        window = self._window_with_input()
        if window is not None:
            self.window = window

    def do_wrapup(self):
        self.wrapups += 1


class Hold(Hyco.Actor):
    """At each trigger, the last input committed before (initially 1): its output does not
    depend on its input at the same tag, so it may close a feedback loop."""

    __gtype_name__ = "TestPyHold"
    __ports__ = {
        "trigger": Hyco.PortFlags.INPUT,
        "input": Hyco.PortFlags.INPUT,
        "output": Hyco.PortFlags.OUTPUT,
    }

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.state = 1.0

    def do_initialize(self):
        self.state = 1.0

    def do_is_strict(self):
        return False

    def do_output_depends_on(self, output, input_port):
        return input_port.get_name() == "trigger"

    def do_fire(self):
        trigger = self.get_port("trigger")
        if not trigger.is_known(0):
            return True
        if trigger.is_present(0):
            self.get_port("output").send_double(0, self.state)
        else:
            self.get_port("output").send_absent(0)
        return True

    def do_postfire(self):
        port = self.get_port("input")
        if port.is_present(0):
            self.state = port.get_double(0)
        return True


class StrictHold(Hold):
    """The same, but declared strict: a loop through it is a real zero-delay loop."""

    __gtype_name__ = "TestPyStrictHold"

    def do_is_strict(self):
        return True


class Failing(Hyco.Actor):
    """Raises a Python exception in its second fire."""

    __gtype_name__ = "TestPyFailing"
    __ports__ = {"input": Hyco.PortFlags.INPUT}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fires = 0
        self.wrapups = 0

    def do_fire(self):
        self.fires += 1
        if self.fires == 2:
            raise ValueError("the second fire went wrong")

    def do_wrapup(self):
        self.wrapups += 1


Hyco.registry_register("MovingAverage", MovingAverage)
Hyco.registry_register("PyHold", Hold)
Hyco.registry_register("PyStrictHold", StrictHold)
Hyco.registry_register("PyFailing", Failing)


class Doubler(Hyco.Actor, Hyco.StageFunction):
    """Twice its input, and says so (Hyco.StageFunction): the continuous director then evaluates
    its solver stages without calling fire."""

    __gtype_name__ = "TestPyDoubler"
    __ports__ = {"input": Hyco.PortFlags.INPUT, "output": Hyco.PortFlags.OUTPUT}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fires = 0

    def do_fire(self):
        self.fires += 1
        port = self.get_port("input")
        if port.is_present(0):
            self.get_port("output").send_double(0, 2.0 * port.get_double(0))

    def do_get_stage_function(self):
        spec = Hyco.StageFunctionSpec()
        spec.kind = Hyco.StageFunctionKind.SCALE
        spec.constant = 2.0
        return True, spec


Hyco.registry_register("PyDoubler", Doubler)
