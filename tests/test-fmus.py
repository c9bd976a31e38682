#!/usr/bin/python3
"""The test FMUs (tests/fmus/README.md), without the FMU loader: each archive's layout, the
functions each library exports for its FMI-HC category (SEMANTICS.md section 6), the model
description against the library (every variable readable with its type, start values, only
inputs and parameters settable), a generic run with state save and restore, and the
behaviours the FMU actor's tests rely on, driven through ctypes by a small master here.

    test-fmus.py FMU_DIRECTORY        (TAP output)
"""
import ctypes
import math
import os
import sys
import tempfile
import traceback
import xml.etree.ElementTree as ElementTree
import zipfile

# name -> category
FMUS = {
    "vanderpol": "0A",
    "vanderpol_tolerance": "0A",
    "dahlquist": "0A",
    "gain": "0A",
    "passthrough": "0A",
    "faulty": "0A",
    "probe": "0A",
    "fig6_step": "0B",
    "fig6_event": "0B",
    "hc_constant": "1",
    "hc_gain": "1",
    "hc_adder": "1",
    "hc_modal": "1",
    "hc_zero_order_hold": "1",
    "hc_sampler": "1",
    "hc_microstep_delay": "1",
    "hc_passthrough": "1",
    "hc_generator": "2",
    "fig7_source": "2",
    "fig7_sink": "2",
    "hc_integrator": "3",
    "hc_zero_crossing": "3",
    "hc_periodic": "4",
    "hc_integrator_reset": "4",
    "hc_time_delay": "4",
    "hc_controller": "4",
    "hc_bouncing_ball": "4",
}

FMI2 = """GetTypesPlatform GetVersion SetDebugLogging Instantiate FreeInstance SetupExperiment
EnterInitializationMode ExitInitializationMode Terminate Reset GetReal GetInteger GetBoolean
GetString SetReal SetInteger SetBoolean SetString GetFMUstate SetFMUstate FreeFMUstate
SerializedFMUstateSize SerializeFMUstate DeSerializeFMUstate GetDirectionalDerivative
SetRealInputDerivatives GetRealOutputDerivatives DoStep CancelStep GetStatus GetRealStatus
GetIntegerStatus GetBooleanStatus GetStringStatus""".split()
HYBRID_VALUES = [f"{d}Hybrid{t}" for d in ("Get", "Set") for t in ("Real", "Integer", "Boolean", "String")]
INTEGER_TIME = ["HybridDoStep", "HybridGetMaxStepSize"]
EXPORTS = {
    "0A": [],
    "0B": HYBRID_VALUES + ["GetMaxStepSize"],
    "1": HYBRID_VALUES + INTEGER_TIME,
    "2": HYBRID_VALUES + INTEGER_TIME + ["GetPreferredResolution"],
    "3": HYBRID_VALUES + INTEGER_TIME + ["SetResolution"],
    "4": HYBRID_VALUES + INTEGER_TIME + ["GetPreferredResolution", "SetResolution"],
}
ALL_HYBRID = sorted(set(sum(EXPORTS.values(), [])))

OK, WARNING, DISCARD, ERROR, FATAL, PENDING = range(6)
PRESENT, ABSENT = 0, 1
MAX = 2**64 - 1
LAST_SUCCESSFUL_TIME = 2

LOGGER = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_char_p)


class Callbacks(ctypes.Structure):
    _fields_ = [("logger", LOGGER), ("allocateMemory", ctypes.c_void_p),
                ("freeMemory", ctypes.c_void_p), ("stepFinished", ctypes.c_void_p),
                ("componentEnvironment", ctypes.c_void_p)]


messages = []


@LOGGER
def logger(environment, name, status, category, message):
    messages.append((status, message.decode()))


libc = ctypes.CDLL(None)
CALLBACKS = Callbacks(logger, ctypes.cast(libc.calloc, ctypes.c_void_p).value,
                      ctypes.cast(libc.free, ctypes.c_void_p).value, None, None)

C_TYPES = {"Real": ctypes.c_double, "Integer": ctypes.c_int, "Boolean": ctypes.c_int,
           "String": ctypes.c_char_p}


class Fmu:
    """An unpacked test FMU: its description and its library."""

    def __init__(self, directory, name):
        self.name = name
        self.path = os.path.join(directory, name + ".fmu")
        self.tmp = tempfile.TemporaryDirectory()
        with zipfile.ZipFile(self.path) as archive:
            self.entries = sorted(archive.namelist())
            archive.extractall(self.tmp.name)
        self.root = ElementTree.parse(os.path.join(self.tmp.name, "modelDescription.xml")).getroot()
        self.cosimulation = self.root.find("CoSimulation")
        self.identifier = self.cosimulation.get("modelIdentifier")
        self.guid = self.root.get("guid").encode()
        self.variables = {}
        for v in self.root.find("ModelVariables"):
            kind = next(iter(v))
            # An Enumeration is read and written as an Integer.
            tag = "Integer" if kind.tag == "Enumeration" else kind.tag
            self.variables[v.get("name")] = dict(vr=int(v.get("valueReference")), type=tag,
                                                 causality=v.get("causality"),
                                                 variability=v.get("variability"),
                                                 start=kind.get("start"))
        self.lib = ctypes.CDLL(os.path.join(self.tmp.name, "binaries", "linux64",
                                            self.identifier + ".so"))
        f = self.lib
        f.fmi2Instantiate.restype = ctypes.c_void_p
        f.fmi2Instantiate.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.POINTER(Callbacks), ctypes.c_int,
                                      ctypes.c_int]
        f.fmi2FreeInstance.argtypes = [ctypes.c_void_p]
        f.fmi2SetupExperiment.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_double,
                                          ctypes.c_double, ctypes.c_int, ctypes.c_double]
        f.fmi2DoStep.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_int]
        f.fmi2GetRealStatus.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                        ctypes.POINTER(ctypes.c_double)]
        f.fmi2GetTypesPlatform.restype = ctypes.c_char_p
        f.fmi2GetVersion.restype = ctypes.c_char_p
        if hasattr(f, "fmi2HybridDoStep"):
            f.fmi2HybridDoStep.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64,
                                           ctypes.c_int, ctypes.POINTER(ctypes.c_uint64)]
        if hasattr(f, "fmi2GetMaxStepSize"):
            f.fmi2GetMaxStepSize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double)]
        self.c = None

    def close(self):
        if self.c:
            self.lib.fmi2FreeInstance(self.c)
            self.c = None
        self.tmp.cleanup()

    # Calls, with the component implied.
    def call(self, function, *args):
        return getattr(self.lib, "fmi2" + function)(ctypes.c_void_p(self.c), *args)

    def instantiate(self, name=b"test", guid=None):
        self.c = self.lib.fmi2Instantiate(name, 1, guid or self.guid, None,
                                          ctypes.byref(CALLBACKS), 0, 0)
        return self.c

    def start(self, parameters=None, resolution=None, tolerance=None, start_time=0.0):
        assert self.instantiate()
        if resolution is not None:
            assert self.call("SetResolution", resolution) == OK
        assert self.call("SetupExperiment", tolerance is not None, tolerance or 0.0, start_time,
                         0, 0.0) == OK
        assert self.call("EnterInitializationMode") == OK
        for name, value in (parameters or {}).items():
            assert self.set(name, value) == OK, name
        status = self.call("ExitInitializationMode")
        return status

    def _refs(self, names):
        return (ctypes.c_uint * len(names))(*[self.variables[n]["vr"] for n in names])

    def get(self, name, hybrid=False, kind=None):
        kind = kind or self.variables[name]["type"]
        value = (C_TYPES[kind] * 1)()
        status = (ctypes.c_int * 1)(7)
        if hybrid:
            result = self.call(f"GetHybrid{kind}", self._refs([name]), 1, value, status)
        else:
            result = self.call(f"Get{kind}", self._refs([name]), 1, value)
        if result != OK:
            raise RuntimeError(f"fmi2Get{kind} {name}: {result}")
        v = value[0].decode() if kind == "String" else value[0]
        return (v if status[0] == PRESENT else None) if hybrid else v

    def set(self, name, value, kind=None):
        """Sets a value; None sets it absent (hybrid set)."""
        kind = kind or self.variables[name]["type"]
        if kind == "String" and value is not None:
            value = value.encode()
        values = (C_TYPES[kind] * 1)(value if value is not None else C_TYPES[kind]())
        if hasattr(self.lib, f"fmi2SetHybrid{kind}"):
            status = (ctypes.c_int * 1)(ABSENT if value is None else PRESENT)
            return self.call(f"SetHybrid{kind}", self._refs([name]), 1, values, status)
        return self.call(f"Set{kind}", self._refs([name]), 1, values)

    def max_step(self):
        step = ctypes.c_uint64()
        status = self.call("HybridGetMaxStepSize", ctypes.byref(step))
        return status, step.value

    def hybrid_step(self, now, step):
        performed = ctypes.c_uint64()
        status = self.call("HybridDoStep", ctypes.c_uint64(now), ctypes.c_uint64(step), 0,
                           ctypes.byref(performed))
        return status, performed.value

    def real_max_step(self):
        step = ctypes.c_double()
        status = self.call("GetMaxStepSize", ctypes.byref(step))
        return status, step.value

    def last_successful_time(self):
        t = ctypes.c_double()
        assert self.call("GetRealStatus", LAST_SUCCESSFUL_TIME, ctypes.byref(t)) == OK
        return t.value

    def get_state(self, state=None):
        state = state or ctypes.c_void_p()
        assert self.call("GetFMUstate", ctypes.byref(state)) == OK
        return state

    def set_state(self, state):
        assert self.call("SetFMUstate", state) == OK

    def free_state(self, state):
        assert self.call("FreeFMUstate", ctypes.byref(state)) == OK
        assert not state.value


