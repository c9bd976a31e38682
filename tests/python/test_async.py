"""The asynchronous run from Python: signals in the caller's main context, cancellation, and
the model as a context manager."""
import threading

import pytest
from gi.repository import Gio, GLib, Hyco


def forever():
    return Hyco.Model.new_from_file("tests/models/cli-forever.xml")


def test_run_async_reports_progress_results_and_completes():
    model = Hyco.Model.new_from_file("models/simultaneous-events.xml")
    model.set_record_results(True)
    loop = GLib.MainLoop()
    seen = []
    main_thread = threading.get_ident()

    model.connect("progress", lambda m, time, tag: seen.append(("progress", time, tag.time)))
    model.connect("recorded", lambda m, results: seen.append(("recorded", results)))
    model.connect("error", lambda m, error: seen.append(("error", error)))

    def finished(model, result, data):
        assert threading.get_ident() == main_thread
        seen.append(("finished", model.run_finish(result), data))
        loop.quit()

    model.run_async(None, finished, "data")
    loop.run()
    kinds = [event[0] for event in seen]
    assert kinds[-3:] == ["progress", "recorded", "finished"]
    assert "error" not in kinds
    assert seen[-3][1:] == (100.0, 100_000_000_000)
    assert seen[-2][1] is model.get_results()
    assert seen[-1][1:] == (True, "data")


def test_cancelled_run_async_raises_cancelled():
    model = forever()
    loop = GLib.MainLoop()
    cancellable = Gio.Cancellable()
    errors, outcome = [], {}

    model.connect("error", lambda m, error: errors.append(error))

    def finished(model, result, data):
        try:
            model.run_finish(result)
        except GLib.Error as error:
            outcome["error"] = error
        loop.quit()

    model.run_async(cancellable, finished)
    GLib.timeout_add(50, lambda: cancellable.cancel() and False)
    loop.run()
    assert outcome["error"].matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)
    assert errors[0].matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)
    assert not model.is_running()


def test_leaving_with_block_cancels_and_waits():
    with forever() as model:
        model.run_async()
        context = GLib.MainContext.default()
        for _ in range(3):
            context.iteration(False)
        assert model.is_running()
    assert not model.is_running()
    # A second run works and the model is usable synchronously.
    model.set_stop_time("0.01")
    assert model.run()


def test_second_run_while_running_is_refused():
    with forever() as model:
        model.run_async()
        with pytest.raises(GLib.Error) as caught:
            model.run()
        assert caught.value.matches(Gio.io_error_quark(), Gio.IOErrorEnum.PENDING)


def test_changes_during_a_run_are_refused():
    # From the run's own progress handler, prepare and the setters are refused with an error
    # (they would change what the run thread reads); after the run they work again.
    model = forever()
    loop = GLib.MainLoop()
    cancellable = Gio.Cancellable()
    refused = []

    def on_progress(model, time, tag):
        if refused:
            return
        for change in (model.prepare, lambda: model.set_stop_time("5"),
                       lambda: model.set_parameter("director.stopTime", "5"),
                       lambda: model.set_trace_file("t.csv")):
            with pytest.raises(GLib.Error) as error:
                change()
            assert error.value.matches(Gio.io_error_quark(), Gio.IOErrorEnum.BUSY)
            assert "is running" in error.value.message
            refused.append(error.value.message)
        cancellable.cancel()

    def finished(model, result, data):
        with pytest.raises(GLib.Error):
            model.run_finish(result)
        loop.quit()

    model.connect("progress", on_progress)
    model.run_async(cancellable, finished)
    loop.run()
    assert len(refused) == 4
    assert model.prepare()
