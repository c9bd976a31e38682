#!/usr/bin/python3
"""The library from Python through GObject Introspection, against the uninstalled build
(GI_TYPELIB_PATH and LD_LIBRARY_PATH point at the build directory)."""
import unittest

import gi

gi.require_version("Hyco", "1.0")
from gi.repository import GLib, Hyco  # noqa: E402


class Python(unittest.TestCase):
    def test_load_run_and_read_recorder(self):
        model = Hyco.Model.new_from_file("models/simultaneous-events.xml")
        model.set_stop_time("2")
        model.run(None)
        recorder = model.lookup_actor("Recorder")
        self.assertIsInstance(recorder, Hyco.Recorder)
        count = recorder.get_count()
        self.assertEqual(count, 11)  # Clock2 at 0, 0.2, ..., 2
        tags = [recorder.get_tag(i) for i in range(count)]
        self.assertEqual([(t.time, t.microstep) for t in tags],
                         [(k * 200_000_000, 1) for k in range(11)])
        value = recorder.get_value(0)
        self.assertEqual(value.get_value_type(), Hyco.ValueType.INT)
        self.assertEqual(list(recorder.get_times())[:3], [0.0, 0.2, 0.4])

    def test_errors_become_exceptions(self):
        with self.assertRaises(GLib.Error) as caught:
            Hyco.Model.new_from_data("<entity name='x' class='Nope'/>", -1, "inline.xml")
        self.assertIn("inline.xml:1", caught.exception.message)
        self.assertIn("Nope", caught.exception.message)

    def test_build_in_code(self):
        top = Hyco.CompositeActor.new("top")
        top.set_director(Hyco.DEDirector.new())
        clock = Hyco.DiscreteClock(name="Clock")
        recorder = Hyco.Recorder(name="Rec")
        top.add_actor(clock)
        top.add_actor(recorder)
        Hyco.param_set_from_string(clock, "period", "0.25")
        top.connect_ports(clock.get_port("output"), recorder.get_port("input"))
        model = Hyco.Model.new(top)
        model.set_stop_time("1")
        model.run(None)
        self.assertEqual(recorder.get_count(), 5)
        self.assertEqual(recorder.get_tag(4).time, 1_000_000_000)


    def test_results_and_plot(self):
        import os
        import tempfile
        model = Hyco.Model.new_from_file("tests/models/plot-discontinuity.xml")
        model.set_record_results(True)
        model.run(None)
        results = model.get_results()
        self.assertIn("Merge.output", results.list_signals())
        self.assertEqual(list(results.get_microsteps("Merge.output"))[:2], [1, 2])
        self.assertEqual(list(results.get_presence("Merge.output"))[:2], [1, 1])
        ok, times, values = results.get_plot_points("Merge.output")
        self.assertTrue(ok)
        self.assertEqual(list(zip(times, values))[:2], [(0.0, 1.0), (0.0, 5.0)])
        self.assertEqual(results.get_plot_style("Merge.output"), Hyco.PlotStyle.EVENTS)
        statistics = model.get_statistics().unpack()
        self.assertEqual(statistics["events"], 15)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "p.svg")
            results.plot(path, ["Merge.output"], 0, 0)
            self.assertGreater(os.path.getsize(path), 1000)
            with self.assertRaises(GLib.Error):
                results.plot(os.path.join(tmp, "p.gif"), None, 0, 0)

if __name__ == "__main__":
    unittest.main(verbosity=2)