# The tests: one function per behaviour, each given the FMU directory.

tests = []


def test(function):
    tests.append(function)
    return function


def open_fmu(directory, name):
    return Fmu(directory, name)


def make_layout_test(name, category):
    def layout(directory):
        fmu = open_fmu(directory, name)
        try:
            assert fmu.entries == ["binaries/linux64/" + name + ".so", "modelDescription.xml"], \
                fmu.entries
            assert fmu.root.get("fmiVersion") == "2.0"
            assert fmu.root.get("modelName") == name and fmu.identifier == name
            refs = [v["vr"] for v in fmu.variables.values()]
            assert refs == list(range(len(refs))), "value references are the table's indices"
            for function in FMI2:
                assert hasattr(fmu.lib, "fmi2" + function), "fmi2" + function
            exported = [f for f in ALL_HYBRID if hasattr(fmu.lib, "fmi2" + f)]
            assert sorted(exported) == sorted(EXPORTS[category]), \
                f"category {category} exports {exported}"
            for symbol in ("fmu_model", "_fmu_get", "fmu_log"):
                assert not hasattr(fmu.lib, symbol), symbol + " is exported"
            assert fmu.lib.fmi2GetVersion() == b"2.0"
            assert fmu.lib.fmi2GetTypesPlatform() == b"default"
            flags = fmu.cosimulation.attrib
            if category != "0A":
                assert flags["canHandleIntegerTime"] == str(category != "0B").lower()
                assert flags["canGetPreferredResolution"] == str(category in "24").lower()
                assert flags["canSetResolution"] == str(category in "34").lower()
        finally:
            fmu.close()
    layout.__name__ = f"/fmus/{name}/layout-and-exports"
    return layout


def make_description_test(name, category):
    """The library agrees with its description, then a generic run with save and restore."""
    def description(directory):
        fmu = open_fmu(directory, name)
        try:
            assert fmu.start() in (OK, WARNING) or name == "faulty"
            for vname, v in fmu.variables.items():
                value = fmu.get(vname)
                if v["start"] is not None and v["causality"] in ("parameter", "input"):
                    if v["type"] == "Real":
                        assert value == float(v["start"]), (vname, value, v["start"])
                    elif v["type"] == "Integer":
                        assert value == int(v["start"]), (vname, value)
                    elif v["type"] == "Boolean":
                        assert value == (v["start"] == "true"), (vname, value)
                    elif v["type"] == "String":
                        assert value == v["start"], (vname, value)
                # A wrong type is refused.
                other = "Integer" if v["type"] == "Real" else "Real"
                try:
                    fmu.get(vname, kind=other)
                    raise AssertionError(f"{vname} read as {other}")
                except RuntimeError:
                    pass
                if v["causality"] == "output":
                    assert fmu.set(vname, 0 if v["type"] != "String" else "") == ERROR
            # Unknown value reference.
            value = (ctypes.c_double * 1)()
            assert fmu.call("GetReal", (ctypes.c_uint * 1)(999), 1, value) == ERROR

            can_state = fmu.cosimulation.get("canGetAndSetFMUstate") == "true"
            outputs = [n for n, v in fmu.variables.items() if v["causality"] == "output"]
            hybrid = category != "0A"

            def snapshot():
                return [fmu.get(n, hybrid=hybrid) for n in outputs]

            state = fmu.get_state() if can_state else None
            first = run(fmu, category, 5)
            if can_state:
                after = snapshot()
                fmu.set_state(state)
                again = run(fmu, category, 5)
                assert again == first and snapshot() == after, (first, again)
                # Serialization round trip.
                size = ctypes.c_size_t()
                assert fmu.call("SerializedFMUstateSize", state, ctypes.byref(size)) == OK
                data = (ctypes.c_char * size.value)()
                assert fmu.call("SerializeFMUstate", state, data, size) == OK
                copy = ctypes.c_void_p()
                assert fmu.call("DeSerializeFMUstate", data, size, ctypes.byref(copy)) == OK
                fmu.set_state(copy)
                assert run(fmu, category, 5) == first
                if category == "0A":
                    # A master that promised never to go back before the current point
                    # (noSetFMUStatePriorToCurrentPoint) is held to it.
                    assert fmu.call("DoStep", ctypes.c_double(0.5), ctypes.c_double(0.1), 1) == OK
                    assert fmu.call("SetFMUstate", state) == ERROR
                fmu.free_state(copy)
                fmu.free_state(state)
            else:
                assert fmu.call("GetFMUstate", ctypes.byref(ctypes.c_void_p())) == ERROR
            assert fmu.call("Terminate") == OK
            assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(0.1), 0) == ERROR
            assert fmu.call("Reset") == OK
        finally:
            fmu.close()
    description.__name__ = f"/fmus/{name}/description-and-run"
    return description


def run(fmu, category, steps):
    """A few steps, whatever the FMU: returns the outputs seen after each."""
    outputs = [n for n, v in fmu.variables.items() if v["causality"] == "output"]
    seen = []
    if category == "0A":
        t = 0.0
        for _ in range(steps):
            status = fmu.call("DoStep", ctypes.c_double(t), ctypes.c_double(0.1), 0)
            assert status == OK, status
            t += 0.1
            seen.append([fmu.get(n) for n in outputs])
    elif category == "0B":
        t = fmu.last_successful_time()
        for _ in range(steps):
            status, h = fmu.real_max_step()
            assert status == OK
            status = fmu.call("DoStep", ctypes.c_double(t), ctypes.c_double(min(h, 0.3)), 0)
            assert status in (OK, DISCARD)
            t = fmu.last_successful_time()
            seen.append([fmu.get(n, hybrid=True) for n in outputs])
    else:
        now = 0  # every run starts at the first tag, after initialization or a restore
        for _ in range(steps):
            status, h = fmu.max_step()
            assert status == OK
            status, done = fmu.hybrid_step(now, min(h, 10**5))
            assert status in (OK, DISCARD), status
            now += done
            seen.append([fmu.get(n, hybrid=True) for n in outputs])
    return seen


for _name, _category in FMUS.items():
    test(make_layout_test(_name, _category))
    test(make_description_test(_name, _category))


@test
def call_sequence(directory):
    """/fmus/runtime/call-sequence: the FMI 2.0 state machine and argument checks."""
    fmu = open_fmu(directory, "vanderpol")
    try:
        assert fmu.instantiate(guid=b"{wrong}") is None
        assert "GUID" in messages[-1][1]
        assert fmu.instantiate()
        assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(0.1), 0) == ERROR
        assert "not allowed in instantiated" in messages[-1][1]
        assert fmu.call("ExitInitializationMode") == ERROR
        assert fmu.call("SetupExperiment", 0, 0.0, 0.0, 0, 0.0) == OK
        assert fmu.call("EnterInitializationMode") == OK
        assert fmu.call("SetupExperiment", 0, 0.0, 0.0, 0, 0.0) == ERROR
        assert fmu.call("ExitInitializationMode") == OK
        assert fmu.set("x1_0", 5.0) == ERROR  # fixed after initialization
        assert fmu.set("mu", 2.0) == OK  # tunable
        assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(0), 0) == ERROR  # 0A
        assert fmu.call("DoStep", ctypes.c_double(1), ctypes.c_double(0.1), 0) == ERROR
        assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(0.1), 0) == OK
        assert abs(fmu.last_successful_time() - 0.1) < 1e-15
        assert fmu.call("CancelStep") == ERROR
    finally:
        fmu.close()


@test
def vanderpol_accuracy(directory):
    """/fmus/vanderpol/matches-tolerance-version: RK4 and adaptive RK2(3) agree."""
    a, b = open_fmu(directory, "vanderpol"), open_fmu(directory, "vanderpol_tolerance")
    try:
        assert a.start() == OK and b.start(tolerance=1e-9) == OK
        for i in range(20):
            assert a.call("DoStep", ctypes.c_double(i * 0.5), ctypes.c_double(0.5), 0) == OK
            assert b.call("DoStep", ctypes.c_double(i * 0.5), ctypes.c_double(0.5), 0) == OK
        assert abs(a.get("x1") - b.get("x1")) < 1e-5, (a.get("x1"), b.get("x1"))
        assert b.get("substeps") > 1
    finally:
        a.close()
        b.close()


@test
def vanderpol_partial(directory):
    """/fmus/vanderpol_tolerance/partial-progress: fmi2Discard past maxSubsteps."""
    fmu = open_fmu(directory, "vanderpol_tolerance")
    try:
        assert fmu.start({"maxSubsteps": 5}, tolerance=1e-10) == OK
        assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(5.0), 0) == DISCARD
        t = fmu.last_successful_time()
        assert 0 < t < 5.0, t
        assert fmu.call("DoStep", ctypes.c_double(t), ctypes.c_double(1e-3), 0) == OK
    finally:
        fmu.close()


@test
def gain_feedthrough(directory):
    """/fmus/gain/feedthrough: y = k u at once, without a step."""
    fmu = open_fmu(directory, "gain")
    try:
        assert fmu.start({"k": 3.0}) == OK
        assert fmu.set("u", 2.0) == OK
        assert fmu.get("y") == 6.0
        assert fmu.set("k", 4.0) == OK
        assert fmu.get("y") == 8.0
    finally:
        fmu.close()


