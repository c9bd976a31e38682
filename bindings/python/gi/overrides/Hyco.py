# Hyco.py: PyGObject overrides that make Hyco idiomatic in Python.
#
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Python conveniences on top of the introspected Hyco API. Everything here calls the
public C API; nothing is needed that C cannot do.

- Actors written in Python: subclass ``Hyco.Actor``, declare ports in ``__ports__``, override
  ``do_fire``/``do_postfire`` (and ``do_is_strict``/``do_output_depends_on``). An exception
  in a fallible method becomes the run's error, with the Python message and traceback.
- Directors written in Python: subclass ``Hyco.Director`` and override ``do_prefire``,
  ``do_fire``, ``do_postfire``, ``do_fire_at``... with the director kit; exceptions as for
  actors.
- Keyword parameters: ``actor.set_parameters(period=0.1)``,
  ``top.add_actor_by_class("DiscreteClock", "Clock", period="0.1")``,
  ``top.set_director_by_class("DEDirector", stopTime=10)``.
- Iteration: ``for actor in composite``, ``composite["Inner.Clock"]``, ``"Clock" in composite``.
- Results as numpy arrays without a Python call per sample (``results.get_arrays(signal)``)
  and as lists of ``(time, microstep, value)`` (``results.get_samples(signal)``).
- ``with model:`` guarantees that no asynchronous run is left going when the block ends.
"""
import collections
import functools
import traceback

from gi.repository import Gio, GLib, GObject

from ..module import get_introspection_module
from ..overrides import override

Hyco = get_introspection_module("Hyco")

__all__ = []

# The quark name of HYCO_ACTOR_ERROR (G_DEFINE_QUARK in hyco-actor.c).
_ACTOR_ERROR_DOMAIN = "hyco-actor-error-quark"

# The actor methods that can fail with a GError, and so can report a Python exception.
_FALLIBLE_VFUNCS = ("do_preinitialize", "do_initialize", "do_fire", "do_postfire", "do_wrapup")
# The same for directors, whose prefire and fire_at can fail too.
_DIRECTOR_FALLIBLE_VFUNCS = _FALLIBLE_VFUNCS + ("do_prefire", "do_fire_at")


def _parameter_text(value):
    """A Python value as a parameter's text: booleans as true/false, sequences as {a, b}."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "{" + ", ".join(_parameter_text(item) for item in value) + "}"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _seconds(ticks, resolution):
    """Ticks (an int or a numpy array) in seconds, as hyco_time_to_seconds() computes them:
    dividing by an exact power of ten keeps 0.1 s the double nearest 0.1."""
    if resolution < 0:
        return ticks / float(10 ** -resolution)
    return ticks * float(10**resolution)


def _set_parameters(owner, params):
    for name, value in params.items():
        Hyco.param_set_from_string(owner, name, _parameter_text(value))


def _actor_name(actor):
    return actor.get_full_name() or actor.get_name()


def _director_name(director):
    container = director.get_container()
    if container is None:
        return director.get_name()
    return "%s: %s" % (_actor_name(container), director.get_name())


def _reporting(method, describe=_actor_name):
    """Wraps an actor or director method so that a Python exception fails the run with a
    GError whose message holds the owner's name (from ``describe``), the exception and its
    traceback (PyGObject alone prints the traceback and returns FALSE without an error)."""

    @functools.wraps(method)
    def wrapper(self, *args):
        try:
            result = method(self, *args)
        except GLib.Error:
            raise
        except Exception as exc:  # noqa: BLE001 - every failure must reach the run
            name = describe(self)
            # Leave out this wrapper's own frame.
            tb = exc.__traceback__.tb_next if exc.__traceback__ else None
            text = "".join(traceback.format_exception(type(exc), exc, tb))
            message = "%s: %s: %s\n%s" % (name, type(exc).__name__, exc, text.rstrip("\n"))
            raise GLib.Error(message, _ACTOR_ERROR_DOMAIN, int(Hyco.ActorError.FAILED)) from exc
        if result is None:
            return True
        if isinstance(result, Hyco.Tag):  # fire_at may return just the granted tag
            return True, result
        return result

    wrapper._hyco_reporting = True
    return wrapper


