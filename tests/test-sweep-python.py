#!/usr/bin/python3
"""The sweep API from Python (GObject Introspection): the run list, results by run, an
asynchronous sweep with its progress, cancellation, and errors as GLib.Error.

Run by meson under pytest against the uninstalled typelib (tests/meson.build).
"""
import math

import gi

gi.require_version("Hyco", "1.0")
from gi.repository import GLib, Gio, Hyco  # noqa: E402

BALL = "models/bouncing-ball.xml"


def ball_sweep():
    sweep = Hyco.Sweep.new(BALL)
    sweep.add_vary("h0=[2,8]")
    sweep.add_vary("e=0.5:0.7:0.1")
    sweep.add_probe("Ball.impact")
    sweep.set_stop_time("3")
    sweep.set_jobs(2)
    return sweep


def test_run_list_and_results():
    sweep = ball_sweep()
    sweep.run(None)
    assert sweep.list_parameters() == ["h0", "e"]
    assert sweep.get_run_count() == 6
    texts = [(sweep.get_parameter_text(r, 0), sweep.get_parameter_text(r, 1)) for r in range(6)]
    assert texts == [("2", "0.5"), ("2", "0.6"), ("2", "0.7"),
                     ("8", "0.5"), ("8", "0.6"), ("8", "0.7")]
    first = sweep.list_summaries().index("Ball.impact.first")
    for run in range(6):
        assert sweep.get_status(run) == Hyco.SweepStatus.OK
        assert sweep.get_error_message(run) is None
        h0 = sweep.get_parameter_value(run, 0)
        assert math.isclose(sweep.get_summary(run, first), math.sqrt(2 * h0 / 9.81),
                            rel_tol=1e-6)
    assert sweep.get_progress() == (6, 0)
    assert sweep.get_mpi_rank() == 0


def test_async_progress_and_callback():
    sweep = ball_sweep()
    loop = GLib.MainLoop()
    seen, finished = [], []
    sweep.connect("progress", lambda s, done, failed: seen.append((done, failed)))

    def done(source, result):
        finished.append(source.run_finish(result))
        loop.quit()

    sweep.run_async(None, done)
    loop.run()
    assert finished == [True]
    # The last emission, before the callback, counts every run.
    assert seen[-1] == (6, 0)


def test_cancelled():
    sweep = ball_sweep()
    cancellable = Gio.Cancellable()
    cancellable.cancel()
    try:
        sweep.run(cancellable)
        raise AssertionError("a cancelled sweep ran")
    except GLib.Error as error:
        assert error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)
    assert all(sweep.get_status(r) == Hyco.SweepStatus.NOT_RUN for r in range(6))


def test_spec_error():
    sweep = Hyco.Sweep.new(BALL)
    try:
        sweep.add_vary("e=0.5:0.9:-0.1")
        raise AssertionError("accepted")
    except GLib.Error as error:
        assert error.domain == "hyco-sweep-error-quark"
        assert error.code == Hyco.SweepError.BAD_SPEC
        assert error.message == "e=0.5:0.9:-0.1: the step -0.1 never leads from 0.5 to 0.9"


def test_summary_expressions():
    sweep = ball_sweep()
    sweep.add_summary("range", "Ball.impact.max - Ball.impact.min")
    sweep.add_summary("Ball.speed", "-min(Ball.impact.values)")
    sweep.add_summary("rate", "Ball.impact.events / e")
    sweep.run(None)
    names = sweep.list_summaries()
    assert names[-3:] == ["range", "Ball.speed", "rate"]
    assert sweep.get_summary_expression(names.index("rate")) == "Ball.impact.events / e"
    assert sweep.get_summary_expression(names.index("Ball.impact.max")) is None
    index = {name: i for i, name in enumerate(names)}
    for run in range(sweep.get_run_count()):
        h0, e = sweep.get_parameter_value(run, 0), sweep.get_parameter_value(run, 1)
        value = lambda name: sweep.get_summary(run, index[name])  # noqa: E731
        assert value("range") == value("Ball.impact.max") - value("Ball.impact.min")
        assert value("rate") == value("Ball.impact.events") / e
        # The first impact is the hardest: sqrt(2 g h0).
        assert math.isclose(value("Ball.speed"), math.sqrt(2 * 9.81 * h0), rel_tol=1e-6)


def test_summary_errors():
    sweep = Hyco.Sweep.new(BALL)
    sweep.add_probe("Ball.impact")
    try:
        sweep.add_summary("range", "Ball.impact.max -")
        raise AssertionError("accepted")
    except GLib.Error as error:
        assert error.code == Hyco.SweepError.BAD_SUMMARY
        assert error.message == ('range: in "Ball.impact.max -" at position 18: the expression '
                                 "ends too early")
    sweep.add_summary("top", "Ball.y.max")
    try:
        sweep.plan()
        raise AssertionError("planned")
    except GLib.Error as error:
        assert error.code == Hyco.SweepError.BAD_SUMMARY
        assert error.message == ('top: in "Ball.y.max" at position 1: the record has no field '
                                 '"y"')