@test
def passthrough_delay(directory):
    """/fmus/passthrough/updates-at-step: y follows u only at doStep."""
    fmu = open_fmu(directory, "passthrough")
    try:
        assert fmu.start() == OK
        assert fmu.set("u", 1.0) == OK
        assert fmu.get("y") == 0.0
        assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(0.01), 0) == OK
        assert fmu.get("y") == 1.0
    finally:
        fmu.close()


@test
def dahlquist_euler(directory):
    """/fmus/dahlquist/euler: one Euler step per doStep."""
    fmu = open_fmu(directory, "dahlquist")
    try:
        assert fmu.start({"k": 2.0}) == OK
        assert fmu.call("DoStep", ctypes.c_double(0), ctypes.c_double(0.1), 0) == OK
        assert abs(fmu.get("x") - 0.8) < 1e-15
    finally:
        fmu.close()


@test
def faulty_modes(directory):
    """/fmus/faulty/modes: each failAt fails where it says, with a message."""
    def step(fmu, t, h):
        return fmu.call("DoStep", ctypes.c_double(t), ctypes.c_double(h), 0)

    for fail_at, expected in ((1, ERROR), (5, FATAL), (6, DISCARD), (0, OK), (8, PENDING)):
        fmu = open_fmu(directory, "faulty")
        try:
            assert fmu.start({"failAt": fail_at, "failAtTime": 0.25}) == OK
            assert step(fmu, 0.0, 0.2) == OK
            del messages[:]
            assert step(fmu, 0.2, 0.2) == expected, fail_at
            if fail_at and fail_at != 8:
                assert "on purpose" in messages[-1][1]
            if fail_at == 6:
                assert abs(fmu.last_successful_time() - 0.25) < 1e-15
            if expected == ERROR:
                assert step(fmu, 0.2, 0.2) == ERROR  # error phase
            if expected == PENDING:
                # Cancelled, the step leaves the instance as an error would.
                assert fmu.call("CancelStep") == OK
                assert step(fmu, 0.2, 0.2) == ERROR
            if expected == FATAL:
                fmu.c = None  # no call after fmi2Fatal, not even fmi2FreeInstance
        finally:
            fmu.close()
    for fail_at, function in ((2, "get"), (3, "set")):
        fmu = open_fmu(directory, "faulty")
        try:
            assert fmu.start({"failAt": fail_at, "failAtTime": 0.0}) == OK
            assert step(fmu, 0.0, 0.1) == OK
            if function == "get":
                try:
                    fmu.get("y")
                    raise AssertionError("fmi2GetReal did not fail")
                except RuntimeError:
                    pass
            else:
                assert fmu.set("u", 1.0) == ERROR
            assert "on purpose" in messages[-1][1]
        finally:
            fmu.close()
    fmu = open_fmu(directory, "faulty")
    try:
        assert fmu.start({"failAt": 7}) == ERROR
    finally:
        fmu.close()
    fmu = open_fmu(directory, "faulty")
    os.environ["HYCO_FAULTY_FAIL_AT"] = "4"
    try:
        assert fmu.instantiate() is None
        assert "HYCO_FAULTY_FAIL_AT" in messages[-1][1]
    finally:
        del os.environ["HYCO_FAULTY_FAIL_AT"]
        fmu.close()


@test
def figure6(directory):
    """/fmus/fig6/quantization: the FMUs of seed 003 figure 6, as its wrappers drive them."""
    a, b = open_fmu(directory, "fig6_step"), open_fmu(directory, "fig6_event")
    try:
        assert a.start() == OK and b.start() == OK
        # FMU A predicts 0.4 s; the master (r = 0) rounds it up to 1 tick.
        assert a.real_max_step() == (OK, 0.4)
        assert b.real_max_step() == (OK, math.inf)
        assert math.ceil(0.4) == 1
        # FMU B, stepped by 1, stops at 0.8; A is given its 0.4.
        assert b.call("DoStep", ctypes.c_double(0), ctypes.c_double(1.0), 0) == DISCARD
        assert b.last_successful_time() == 0.8 and b.get("y", hybrid=True) is None
        assert a.call("DoStep", ctypes.c_double(0), ctypes.c_double(0.4), 0) == OK
        assert a.get("x", hybrid=True) == 0.0
        # A asks for a zero step; both take it, and the master sees both at t = 1.
        assert a.real_max_step() == (OK, 0.0)
        assert b.call("DoStep", ctypes.c_double(0), ctypes.c_double(1.0), 0) == ERROR  # not at 0
        assert a.call("DoStep", ctypes.c_double(0.4), ctypes.c_double(0.0), 0) == OK
        assert b.call("DoStep", ctypes.c_double(0.8), ctypes.c_double(0.0), 0) == OK
        assert a.get("x", hybrid=True) == 1.0 and b.get("y", hybrid=True) == 1.0
        # Master steps 10: the wrappers make up the lag, 10.6 and 10.2.
        assert a.call("DoStep", ctypes.c_double(0.4), ctypes.c_double(10.6), 0) == OK
        assert b.call("DoStep", ctypes.c_double(0.8), ctypes.c_double(10.2), 0) == OK
        assert a.last_successful_time() == b.last_successful_time() == 11.0
        assert b.get("y", hybrid=True) is None and a.get("x", hybrid=True) == 1.0
    finally:
        a.close()
        b.close()


def start_at(fmu, r, parameters=None):
    """Starts an FMU for a master at resolution 10^r: categories 3 and 4 are told r."""
    return fmu.start(parameters, resolution=r if FMUS[fmu.name] in "34" else None)


class Master:
    """A small FMI-HC master at resolution 10^r for integer-time FMUs, categories 1 to 4:
    fixed FMUs (category 2) get floor-converted steps (seed 003 equation 7). Connections
    (source, output, destination, input) are evaluated in the order given, which the tests
    give topologically; every input is set at every tag (absent when the output is)."""

    def __init__(self, r, fmus, connections):
        self.r, self.fmus, self.connections = r, fmus, connections
        self.now = 0  # master ticks
        for fmu in fmus.values():
            category = FMUS[fmu.name]
            if category == "2":
                k = ctypes.c_int()
                assert fmu.call("GetPreferredResolution", ctypes.byref(k)) == OK
                assert k.value >= r
                fmu.k = k.value
            else:
                fmu.k = r  # categories 3 and 4 were started with start_at(r)
            fmu.ticks = 0

    def propagate(self):
        for source, output, destination, port in self.connections:
            value = self.fmus[source].get(output, hybrid=True)
            assert self.fmus[destination].set(port, value) == OK

    def fmu_step(self, fmu, step):
        """Master step -> FMU step: exact, or floored for a coarser fixed resolution."""
        scale = 10 ** (fmu.k - self.r)
        return (self.now + step) // scale - fmu.ticks

    def advance(self):
        """One tag: propagate, ask every FMU, take the smallest step."""
        self.propagate()
        step = MAX
        for fmu in self.fmus.values():
            status, h = fmu.max_step()
            assert status == OK, (fmu.name, messages[-1:])
            if h != MAX:
                step = min(step, h * 10 ** (fmu.k - self.r))
        return step

    def run(self, end, h_max, observe=None):
        """Runs to @end with steps of at most @h_max, revising a step by bisection when an
        FMU reports an error at the tag it led to (seed 001 algorithm 1); @observe is called
        at every committed tag."""
        saved = {name: (fmu.get_state(), 0) for name, fmu in self.fmus.items()}
        saved_now, last = 0, None
        while self.now < end:
            self.propagate()
            steps = [(fmu, fmu.max_step()) for fmu in self.fmus.values()]
            if any(status != OK for _, (status, _) in steps):
                assert last, "an error at a tag the master did not choose"
                for name, fmu in self.fmus.items():
                    fmu.set_state(saved[name][0])
                    fmu.ticks = saved[name][1]
                self.now = saved_now
                last //= 2
                assert last > 0
                self.step(last)
                continue
            for name, fmu in self.fmus.items():
                saved[name] = (fmu.get_state(saved[name][0]), fmu.ticks)
            saved_now = self.now
            if observe:
                observe(self)
            step = min([h_max, end - self.now]
                       + [h * 10 ** (fmu.k - self.r) for fmu, (_, h) in steps if h != MAX])
            last = step
            self.step(step)
        for name, fmu in self.fmus.items():
            fmu.free_state(saved[name][0])

    def step(self, step):
        for fmu in self.fmus.values():
            local = self.fmu_step(fmu, step) if step > 0 else 0
            status, done = fmu.hybrid_step(fmu.ticks, local)
            assert status == OK and done == local, (fmu.name, status, done, local)
            fmu.ticks += done
        self.now += step


@test
def figure7(directory):
    """/fmus/fig7/quantization: seed 003 figure 7, resolutions 1 s and 10 s: the event at 15
    reaches the sink when its clock says 10, those at 20 and 30 at 20 and 30."""
    source, sink = open_fmu(directory, "fig7_source"), open_fmu(directory, "fig7_sink")
    try:
        assert source.start() == OK and sink.start() == OK
        master = Master(0, {"A": source, "B": sink}, [("A", "y", "B", "x")])
        received = []
        while master.now <= 35:
            step = master.advance()
            if sink.get("y", hybrid=True) is not None:
                received.append((source.get("y", hybrid=True), sink.get("receivedAt")))
            master.step(min(step, 40 - master.now))
        assert received == [(1.0, 10.0), (2.0, 20.0), (3.0, 30.0)], received
        assert sink.get("count") == 3
    finally:
        source.close()
        sink.close()