def _wrap_fallible(cls, names, describe):
    # Before PyGObject's metaclass hooks the vfuncs up, so that it hooks the wrappers.
    for name in names:
        method = cls.__dict__.get(name)
        if callable(method) and hasattr(method, "__code__") and not hasattr(
            method, "_hyco_reporting"
        ):
            setattr(cls, name, _reporting(method, describe))


class Actor(Hyco.Actor):
    """The actor base class. A Python actor declares its ports in ``__ports__``, a dict from
    port name to ``Hyco.PortFlags``, and may return nothing from its fallible methods (``None``
    counts as success)::

        class MovingAverage(Hyco.Actor):
            __gtype_name__ = "MovingAverage"
            __ports__ = {"input": Hyco.PortFlags.INPUT, "output": Hyco.PortFlags.OUTPUT}

            def do_fire(self): ...        # may run many times per tag: no state change
            def do_postfire(self): ...    # once per tag: commit state here
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _wrap_fallible(cls, _FALLIBLE_VFUNCS, _actor_name)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Also runs when C creates the actor (a model file): PyGObject calls __init__ then.
        for klass in reversed(type(self).__mro__):
            for name, flags in klass.__dict__.get("__ports__", {}).items():
                if self.get_port(name) is None:
                    self.add_port(name, flags)

    def set_parameters(self, **params):
        """Sets parameters from keyword arguments, each parsed as a model file's text would be
        (``period=0.1``, ``value="{1, 2}"``, ``enabled=True``)."""
        _set_parameters(self, params)


Actor = override(Actor)
__all__.append("Actor")


class Director(Hyco.Director):
    """The director base class. A Python director overrides the virtual methods of its model
    of computation with the director kit (``run_schedule``, ``postfire_fired``,
    ``set_current_tag``, ``Hyco.EventQueue``, ...); its fallible methods may return nothing
    (``None`` counts as success, ``do_fire_at`` may return just the granted tag), and an
    exception fails the run with the Python message and traceback::

        class Tick(Hyco.Director):
            __gtype_name__ = "Tick"

            def do_prefire(self): ...     # at the top level: choose the next tag
            def do_fire(self):
                self.run_schedule()
            def do_postfire(self):
                self.postfire_fired()
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _wrap_fallible(cls, _DIRECTOR_FALLIBLE_VFUNCS, _director_name)

    def set_parameters(self, **params):
        """Sets parameters from keyword arguments (``stopTime=10``)."""
        _set_parameters(self, params)


Director = override(Director)
__all__.append("Director")


class CompositeActor(Hyco.CompositeActor):
    """A composite iterates over its actors and looks them up by path: ``for a in top``,
    ``top["Inner.Clock"]``, ``"Clock" in top``."""

    def __iter__(self):
        return iter(self.get_actors())

    def __getitem__(self, path):
        actor = self.lookup_actor(path)
        if actor is None:
            raise KeyError(path)
        return actor

    def __contains__(self, path):
        return self.lookup_actor(path) is not None

    def add_actor_by_class(self, class_name, name, **params):
        """Creates an actor of a registered class (``"DiscreteClock"``, or a Python actor's
        registered name), adds it, and sets its parameters from keyword arguments.

        Returns the actor."""
        gtype = Hyco.registry_lookup(class_name)
        if gtype == GObject.TYPE_INVALID or not gtype.is_a(Hyco.Actor):
            raise ValueError("no actor class named %r" % class_name)
        actor = GObject.new(gtype, name=name)
        self.add_actor(actor)
        actor.set_parameters(**params)
        return actor

    def set_director_by_class(self, class_name, **params):
        """Creates a director of a registered class (``"DEDirector"``), gives it to this
        composite, and sets its parameters from keyword arguments. Returns the director."""
        gtype = Hyco.registry_lookup(class_name)
        if gtype == GObject.TYPE_INVALID or not gtype.is_a(Hyco.Director):
            raise ValueError("no director class named %r" % class_name)
        director = GObject.new(gtype)
        self.set_director(director)
        director.set_parameters(**params)
        return director

    def connect_ports(self, source, destination):
        """Connects two ports, given as ports or as paths below this composite
        (``"Clock.output"``)."""
        ports = []
        for port in (source, destination):
            if isinstance(port, str):
                found = self.lookup_port(port)
                if found is None:
                    raise KeyError(port)
                port = found
            ports.append(port)
        return Hyco.CompositeActor.connect_ports(self, *ports)


