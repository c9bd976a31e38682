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