@test
def generator_and_periodic(directory):
    """/fmus/hc_generator/events-at-kp-1 and hc_periodic: tags of events and breakpoints."""
    gen, per = open_fmu(directory, "hc_generator"), open_fmu(directory, "hc_periodic")
    try:
        assert start_at(gen, -3) == OK and start_at(per, -3, {"p": 0.2}) == OK
        master = Master(-3, {"g": gen, "p": per}, [])
        tags = []
        while master.now <= 400:
            step = master.advance()
            tags.append((master.now, gen.ticks, gen.get("y", hybrid=True),
                         per.get("y", hybrid=True)))
            master.step(step)
        events = [(t, v) for t, _, v, _ in tags if v is not None]
        assert [t for t, _ in events] == [0, 100, 200, 300, 400], events
        # The periodic output: a then b at 200: old value at microstep 0, new from 1.
        at200 = [p for t, _, _, p in tags if t == 200]
        assert at200[:2] == [1.0, -1.0], at200
    finally:
        gen.close()
        per.close()


def event_ordering(directory, n, react=True):
    controller = open_fmu(directory, "hc_controller")
    plant = open_fmu(directory, "hc_time_delay")
    hops = [open_fmu(directory, "hc_passthrough") for _ in range(n)]
    fmus = {"software": controller, "plant": plant}
    fmus.update({f"p{i}": f for i, f in enumerate(hops)})
    try:
        for f in fmus.values():
            assert start_at(f, -3) == OK
        chain = ["software"] + [f"p{i}" for i in range(n)]
        connections = [(a, "e1" if a == "software" else "y", b, "x")
                       for a, b in zip(chain, chain[1:])]
        connections.append((chain[-1], "e1" if n == 0 else "y", "plant", "x"))
        if react:
            connections.append(("plant", "y", "software", "reaction"))
        master = Master(-3, fmus, connections)
        while master.now < 100:
            step = master.advance()
            master.step(min(step, 100 - master.now))
        return controller.get("state"), controller.get("stateName")
    finally:
        for f in fmus.values():
            f.close()


@test
def controller(directory):
    """/fmus/hc_controller/event-ordering: S2 for any number of pass-throughs, S3 without a
    reaction (seed 002)."""
    for n in (0, 1, 6, 10):
        assert event_ordering(directory, n) == (2, "S2"), n
    assert event_ordering(directory, 3, react=False) == (3, "S3")


@test
def zero_delay_feedback(directory):
    """/fmus/hc_integrator_reset/sawtooth: composition test 4.4 with the FMUs: integrator with
    reset of 1, minus 1 into the zero-crossing detector, back through the microstep delay."""
    names = ["hc_constant", "hc_integrator_reset", "hc_adder", "hc_zero_crossing",
             "hc_microstep_delay"]
    one, integ, add, zc, delay = fmus = [open_fmu(directory, n) for n in names]
    minus = open_fmu(directory, "hc_constant")
    try:
        assert one.start() == OK and minus.start({"c": -1.0}) == OK
        assert start_at(integ, -6) == OK and add.start() == OK
        assert start_at(zc, -6, {"tolerance": 1e-5}) == OK and delay.start() == OK
        master = Master(-6, {"one": one, "minus": minus, "i": integ, "a": add, "z": zc,
                             "d": delay},
                        [("one", "y", "i", "x"), ("d", "y", "i", "r"), ("i", "y", "a", "x1"),
                         ("minus", "y", "a", "x2"), ("a", "y", "z", "x"),
                         ("z", "y", "d", "x")])
        trace = []
        master.run(2_500_000, 100_000,
                   lambda m: trace.append((m.now, integ.get("y", hybrid=True))))
        resets = sorted({t for t, y in trace if y == 0.0 and t > 0})
        assert len(resets) == 2, resets
        for k, t in enumerate(resets, 1):
            at = [y for u, y in trace if u == t]
            assert abs(t - k * 1_000_000) <= 10, t  # to the tolerance of the detector
            assert len(at) == 3 and abs(at[0] - 1) < 1e-5 and at[0] == at[1] and at[2] == 0, at
    finally:
        for f in fmus + [minus]:
            f.close()


@test
def microstep_and_time_delay(directory):
    """/fmus/delays: hc_microstep_delay gives (t, n + 1), hc_time_delay (t + d, n)."""
    md, td = open_fmu(directory, "hc_microstep_delay"), open_fmu(directory, "hc_time_delay")
    try:
        assert md.start() == OK and td.start() == OK
        md.ticks = td.ticks = 0
        assert md.set("x", 5.0) == OK and td.set("x", 7.0) == OK
        assert md.get("y", hybrid=True) is None and md.max_step() == (OK, 0)
        assert md.hybrid_step(0, 0) == (OK, 0) and td.hybrid_step(0, 0) == (OK, 0)
        assert md.get("y", hybrid=True) == 5.0
        assert td.max_step() == (OK, 10)
        assert td.hybrid_step(0, 25) == (DISCARD, 10)  # stops at the delayed event
        assert td.get("y", hybrid=True) == 7.0 and td.max_step() == (OK, MAX)  # at (10, 0)
        assert td.hybrid_step(10, 0) == (OK, 0)
        assert td.get("y", hybrid=True) is None
        # An event at (t, 1) comes out at (t + d, 1): a microstep is asked for at (t + d, 0).
        assert td.set("x", 8.0) == OK and td.hybrid_step(10, 5) == (OK, 5)
        assert td.hybrid_step(15, 0) == (OK, 0) and td.set("x", 9.0) == OK
        assert td.hybrid_step(15, 0) == (OK, 0) and td.max_step() == (OK, 5)
        assert td.hybrid_step(15, 10) == (DISCARD, 5)
        assert td.get("y", hybrid=True) is None and td.max_step() == (OK, 0)  # (20, 0)
        assert td.hybrid_step(20, 0) == (OK, 0) and td.get("y", hybrid=True) == 8.0
        assert td.max_step() == (OK, 5) and td.hybrid_step(20, 5) == (OK, 5)
        assert td.get("y", hybrid=True) is None
        assert td.max_step() == (OK, 0) and td.hybrid_step(25, 0) == (OK, 0)
        assert td.get("y", hybrid=True) == 9.0
    finally:
        md.close()
        td.close()


@test
def simple_components(directory):
    """/fmus/reference-components: 3.1 to 3.3, 3.6, 3.7, 3.10, 3.11 at one or two tags."""
    f = {n: open_fmu(directory, n) for n in ("hc_constant", "hc_gain", "hc_adder", "hc_modal",
                                              "hc_zero_order_hold", "hc_sampler",
                                              "hc_integrator", "hc_passthrough")}
    try:
        for fmu in f.values():
            assert fmu.start() == OK
        assert f["hc_constant"].get("y", hybrid=True) == 1.0
        g = f["hc_gain"]
        assert g.set("x", None) == OK and g.get("y", hybrid=True) is None
        assert g.set("x", 3.0) == OK and g.get("y", hybrid=True) == 6.0
        a = f["hc_adder"]
        assert a.set("x1", None) == OK and a.set("x2", None) == OK
        assert a.get("y", hybrid=True) is None
        assert a.set("x2", 4.0) == OK and a.get("y", hybrid=True) == 4.0
        m = f["hc_modal"]
        assert m.set("x", 1.0) == OK and m.get("y", hybrid=True) == 0.0
        assert m.max_step() == (OK, 0)
        assert m.hybrid_step(0, 0) == (OK, 0) and m.get("y", hybrid=True) == 1.0
        h = f["hc_zero_order_hold"]
        assert h.get("y", hybrid=True) is None
        assert h.set("x", 2.0) == OK and h.get("y", hybrid=True) == 2.0
        assert h.hybrid_step(0, 5) == (OK, 5) and h.get("y", hybrid=True) == 2.0
        s = f["hc_sampler"]
        assert s.set("x", 9.0) == OK and s.get("y", hybrid=True) is None
        assert s.set("s", 0.0) == OK and s.get("y", hybrid=True) == 9.0
        i = f["hc_integrator"]
        assert i.call("HybridDoStep", ctypes.c_uint64(0), ctypes.c_uint64(0), 0,
                      ctypes.byref(ctypes.c_uint64())) == OK
        assert i.set("x", 2.0) == OK
        assert i.hybrid_step(0, 500_000_000) == (OK, 500_000_000)
        assert i.get("y", hybrid=True) == 1.0
        p = f["hc_passthrough"]
        assert p.get("y", hybrid=True) is None
        assert p.set("x", 1.5) == OK and p.get("y", hybrid=True) == 1.5
        assert p.hybrid_step(0, 1) == (OK, 1) and p.get("y", hybrid=True) is None
    finally:
        for fmu in f.values():
            fmu.close()