CompositeActor = override(CompositeActor)
__all__.append("CompositeActor")


SignalArrays = collections.namedtuple("SignalArrays", "times ticks microsteps values present")
SignalArrays.__doc__ = """One recorded signal as numpy arrays, a sample per tag at which its
actor fired: ``times`` (seconds, float64), ``ticks`` (exact time, int64), ``microsteps``
(uint64), ``values`` (float64, NaN where absent) and ``present`` (bool)."""
__all__.append("SignalArrays")


class Results(Hyco.Results):
    def __contains__(self, signal):
        return self.has_signal(signal)

    def _column(self, getter, signal, dtype):
        import numpy

        if not self.has_signal(signal):
            raise KeyError(signal)
        data = getter(self, signal).get_data()
        return numpy.frombuffer(data, dtype=dtype).copy()

    def get_arrays(self, signal):
        """Returns the signal's samples as a SignalArrays of numpy arrays, copied in one block
        each (no Python call per sample). Needs numpy (Debian: python3-numpy)."""
        import numpy

        ticks = self._column(Hyco.Results.get_times_bytes, signal, numpy.int64)
        return SignalArrays(
            times=_seconds(ticks, self.get_resolution()),
            ticks=ticks,
            microsteps=self._column(Hyco.Results.get_microsteps_bytes, signal, numpy.uint64),
            values=self._column(Hyco.Results.get_values_bytes, signal, numpy.float64),
            present=self._column(Hyco.Results.get_presence_bytes, signal, numpy.bool_),
        )

    def get_samples(self, signal):
        """Returns the signal's present values as a list of ``(time, microstep, value)``,
        time in seconds: the trace's rows for this signal."""
        if not self.has_signal(signal):
            raise KeyError(signal)
        resolution = self.get_resolution()
        return [
            (_seconds(ticks, resolution), microstep, value)
            for ticks, microstep, value, present in zip(
                self.get_times(signal),
                self.get_microsteps(signal),
                self.get_values(signal),
                self.get_presence(signal),
            )
            if present
        ]


Results = override(Results)
__all__.append("Results")


class Model(Hyco.Model):
    """``with Hyco.Model.new_from_file(path) as model:`` ends by cancelling an asynchronous
    run that is still going and waiting until it has wrapped up, so that no thread runs the
    model after the block."""

    def run(self, cancellable=None):
        return Hyco.Model.run(self, cancellable)

    def run_async(self, cancellable=None, callback=None, user_data=None):
        """Runs the model on a worker thread; signals and ``callback(model, result,
        user_data)`` come from the current thread-default main context."""
        if cancellable is None:
            cancellable = Gio.Cancellable()  # so that leaving `with model:` can cancel it
        pending = {"done": False}
        self._hyco_pending = (cancellable, pending)

        def finished(model, result, data):
            pending["done"] = True
            if callback is not None:
                callback(model, result, data)

        Hyco.Model.run_async(self, cancellable, finished, user_data)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        cancellable, pending = getattr(self, "_hyco_pending", (None, {"done": True}))
        if not pending["done"]:
            cancellable.cancel()
            context = GLib.MainContext.ref_thread_default()
            while not pending["done"]:
                context.iteration(True)
        return False


Model = override(Model)
__all__.append("Model")


def registry_register(name, actor_class):
    """Makes an actor or director class available to model files by ``name``; takes a
    Python class or a GType."""
    gtype = getattr(actor_class, "__gtype__", actor_class)
    Hyco.registry_register(name, gtype)


__all__.append("registry_register")