@test
def bouncing_ball(directory):
    """/fmus/hc_bouncing_ball/step-revision: fixed steps tunnel (fmi2Error); bisection with
    state restore locates the impact to the FMU's tolerance (seed 001 section VI)."""
    fmu = open_fmu(directory, "hc_bouncing_ball")
    try:
        assert fmu.start({"tolerance": 1e-4}) == OK
        r = -6
        assert fmu.call("SetResolution", r) in (ERROR,)  # too late: after initialization
        now, impacts, tunnelled = 0, [], 0
        committed = fmu.get_state()
        while now < 1_500_000 and len(impacts) < 2:
            status, h = fmu.max_step()
            assert status == OK
            if h == 0:
                assert fmu.hybrid_step(now, 0) == (OK, 0)
                impacts.append(now)
                fmu.get_state(committed)
                continue
            step = h
            while True:
                status, done = fmu.hybrid_step(now, step)
                if status == OK:
                    break
                assert status == ERROR and "tunnelling" in messages[-1][1]
                tunnelled += 1
                fmu.set_state(committed)
                step //= 2
                assert step > 0
            now += step
            fmu.get_state(committed)
        fmu.free_state(committed)
        first = impacts[0] * 1e-6
        assert tunnelled > 0
        assert abs(first - math.sqrt(2 / 9.81)) < 1e-4, first
        assert fmu.get("bounces") == 2
    finally:
        fmu.close()


@test
def zero_crossing_overshoot(directory):
    """/fmus/hc_zero_crossing/overshoot: a crossing beyond the tolerance is an error."""
    fmu = open_fmu(directory, "hc_zero_crossing")
    try:
        assert fmu.start({"tolerance": 0.01}) == OK
        assert fmu.set("x", -1.0) == OK
        assert fmu.hybrid_step(0, 100) == (OK, 100)
        assert fmu.set("x", -0.5) == OK
        assert fmu.max_step() == (OK, 100)  # the slope's hint
        state = fmu.get_state()
        assert fmu.hybrid_step(100, 100) == (OK, 100)
        assert fmu.set("x", 0.5) == OK
        assert fmu.max_step()[0] == ERROR and "tolerance" in messages[-1][1]
        fmu.set_state(state)
        assert fmu.hybrid_step(100, 100) == (OK, 100)
        assert fmu.set("x", 0.005) == OK
        assert fmu.max_step() == (OK, 0) and fmu.get("y", hybrid=True) is None
        assert fmu.hybrid_step(200, 0) == (OK, 0)
        assert fmu.set("x", 0.005) == OK
        assert fmu.get("y", hybrid=True) == 0.0
        fmu.free_state(state)
    finally:
        fmu.close()


# FMI 3.0 (tests/fmus/fmi3/) ------------------------------------------------------------------

FMUS3 = ["stair3", "ball3", "types3", "clocks3", "periodic3", "vanderpol3", "aperiodic3"]
FMI3 = """GetVersion SetDebugLogging InstantiateCoSimulation FreeInstance EnterInitializationMode
ExitInitializationMode EnterEventMode Terminate Reset GetFloat32 GetFloat64 GetInt8 GetUInt8
GetInt16 GetUInt16 GetInt32 GetUInt32 GetInt64 GetUInt64 GetBoolean GetString GetBinary
SetFloat32 SetFloat64 SetInt8 SetUInt8 SetInt16 SetUInt16 SetInt32 SetUInt32 SetInt64 SetUInt64
SetBoolean SetString SetBinary UpdateDiscreteStates EnterStepMode DoStep GetFMUState SetFMUState
FreeFMUState EnterConfigurationMode ExitConfigurationMode GetClock SetClock
GetIntervalDecimal GetShiftDecimal""".split()
C3 = {"Float32": ctypes.c_float, "Float64": ctypes.c_double, "Int8": ctypes.c_int8,
      "UInt8": ctypes.c_uint8, "Int16": ctypes.c_int16, "UInt16": ctypes.c_uint16,
      "Int32": ctypes.c_int32, "UInt32": ctypes.c_uint32, "Int64": ctypes.c_int64,
      "UInt64": ctypes.c_uint64, "Boolean": ctypes.c_bool, "String": ctypes.c_char_p}
LOG3 = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p)


@LOG3
def logger3(environment, status, category, message):
    messages.append((status, message.decode()))


class Fmu3:
    """An unpacked FMI 3.0 test FMU and one co-simulation instance of it."""

    def __init__(self, directory, name):
        self.name = name
        self.tmp = tempfile.TemporaryDirectory()
        with zipfile.ZipFile(os.path.join(directory, name + ".fmu")) as archive:
            self.entries = sorted(archive.namelist())
            archive.extractall(self.tmp.name)
        self.root = ElementTree.parse(os.path.join(self.tmp.name, "modelDescription.xml")).getroot()
        self.cosimulation = self.root.find("CoSimulation")
        self.identifier = self.cosimulation.get("modelIdentifier")
        self.token = self.root.get("instantiationToken").encode()
        self.variables = {v.get("name"): dict(vr=int(v.get("valueReference")), type=v.tag,
                                              causality=v.get("causality"))
                          for v in self.root.find("ModelVariables")}
        self.lib = ctypes.CDLL(os.path.join(self.tmp.name, "binaries", "x86_64-linux",
                                            self.identifier + ".so"))
        f = self.lib
        f.fmi3GetVersion.restype = ctypes.c_char_p
        f.fmi3InstantiateCoSimulation.restype = ctypes.c_void_p
        f.fmi3InstantiateCoSimulation.argtypes = [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_bool, ctypes.c_bool,
            ctypes.c_bool, ctypes.c_bool, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
            LOG3, ctypes.c_void_p]
        f.fmi3FreeInstance.argtypes = [ctypes.c_void_p]
        f.fmi3EnterInitializationMode.argtypes = [ctypes.c_void_p, ctypes.c_bool, ctypes.c_double,
                                                  ctypes.c_double, ctypes.c_bool, ctypes.c_double]
        f.fmi3DoStep.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_bool,
                                 ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(ctypes.c_bool),
                                 ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(ctypes.c_double)]
        for function in ("ExitInitializationMode", "EnterEventMode", "EnterStepMode", "Terminate",
                         "EnterConfigurationMode", "ExitConfigurationMode"):
            getattr(f, "fmi3" + function).argtypes = [ctypes.c_void_p]
        self.c = None

    def close(self):
        if self.c:
            self.lib.fmi3FreeInstance(self.c)
            self.c = None
        self.tmp.cleanup()

    def call(self, function, *args):
        return getattr(self.lib, "fmi3" + function)(self.c, *args)

    def instantiate(self, event_mode=True, early_return=False, token=None):
        self.c = self.lib.fmi3InstantiateCoSimulation(
            b"test", token or self.token, self.tmp.name.encode() + b"/resources/", False, False,
            event_mode, early_return, None, 0, None, logger3, None)
        return self.c

    def start(self, event_mode=True, early_return=False, configure=None):
        assert self.instantiate(event_mode, early_return)
        if configure:
            assert self.call("EnterConfigurationMode") == OK
            configure()
            assert self.call("ExitConfigurationMode") == OK
        assert self.call("EnterInitializationMode", False, 0.0, 0.0, False, 0.0) == OK
        assert self.call("ExitInitializationMode") == OK

    def get(self, name, n=1):
        v = self.variables[name]
        values = (C3[v["type"]] * n)()
        status = self.call("Get" + v["type"], (ctypes.c_uint32 * 1)(v["vr"]), 1, values, n)
        if status != OK:
            raise RuntimeError(f"fmi3Get{v['type']} {name}: status {status}")
        return values[0] if n == 1 else list(values)

    def set(self, name, values):
        v = self.variables[name]
        values = values if isinstance(values, list) else [values]
        array = (C3[v["type"]] * len(values))(*values)
        return self.call("Set" + v["type"], (ctypes.c_uint32 * 1)(v["vr"]), 1, array, len(values))

    def step(self, now, size):
        event, terminate, early, last = ctypes.c_bool(), ctypes.c_bool(), ctypes.c_bool(), \
            ctypes.c_double()
        status = self.call("DoStep", now, size, False, ctypes.byref(event),
                           ctypes.byref(terminate), ctypes.byref(early), ctypes.byref(last))
        return status, event.value, terminate.value, early.value, last.value

    def update(self):
        flags = [ctypes.c_bool() for _ in range(5)]
        next_time = ctypes.c_double()
        status = self.call("UpdateDiscreteStates", *[ctypes.byref(x) for x in flags],
                           ctypes.byref(next_time))
        needs, terminate, _, _, defined = [x.value for x in flags]
        return status, needs, terminate, next_time.value if defined else None


def make_layout_test3(name):
    def layout(directory):
        fmu = Fmu3(directory, name)
        try:
            assert fmu.entries == ["binaries/x86_64-linux/" + name + ".so",
                                   "modelDescription.xml"], fmu.entries
            assert fmu.root.get("fmiVersion") == "3.0"
            assert fmu.root.get("modelName") == name and fmu.identifier == name
            refs = [v["vr"] for v in fmu.variables.values()]
            assert refs == list(range(len(refs))), "value references are the table's indices"
            for function in FMI3:
                assert hasattr(fmu.lib, "fmi3" + function), "fmi3" + function
            for symbol in ("fmu3_model", "fmu3_log", "fmi2DoStep"):
                assert not hasattr(fmu.lib, symbol), symbol + " is exported"
            assert fmu.lib.fmi3GetVersion() == b"3.0"
            # Another token is refused.
            assert not fmu.instantiate(token=b"{00000000-0000-0000-0000-000000000000}")
        finally:
            fmu.close()
    layout.__name__ = f"/fmus/{name}/layout-and-exports"
    return layout


for _name in FMUS3:
    test(make_layout_test3(_name))


@test
def fmi3_state_machine(directory):
    """/fmus/fmi3/state-machine: calls out of sequence, wrong types and sizes are refused"""
    fmu = Fmu3(directory, "types3")
    try:
        assert fmu.instantiate(event_mode=False)
        assert fmu.step(0.0, 0.1)[0] == ERROR  # before initialization
        assert fmu.call("EnterEventMode") == ERROR
        assert fmu.set("n", 2) == ERROR  # a structural parameter outside configuration mode
        assert fmu.call("EnterConfigurationMode") == OK
        assert fmu.set("n", 2) == OK
        assert fmu.set("u8", 1) == ERROR  # only structural parameters in configuration mode
        assert fmu.call("ExitConfigurationMode") == OK
        assert fmu.call("EnterInitializationMode", False, 0.0, 0.0, False, 0.0) == OK
        assert fmu.call("ExitInitializationMode") == OK
        assert fmu.set("x", [1.0, 2.0, 3.0]) == ERROR  # n is 2 now
        assert fmu.set("x", [1.0, 2.0]) == OK
        assert fmu.get("twice", 2) == [2.0, 4.0] and fmu.get("sum") == 3.0
        value = (ctypes.c_int32 * 1)()
        assert fmu.call("GetInt32", (ctypes.c_uint32 * 1)(fmu.variables["y16"]["vr"]), 1,
                        value, 1) == ERROR  # an Int16 read as Int32
        assert fmu.call("EnterEventMode") == ERROR  # instantiated without event mode
        assert fmu.step(0.0, 0.0)[0] == ERROR
        assert fmu.step(0.5, 0.1)[0] == ERROR  # not where the FMU is
        assert fmu.step(0.0, 0.5) == (OK, False, False, False, 0.5)
        assert fmu.set("y16", 1) == ERROR  # an output
    finally:
        fmu.close()


@test
def fmi3_types(directory):
    """/fmus/types3/values: sized integers, Float32, arrays, strings and Binary"""
    fmu = Fmu3(directory, "types3")
    try:
        fmu.start(event_mode=False)
        assert fmu.get("y16") == 0 and fmu.get("sum") == 6.0
        assert fmu.set("u8", 255) == OK and fmu.get("y16") == 510
        assert fmu.set("u64", 2**64 - 1) == OK and fmu.get("next64") == 0
        assert fmu.set("f32", 0.3) == OK
        assert fmu.get("half32") == ctypes.c_float(ctypes.c_float(0.3).value / 2).value
        assert fmu.get("twice", 3) == [2.0, 4.0, 6.0]
        assert fmu.set("word", b"hello") == OK and fmu.get("reversed") == b"olleh"
        sizes = (ctypes.c_size_t * 1)()
        values = (ctypes.c_void_p * 1)()
        vr = (ctypes.c_uint32 * 1)(fmu.variables["data_reversed"]["vr"])
        assert fmu.call("GetBinary", vr, 1, sizes, values, 1) == OK
        assert ctypes.string_at(values[0], sizes[0]) == b"\x03\x02\x01"
        data = ctypes.create_string_buffer(b"\x0a\x0b", 2)
        assert fmu.call("SetBinary", (ctypes.c_uint32 * 1)(fmu.variables["data"]["vr"]), 1,
                        (ctypes.c_size_t * 1)(2), (ctypes.c_void_p * 1)(ctypes.addressof(data)),
                        1) == OK
        assert fmu.get("data_size") == 2
    finally:
        fmu.close()


@test
def fmi3_stair_events(directory):
    """/fmus/stair3/events: time events in event mode, a second update every third step"""
    fmu = Fmu3(directory, "stair3")
    try:
        fmu.start()
        assert fmu.update() == (OK, False, False, 0.5)  # initialization's event mode
        assert fmu.call("EnterStepMode") == OK
        assert fmu.step(0.0, 0.3) == (OK, False, False, False, 0.3)
        assert fmu.step(0.3, 0.2) == (OK, True, False, False, 0.5)
        assert fmu.call("EnterEventMode") == OK
        assert fmu.update() == (OK, False, False, 1.0) and fmu.get("counter") == 1
        assert fmu.call("EnterStepMode") == OK
        for now in (0.5, 1.0):
            assert fmu.step(now, 0.5)[1]
            assert fmu.call("EnterEventMode") == OK
            status, needs, terminate, _ = fmu.update()
            if not needs:
                assert fmu.call("EnterStepMode") == OK
        # Third step: the carry needs a second update.
        assert (needs, fmu.get("counter"), fmu.get("carries")) == (True, 3, 0)
        assert fmu.update() == (OK, False, False, 2.0) and fmu.get("carries") == 1
        assert fmu.call("EnterStepMode") == OK
        # Without early return, the events inside a step are the FMU's own; the fifth ends it.
        assert fmu.step(1.5, 1.2) == (OK, False, True, False, 2.5)
        assert fmu.get("counter") == 5
    finally:
        fmu.close()
    fmu = Fmu3(directory, "stair3")
    try:
        fmu.start(early_return=True)
        fmu.update()
        assert fmu.call("EnterStepMode") == OK
        # Early return: a step past two events stops at the first.
        assert fmu.step(0.0, 1.2) == (OK, True, False, True, 0.5)
        assert fmu.call("EnterEventMode") == OK
        assert fmu.update()[0] == OK and fmu.get("counter") == 1
    finally:
        fmu.close()


@test
def fmi3_clocks(directory):
    """/fmus/clocks3/ticks: an input clock with its clocked input, output clocks"""
    fmu = Fmu3(directory, "clocks3")
    try:
        fmu.start()
        vr = lambda name: (ctypes.c_uint32 * 1)(fmu.variables[name]["vr"])
        clock = (ctypes.c_bool * 1)()
        assert fmu.update() == (OK, False, False, 1.0)
        assert fmu.set("u", 4) == ERROR  # clocked: only at a tick of trigger
        assert fmu.call("SetClock", vr("trigger"), 1, (ctypes.c_bool * 1)(True)) == OK
        assert fmu.set("u", 4) == OK
        assert fmu.call("GetClock", vr("even"), 1, clock) == OK and clock[0]
        assert fmu.get("doubled") == 8
        assert fmu.call("SetClock", vr("even"), 1, (ctypes.c_bool * 1)(True)) == ERROR
        assert fmu.update()[0] == OK and fmu.get("total") == 4
        # The update ended the ticks.
        assert fmu.call("GetClock", vr("trigger"), 1, clock) == OK and not clock[0]
        assert fmu.call("EnterStepMode") == OK
        assert fmu.step(0.0, 1.0) == (OK, True, False, False, 1.0)
        assert fmu.call("EnterEventMode") == OK
        assert fmu.call("GetClock", vr("alarm"), 1, clock) == OK and clock[0]
        assert fmu.get("alarms") == 1
        assert fmu.update() == (OK, False, False, None)
    finally:
        fmu.close()


@test
def fmi3_ball_early_return(directory):
    """/fmus/ball3/early-return: an impact inside a step, with and without early return"""
    fmu = Fmu3(directory, "ball3")
    try:
        fmu.start(early_return=True)
        assert fmu.update()[0] == OK and fmu.call("EnterStepMode") == OK
        state = ctypes.c_void_p()
        assert fmu.call("GetFMUState", ctypes.byref(state)) == OK
        assert fmu.step(0.0, 1.2) == (OK, True, False, True, 1.0)
        assert fmu.get("v") == -10.0 and fmu.get("h") == 0.0
        assert fmu.call("EnterEventMode") == OK and fmu.update()[0] == OK
        assert fmu.get("v") == 7.0
        # Restored, the step to the impact ends there with the event.
        assert fmu.call("SetFMUState", state) == OK
        assert fmu.step(0.0, 1.0) == (OK, True, False, False, 1.0)
        assert fmu.call("FreeFMUState", ctypes.byref(state)) == OK
    finally:
        fmu.close()
    fmu = Fmu3(directory, "ball3")
    try:
        fmu.start(early_return=False)
        fmu.update()
        assert fmu.call("EnterStepMode") == OK
        # No early return: the FMU bounces within the step.
        status, event, _, early, last = fmu.step(0.0, 1.2)
        assert (status, event, early, last) == (OK, False, False, 1.2)
        assert abs(fmu.get("v") - 5.0) < 1e-12 and abs(fmu.get("h") - 1.2) < 1e-12
    finally:
        fmu.close()
# Model Exchange test FMUs (tests/fmus/me/): name -> (states, event indicators).
ME_FMUS = {"bouncing_ball_me": (["h", "v"], 1), "stiff_me": (["x", "y"], 0),
           "time_event_me": (["x"], 0), "step_event_me": (["x"], 0), "types_me": (["x"], 0)}
FMI2_ME = """EnterEventMode NewDiscreteStates EnterContinuousTimeMode CompletedIntegratorStep SetTime
SetContinuousStates GetDerivatives GetEventIndicators GetContinuousStates
GetNominalsOfContinuousStates""".split()
FMI2_COMMON = FMI2[:FMI2.index("GetFMUstate")]
MODEL_EXCHANGE = 0


class EventInfo(ctypes.Structure):
    _fields_ = [("newDiscreteStatesNeeded", ctypes.c_int), ("terminateSimulation", ctypes.c_int),
                ("nominalsOfContinuousStatesChanged", ctypes.c_int),
                ("valuesOfContinuousStatesChanged", ctypes.c_int),
                ("nextEventTimeDefined", ctypes.c_int), ("nextEventTime", ctypes.c_double)]


def open_me(directory, name):
    """The unpacked ME FMU: (archive entries, description root, library, temporary directory)."""
    tmp = tempfile.TemporaryDirectory()
    with zipfile.ZipFile(os.path.join(directory, name + ".fmu")) as archive:
        entries = sorted(archive.namelist())
        archive.extractall(tmp.name)
    root = ElementTree.parse(os.path.join(tmp.name, "modelDescription.xml")).getroot()
    lib = ctypes.CDLL(os.path.join(tmp.name, "binaries", "linux64", name + ".so"))
    lib.fmi2Instantiate.restype = ctypes.c_void_p
    lib.fmi2Instantiate.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                    ctypes.c_char_p, ctypes.POINTER(Callbacks), ctypes.c_int,
                                    ctypes.c_int]
    for function in FMI2_ME + FMI2_COMMON[4:]:
        getattr(lib, "fmi2" + function).argtypes = None
    lib.fmi2FreeInstance.argtypes = [ctypes.c_void_p]
    lib.fmi2SetupExperiment.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_double,
                                        ctypes.c_double, ctypes.c_int, ctypes.c_double]
    lib.fmi2SetTime.argtypes = [ctypes.c_void_p, ctypes.c_double]
    return entries, root, lib, tmp


def me_test(name):
    def wrap(function):
        def run(directory):
            function(directory, name)
        run.__name__ = f"/me/{name}/{function.__name__}"
        tests.append(run)
        return function
    return wrap


def check_me_archive(directory, name):
    """The archive, the description's ModelExchange element and states, the exports."""
    entries, root, lib, tmp = open_me(directory, name)
    states, indicators = ME_FMUS[name]
    assert entries == ["binaries/linux64/" + name + ".so", "modelDescription.xml"], entries
    assert root.find("CoSimulation") is None
    assert root.find("ModelExchange").get("modelIdentifier") == name
    assert int(root.get("numberOfEventIndicators")) == indicators
    variables = list(root.find("ModelVariables"))
    derived = [variables[int(u.get("index")) - 1]
               for u in root.find("ModelStructure").find("Derivatives")]
    named = [variables[int(next(iter(v)).get("derivative")) - 1].get("name") for v in derived]
    assert named == states, named
    for function in FMI2_COMMON + FMI2_ME:
        assert hasattr(lib, "fmi2" + function), function
    for function in ("DoStep", "HybridDoStep"):
        assert not hasattr(lib, "fmi2" + function), function


def check_me_protocol(directory, name):
    """A run by the book, and calls out of place refused (the strict state machine)."""
    entries, root, lib, tmp = open_me(directory, name)
    states, indicators = ME_FMUS[name]
    n = len(states)
    guid = root.get("guid").encode()
    assert lib.fmi2Instantiate(b"cosim", 1, guid, b"", ctypes.byref(CALLBACKS), 0, 0) is None
    c = lib.fmi2Instantiate(b"me", MODEL_EXCHANGE, guid, b"", ctypes.byref(CALLBACKS), 0, 0)
    assert c
    try:
        x = (ctypes.c_double * n)()
        dx = (ctypes.c_double * n)()
        info = EventInfo()
        assert lib.fmi2SetupExperiment(c, 0, 0.0, 0.0, 0, 0.0) == OK
        assert lib.fmi2EnterInitializationMode(ctypes.c_void_p(c)) == OK
        assert lib.fmi2ExitInitializationMode(ctypes.c_void_p(c)) == OK
        # Event mode: the states cannot be set, continuous-time mode waits for the iteration.
        assert lib.fmi2EnterContinuousTimeMode(ctypes.c_void_p(c)) == ERROR
    finally:
        lib.fmi2FreeInstance(c)
    c = lib.fmi2Instantiate(b"me", MODEL_EXCHANGE, guid, b"", ctypes.byref(CALLBACKS), 0, 0)
    try:
        assert lib.fmi2SetupExperiment(c, 0, 0.0, 0.0, 0, 0.0) == OK
        assert lib.fmi2EnterInitializationMode(ctypes.c_void_p(c)) == OK
        assert lib.fmi2ExitInitializationMode(ctypes.c_void_p(c)) == OK
        assert lib.fmi2SetContinuousStates(ctypes.c_void_p(c), x, ctypes.c_size_t(n)) == ERROR
    finally:
        lib.fmi2FreeInstance(c)
    c = lib.fmi2Instantiate(b"me", MODEL_EXCHANGE, guid, b"", ctypes.byref(CALLBACKS), 0, 0)
    try:
        assert lib.fmi2SetupExperiment(c, 0, 0.0, 0.0, 0, 0.0) == OK
        assert lib.fmi2EnterInitializationMode(ctypes.c_void_p(c)) == OK
        assert lib.fmi2ExitInitializationMode(ctypes.c_void_p(c)) == OK
        info.newDiscreteStatesNeeded = 1
        while info.newDiscreteStatesNeeded:
            assert lib.fmi2NewDiscreteStates(ctypes.c_void_p(c), ctypes.byref(info)) == OK
        assert lib.fmi2EnterContinuousTimeMode(ctypes.c_void_p(c)) == OK
        assert lib.fmi2GetContinuousStates(ctypes.c_void_p(c), x, ctypes.c_size_t(n)) == OK
        starts = [float(next(iter(v)).get("start")) for v in root.find("ModelVariables")
                  if v.get("name") in states]
        assert list(x) == starts, (list(x), starts)
        assert lib.fmi2SetTime(c, 0.25) == OK
        assert lib.fmi2SetContinuousStates(ctypes.c_void_p(c), x, ctypes.c_size_t(n)) == OK
        assert lib.fmi2GetDerivatives(ctypes.c_void_p(c), dx, ctypes.c_size_t(n)) == OK
        # A wrong count is refused.
        assert lib.fmi2GetDerivatives(ctypes.c_void_p(c), dx, ctypes.c_size_t(n + 1)) == ERROR
    finally:
        lib.fmi2FreeInstance(c)
    if name == "bouncing_ball_me":
        assert list(dx) == [0.0, -9.81], list(dx)
    if name == "time_event_me":
        assert list(dx) == [1.0] and info.nextEventTimeDefined and info.nextEventTime == 0.5


for _name in ME_FMUS:
    me_test(_name)(check_me_archive)
    me_test(_name)(check_me_protocol)


# FMI 3.0 Model Exchange (tests/fmus/me/, the same models on me3-runtime.c): name -> (states,
# event indicators).
ME3_FMUS = {"bouncing_ball_me3": (["h", "v"], 1), "stiff_me3": (["x", "y"], 0),
            "time_event_me3": (["x"], 0), "types_me3": (["x"], 0)}
FMI3_ME = """InstantiateModelExchange EnterEventMode UpdateDiscreteStates EnterContinuousTimeMode
CompletedIntegratorStep SetTime SetContinuousStates GetContinuousStateDerivatives
GetEventIndicators GetContinuousStates GetNominalsOfContinuousStates
GetNumberOfEventIndicators GetNumberOfContinuousStates""".split()


class Fmu3ModelExchange(Fmu3):
    """An unpacked FMI 3.0 Model Exchange test FMU and one instance of it."""

    def __init__(self, directory, name):
        self.name = name
        self.tmp = tempfile.TemporaryDirectory()
        with zipfile.ZipFile(os.path.join(directory, name + ".fmu")) as archive:
            self.entries = sorted(archive.namelist())
            archive.extractall(self.tmp.name)
        self.root = ElementTree.parse(os.path.join(self.tmp.name, "modelDescription.xml")).getroot()
        self.identifier = self.root.find("ModelExchange").get("modelIdentifier")
        self.token = self.root.get("instantiationToken").encode()
        self.variables = {v.get("name"): dict(vr=int(v.get("valueReference")), type=v.tag,
                                              causality=v.get("causality"))
                          for v in self.root.find("ModelVariables")}
        self.lib = ctypes.CDLL(os.path.join(self.tmp.name, "binaries", "x86_64-linux",
                                            self.identifier + ".so"))
        f = self.lib
        f.fmi3GetVersion.restype = ctypes.c_char_p
        f.fmi3InstantiateModelExchange.restype = ctypes.c_void_p
        f.fmi3InstantiateModelExchange.argtypes = [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_bool, ctypes.c_bool,
            ctypes.c_void_p, LOG3]
        f.fmi3FreeInstance.argtypes = [ctypes.c_void_p]
        f.fmi3EnterInitializationMode.argtypes = [ctypes.c_void_p, ctypes.c_bool, ctypes.c_double,
                                                  ctypes.c_double, ctypes.c_bool, ctypes.c_double]
        f.fmi3SetTime.argtypes = [ctypes.c_void_p, ctypes.c_double]
        f.fmi3CompletedIntegratorStep.argtypes = [ctypes.c_void_p, ctypes.c_bool,
                                                  ctypes.POINTER(ctypes.c_bool),
                                                  ctypes.POINTER(ctypes.c_bool)]
        for function in ("SetContinuousStates", "GetContinuousStateDerivatives",
                         "GetEventIndicators", "GetContinuousStates",
                         "GetNominalsOfContinuousStates"):
            getattr(f, "fmi3" + function).argtypes = [ctypes.c_void_p,
                                                      ctypes.POINTER(ctypes.c_double),
                                                      ctypes.c_size_t]
        for function in ("ExitInitializationMode", "EnterEventMode", "EnterContinuousTimeMode",
                         "Terminate"):
            getattr(f, "fmi3" + function).argtypes = [ctypes.c_void_p]
        self.c = None

    def instantiate(self, token=None):
        self.c = self.lib.fmi3InstantiateModelExchange(
            b"test", token or self.token, self.tmp.name.encode() + b"/resources/", False, False,
            None, logger3)
        return self.c

    def initialize(self, start=0.0):
        """Instantiated to Continuous-Time Mode, through the initial event iteration; what the
        last fmi3UpdateDiscreteStates said of the next time event."""
        assert self.instantiate()
        assert self.call("EnterInitializationMode", False, 0.0, start, False, 0.0) == OK
        assert self.call("ExitInitializationMode") == OK
        while True:
            status, needs, terminate, next_time = self.update()
            assert status == OK and not terminate
            if not needs:
                break
        assert self.call("EnterContinuousTimeMode") == OK
        return next_time

    def vector(self, function, n):
        values = (ctypes.c_double * n)()
        status = self.call(function, values, n)
        return status, list(values)


def me3_test(name):
    def wrap(function):
        def run(directory):
            function(directory, name)
        run.__name__ = f"/me3/{name}/{function.__name__}"
        tests.append(run)
        return function
    return wrap


def check_me3_archive(directory, name):
    """The archive, the ModelExchange element, the states named through the derivatives'
    derivative attributes (value references), the exports: no co-simulation."""
    fmu = Fmu3ModelExchange(directory, name)
    try:
        states, indicators = ME3_FMUS[name]
        assert fmu.entries == ["binaries/x86_64-linux/" + name + ".so",
                               "modelDescription.xml"], fmu.entries
        assert fmu.root.get("fmiVersion") == "3.0"
        assert fmu.root.find("CoSimulation") is None
        assert fmu.identifier == name
        by_vr = {int(v.get("valueReference")): v for v in fmu.root.find("ModelVariables")}
        structure = fmu.root.find("ModelStructure")
        named = [by_vr[int(by_vr[int(d.get("valueReference"))].get("derivative"))].get("name")
                 for d in structure.findall("ContinuousStateDerivative")]
        assert named == states, named
        assert len(structure.findall("EventIndicator")) == indicators
        assert fmu.lib.fmi3GetVersion() == b"3.0"
        for function in FMI3_ME:
            assert hasattr(fmu.lib, "fmi3" + function), function
        for function in ("InstantiateCoSimulation", "DoStep", "EnterStepMode"):
            assert not hasattr(fmu.lib, "fmi3" + function), function
    finally:
        fmu.close()


def check_me3_protocol(directory, name):
    """A run by the book, and calls out of place refused: the FMI 3.0 ME state machine."""
    states, indicators = ME3_FMUS[name]
    n = len(states)
    refused = [
        # After initialization: Event Mode, where neither time nor states are set, and
        # continuous time waits for the event iteration.
        ("EnterContinuousTimeMode", ()),
        ("SetTime", (0.1,)),
        ("SetContinuousStates", ((ctypes.c_double * n)(), n)),
        ("CompletedIntegratorStep", (True, ctypes.byref(ctypes.c_bool()),
                                     ctypes.byref(ctypes.c_bool()))),
    ]
    for function, args in refused:
        fmu = Fmu3ModelExchange(directory, name)
        try:
            assert fmu.instantiate()
            # Event mode cannot be entered before initialization.
            assert fmu.call("EnterInitializationMode", False, 0.0, 0.0, False, 0.0) == OK
            assert fmu.call("ExitInitializationMode") == OK
            del messages[:]
            assert fmu.call(function, *args) == ERROR, function
            assert "not allowed in Event Mode" in messages[-1][1] \
                or "before the event iteration ended" in messages[-1][1], messages
            # After the error, the instance refuses everything.
            assert fmu.update()[0] == ERROR
        finally:
            fmu.close()
    fmu = Fmu3ModelExchange(directory, name)
    try:
        assert fmu.instantiate(token=b"{wrong}") is None
        fmu.c = None
        next_time = fmu.initialize()
        count = (ctypes.c_size_t(), ctypes.c_size_t())
        assert fmu.call("GetNumberOfContinuousStates", ctypes.byref(count[0])) == OK
        assert fmu.call("GetNumberOfEventIndicators", ctypes.byref(count[1])) == OK
        assert (count[0].value, count[1].value) == (n, indicators)
        status, x = fmu.vector("GetContinuousStates", n)
        starts = [float(fmu.root.find("ModelVariables")[i].get("start"))
                  for s in states for i, v in enumerate(fmu.root.find("ModelVariables"))
                  if v.get("name") == s]
        assert status == OK and x == starts, (x, starts)
        status, nominals = fmu.vector("GetNominalsOfContinuousStates", n)
        assert status == OK
        assert nominals == ([1.0, 0.1] if name == "stiff_me3" else [1.0] * n), nominals
        assert fmu.call("SetTime", 0.25) == OK
        assert fmu.call("SetContinuousStates", (ctypes.c_double * n)(*x), n) == OK
        status, dx = fmu.vector("GetContinuousStateDerivatives", n)
        assert status == OK
        # A wrong count is refused.
        assert fmu.vector("GetContinuousStateDerivatives", n + 1)[0] == ERROR
    finally:
        fmu.close()
    if name == "bouncing_ball_me3":
        assert dx == [0.0, -9.81], dx
    if name == "time_event_me3":
        assert dx == [1.0] and next_time == 0.5, (dx, next_time)
    if name == "stiff_me3":
        # x' = -k (x - cos t) - sin t, y' = -y at t = 0.25, x = y = 1.
        expected = [-1e4 * (1 - math.cos(0.25)) - math.sin(0.25), -1.0]
        assert all(abs(a - b) < 1e-9 for a, b in zip(dx, expected)), dx


def me3_event_iteration(directory):
    """/me3/time_event_me3/event_iteration: a time event from Continuous-Time Mode, its two
    iteration steps (u flips, then count), the next event one period on; fmi3EnterEventMode
    only from Continuous-Time Mode."""
    fmu = Fmu3ModelExchange(directory, "time_event_me3")
    try:
        assert fmu.initialize() == 0.5
        assert fmu.get("u") == 1.0 and fmu.get("count") == 0.0
        enter, terminate = ctypes.c_bool(), ctypes.c_bool()
        assert fmu.call("SetTime", 0.5) == OK
        assert fmu.call("SetContinuousStates", (ctypes.c_double * 1)(0.5), 1) == OK
        assert fmu.call("CompletedIntegratorStep", True, ctypes.byref(enter),
                        ctypes.byref(terminate)) == OK
        assert not enter.value and not terminate.value
        assert fmu.call("EnterEventMode") == OK
        assert fmu.update() == (OK, True, False, 0.5)
        assert fmu.get("u") == -1.0 and fmu.get("count") == 0.0
        assert fmu.update() == (OK, False, False, 1.0)
        assert fmu.get("count") == 1.0
        assert fmu.call("EnterContinuousTimeMode") == OK
        assert fmu.call("Terminate") == OK
        assert fmu.call("EnterEventMode") == ERROR
    finally:
        fmu.close()


def me3_typed_values(directory):
    """/me3/types_me3/typed_values: each type's own getter and setter; a discrete input set in
    Event Mode and its output computed by the iteration step; set in Continuous-Time Mode, or
    reached through another type's call, refused."""
    fmu = Fmu3ModelExchange(directory, "types_me3")
    try:
        fmu.initialize()
        assert (fmu.get("twice"), fmu.get("next64"), fmu.get("events")) == (2, 1, 1)
        assert fmu.call("EnterEventMode") == OK
        assert fmu.set("n", -7) == OK and fmu.set("u64", 2**64 - 2) == OK
        assert fmu.set("f32", 0.5) == OK and fmu.set("flag", True) == OK
        assert fmu.update()[:3] == (OK, False, False)
        assert (fmu.get("twice"), fmu.get("next64"), fmu.get("half32"), fmu.get("not_flag"),
                fmu.get("events")) == (-14, 2**64 - 1, 0.25, False, 2)
        assert fmu.call("GetInt32", (ctypes.c_uint32 * 1)(fmu.variables["n"]["vr"]), 1,
                        (ctypes.c_int32 * 1)(), 1) == ERROR
    finally:
        fmu.close()
    fmu = Fmu3ModelExchange(directory, "types_me3")
    try:
        fmu.initialize()
        assert fmu.set("n", 3) == ERROR
    finally:
        fmu.close()


for _name in ME3_FMUS:
    me3_test(_name)(check_me3_archive)
    me3_test(_name)(check_me3_protocol)
me3_event_iteration.__name__ = "/me3/time_event_me3/event_iteration"
tests.append(me3_event_iteration)
tests.append(me3_typed_values)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.environ["HYCO_TEST_FMU_DIR"]
    print(f"1..{len(tests)}")
    failures = 0
    for number, function in enumerate(tests, 1):
        name = function.__name__ if function.__name__.startswith("/") else \
            (function.__doc__ or function.__name__).split(":")[0].strip()
        try:
            function(directory)
            print(f"ok {number} {name}")
        except Exception:
            failures += 1
            print(f"not ok {number} {name}")
            for line in traceback.format_exc().splitlines():
                print("# " + line)
            for status, message in messages[-3:]:
                print(f"#   FMU said ({status}): {message}")
        del messages[:]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
