#!/usr/bin/python3
"""End-to-end tests of the hyco command: exit statuses, messages, trace format.

Usage: test-cli.py PATH/TO/hyco   (run from the source root, as meson does)
"""
import csv
import glob
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
import unittest

HYCO = None


def hyco(*args, timeout=60):
    return subprocess.run([HYCO, *args], capture_output=True, text=True, timeout=timeout)


class Help(unittest.TestCase):
    def test_lists_commands(self):
        result = hyco("--help")
        self.assertEqual(result.returncode, 0)
        for command in ("run", "inspect", "actors"):
            self.assertRegex(result.stdout, r"(?m)^  " + command + r"\s+\S", command)

    def test_each_command_has_help(self):
        for command in ("run", "inspect", "actors"):
            result = hyco(command, "--help")
            self.assertEqual(result.returncode, 0, command)
            self.assertIn("Usage:", result.stdout)

    def test_no_command(self):
        self.assertEqual(hyco().returncode, 2)

    def test_unknown_command(self):
        result = hyco("fly")
        self.assertEqual(result.returncode, 2)
        self.assertIn('unknown command "fly"', result.stderr)


class Run(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.trace = os.path.join(self.dir.name, "t.csv")

    def tearDown(self):
        self.dir.cleanup()

    def read_trace(self):
        with open(self.trace, newline="") as f:
            return list(csv.reader(f))

    def test_simultaneous_events(self):
        result = hyco("run", "models/simultaneous-events.xml", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("model time", result.stdout)
        self.assertIn("wall time", result.stdout)
        self.assertIn(self.trace, result.stdout)
        rows = self.read_trace()
        self.assertEqual(rows[0], ["signal", "time", "microstep", "value"])
        signals = {row[0] for row in rows[1:]}
        self.assertIn("Clock1.output", signals)
        self.assertIn("Sampler.output", signals)
        times = [row[1] for row in rows[1:]]
        # Exact decimal printing from integer ticks: no binary floating point on the way.
        self.assertIn("0.3", times)
        self.assertIn("99.9", times)
        for t in times:
            self.assertNotRegex(t, r"\d{10,}|e", t)
        # Discrete events sit at microstep 1, and rows come in tag order.
        self.assertTrue(all(row[2] == "1" for row in rows[1:]))
        keys = [(float(r[1]), int(r[2])) for r in rows[1:]]
        self.assertEqual(keys, sorted(keys))
        # The Sampler fires exactly where Clock2 does: every 0.2 s, 501 times in [0, 100].
        sampled = [r for r in rows[1:] if r[0] == "Sampler.output"]
        clock2 = [r for r in rows[1:] if r[0] == "Clock2.output"]
        self.assertEqual(len(sampled), 501)
        self.assertEqual([r[1:] for r in sampled], [r[1:] for r in clock2])

    def test_stop_time_and_set(self):
        result = hyco("run", "models/simultaneous-events.xml", "--stop-time", "1",
                      "--set", "Clock2.period=0.5", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        rows = self.read_trace()
        clock2 = [r[1] for r in rows[1:] if r[0] == "Clock2.output"]
        self.assertEqual(clock2, ["0", "0.5", "1"])

    def test_values_printed_exactly(self):
        result = hyco("run", "tests/models/cli-strings.xml", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(self.trace) as f:
            text = f.read()
        self.assertIn('Text.output,0,1,"a, ""b"""\n', text)
        self.assertIn("Flag.output,0,1,true\n", text)
        self.assertIn("Clock.output,0.2,1,0.10000000000000001\n", text)
        self.assertIn("Time.output,0.3,1,0.29999999999999999\n", text)
        rows = self.read_trace()
        self.assertIn(["Text.output", "0", "1", 'a, "b"'], rows)

    def test_set_model_parameters(self):
        def values(*args):
            result = hyco("run", "tests/models/cli-parameters.xml", "--trace", self.trace, *args)
            self.assertEqual(result.returncode, 0, result.stderr)
            rows = self.read_trace()[1:]
            return {signal: [(r[1], r[3]) for r in rows if r[0] == signal]
                    for signal in ("Gain.output", "Scaled.Gain.output")}

        # Gain's factor is 2 * f, Scaled.Gain's is g = f + 1, the clock's period 1 / rate.
        self.assertEqual(values(), {"Gain.output": [("0", "2"), ("0.1", "2"), ("0.2", "2")],
                                    "Scaled.Gain.output": [("0", "2"), ("0.1", "2"),
                                                           ("0.2", "2")]})
        self.assertEqual(values("--set", "f=3", "--set", "rate=5"),
                         {"Gain.output": [("0", "6"), ("0.2", "6")],
                          "Scaled.Gain.output": [("0", "4"), ("0.2", "4")]})
        # A composite's parameter by its path, and an expression on the command line.
        self.assertEqual(values("--set", "Scaled.g=10 * f")["Scaled.Gain.output"][0], ("0", "10"))
        self.assertEqual(values("--set", "Gain.factor=f / 4")["Gain.output"][0], ("0", "0.25"))

    def test_set_model_parameter_errors(self):
        for args, message in (
                (("--set", "f=nothing"), 'unknown name "nothing"'),
                (("--set", "f=2 *"), "position"),
                (("--set", "f=rate", "--set", "rate=f"), "rate -> f -> rate"),
                (("--set", "g=1"), 'no parameter "g"'),
                (("--set", "Scaled.h=1"), 'no parameter "h"')):
            result = hyco("run", "tests/models/cli-parameters.xml", *args)
            self.assertEqual(result.returncode, 2, args)
            self.assertTrue(result.stderr.startswith("hyco: error: --set "), result.stderr)
            self.assertIn(message, result.stderr)

    def test_failing_test_actor_exits_1(self):
        result = hyco("run", "tests/models/cli-failing-test.xml")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Check", result.stderr)
        self.assertIn("42", result.stderr)
        self.assertIn("41", result.stderr)

    def test_missing_file(self):
        result = hyco("run", "models/no-such-model.xml")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no-such-model.xml", result.stderr)

    def test_bad_arguments(self):
        cases = [
            ("run",),
            ("run", "a.xml", "b.xml"),
            ("run", "models/simultaneous-events.xml", "--stop-time", "soon"),
            ("run", "models/simultaneous-events.xml", "--set", "Clock1.period"),
            ("run", "models/simultaneous-events.xml", "--set", "Nobody.period=1"),
            ("run", "models/simultaneous-events.xml", "--set", "Clock1.perod=1"),
            ("run", "models/simultaneous-events.xml", "--set", "Clock1.period=-"),
            ("run", "models/simultaneous-events.xml", "--no-such-option"),
            ("run", "models/simultaneous-events.xml", "--trace", "/nonexistent/dir/t.csv"),
        ]
        for args in cases:
            result = hyco(*args)
            self.assertEqual(result.returncode, 2, args)
            self.assertTrue(result.stderr.startswith("hyco: error: "), (args, result.stderr))

    def test_unrepresentable_period_exits_2(self):
        result = hyco("run", "models/simultaneous-events.xml", "--set",
                      "Clock1.period=1e-12")
        self.assertEqual(result.returncode, 2)
        # The file and the line of the actor's element, then the actor and the parameter.
        self.assertRegex(result.stderr, r"^hyco: error: models/simultaneous-events.xml:\d+: "
                                        r"Clock1: parameter period: .*1e-12")
        result = hyco("run", "models/simultaneous-events.xml", "--stop-time", "1e-12")
        self.assertEqual(result.returncode, 2)
        self.assertRegex(result.stderr, r"simultaneous-events.xml:\d+: DE Director: "
                                        r"parameter stopTime")

    def test_zero_delay_loop_exits_2(self):
        result = hyco("run", "tests/models/bad-zero-delay-loop.xml")
        self.assertEqual(result.returncode, 2)
        self.assertIn("zero-delay loop", result.stderr)

    def test_zero_delay_feedback_trace(self):
        # Composition test 4.4 as rows of the trace: at each reset time t near k,
        # y(t, 0) and y(t, 1) are about 1 and y(t, 2) is exactly 0.
        result = hyco("run", "models/zero-delay-feedback.xml", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("steps", result.stdout)
        rows = [r for r in self.read_trace()[1:] if r[0] == "Integral.state"]
        by_tag = {(r[1], int(r[2])): float(r[3]) for r in rows}
        resets = sorted({r[1] for r in rows if int(r[2]) == 2 and r[1] != "0"}, key=float)
        self.assertEqual(len(resets), 10)
        for k, t in enumerate(resets, start=1):
            self.assertAlmostEqual(float(t), k, delta=1e-4)
            self.assertAlmostEqual(by_tag[(t, 0)], 1, delta=1e-6)
            self.assertAlmostEqual(by_tag[(t, 1)], 1, delta=1e-6)
            self.assertEqual(by_tag[(t, 2)], 0.0)

    def test_sr_causality_error_exits_2(self):
        result = hyco("run", "models/sr-causality-error.xml")
        self.assertEqual(result.returncode, 2)
        self.assertIn("zero-delay loop", result.stderr)
        self.assertIn("Add.output", result.stderr)
        self.assertIn("Half.input", result.stderr)

    def test_unsettled_cycle_exits_1(self):
        result = hyco("run", "models/sr-constructive-cycle.xml", "--set", "Y.function=xor")
        self.assertEqual(result.returncode, 1)
        self.assertIn("causality loop", result.stderr)
        self.assertIn("(3, 1)", result.stderr)
        self.assertIn("Y.output", result.stderr)
        self.assertIn("Z.output", result.stderr)

    def test_nested_directors_checks_fail_when_wrong(self):
        # The Test actor in the example really checks something: a wrong expectation fails.
        result = hyco("run", "models/nested-directors.xml", "--set",
                      "Check.correctValues={1, 11, 1, 12, 1, 11, 1}")
        self.assertEqual(result.returncode, 1)
        self.assertIn("(1.5, 1)", result.stderr)

    def test_transparent_loop_exits_2(self):
        result = hyco("run", "tests/models/bad-transparent-loop.xml")
        self.assertEqual(result.returncode, 2)
        self.assertIn("relation outside", result.stderr)
        self.assertIn("loop", result.stderr)

    def test_malformed_model_names_file_and_line(self):
        for name in sorted(os.listdir("tests/models")):
            if not name.startswith("bad-") or name in ("bad-zero-delay-loop.xml",
                                                         "bad-transparent-loop.xml"):
                continue
            path = os.path.join("tests/models", name)
            result = hyco("run", path)
            self.assertEqual(result.returncode, 2, name)
            self.assertRegex(result.stderr, "hyco: error: " + path + r":\d+: ", name)

    def test_interrupt_stops_cleanly(self):
        process = subprocess.Popen([HYCO, "run", "tests/models/cli-forever.xml", "--trace",
                                    self.trace], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        self.assertEqual(process.returncode, 1, err)
        self.assertIn("interrupted", err)
        rows = self.read_trace()
        self.assertEqual(rows[0], ["signal", "time", "microstep", "value"])
        self.assertGreater(len(rows), 2)


def png_size(path):
    """Width and height from a PNG's IHDR chunk."""
    with open(path, "rb") as f:
        header = f.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    assert header[12:16] == b"IHDR", path
    return struct.unpack(">II", header[16:24])


class Plot(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def test_every_example_model(self):
        models = [m for m in sorted(glob.glob("models/*.xml")) if not m.endswith("-error.xml")]
        self.assertGreater(len(models), 3)
        for model in models:
            out = self.path(os.path.basename(model) + ".png")
            result = hyco("run", "--quiet", model, "--plot", out, "--plot-size", "900x700")
            self.assertEqual(result.returncode, 0, (model, result.stderr))
            self.assertGreater(os.path.getsize(out), 2000, model)
            self.assertEqual(png_size(out), (900, 700), model)

    def test_default_size_and_formats(self):
        out = self.path("p.png")
        result = hyco("run", "models/simultaneous-events.xml", "--plot", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("plot        " + out, result.stdout)
        # Three signals: 80 pixels plus 180 per panel.
        self.assertEqual(png_size(out), (1000, 80 + 3 * 180))
        for ext, magic in ((".svg", b"<?xml"), (".pdf", b"%PDF")):
            out = self.path("p" + ext)
            result = hyco("run", "-q", "models/simultaneous-events.xml", "--plot", out,
                          "--probe", "Sampler.output")
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, "rb") as f:
                self.assertEqual(f.read(len(magic)), magic)

    def test_strings_are_not_plotted(self):
        out = self.path("s.png")
        result = hyco("run", "-q", "tests/models/cli-strings.xml", "--plot", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr.count("hyco: warning: strings are not plotted"), 1)
        self.assertIn("Text.output", result.stderr)
        self.assertGreater(os.path.getsize(out), 2000)

    def test_bad_plot_arguments(self):
        cases = [
            ("--plot", self.path("p.gif")),
            ("--plot", "/nonexistent/dir/p.png"),
            ("--plot", self.path("p.png"), "--plot-size", "big"),
            ("--plot", self.path("p.png"), "--probe", "Clock1.outptu"),
            ("--probe", "Clock1.output"),
            ("--results", "/nonexistent/dir/r.mat"),
        ]
        for args in cases:
            result = hyco("run", "models/simultaneous-events.xml", *args)
            self.assertEqual(result.returncode, 2, args)
            self.assertTrue(result.stderr.startswith("hyco: error: "), (args, result.stderr))
        result = hyco("run", "models/simultaneous-events.xml", "--plot", self.path("p.png"),
                      "--probe", "Clock1.outptu")
        self.assertIn("Clock1.output", result.stderr)

    def test_results_file(self):
        out = self.path("r.mat")
        result = hyco("run", "models/simultaneous-events.xml", "--results", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("results     " + out, result.stdout)
        with open(out, "rb") as f:
            self.assertTrue(f.read(116).startswith(b"MATLAB 5.0 MAT-file"))

    def test_plot_after_failure(self):
        # A failed run still plots what it recorded, and exits 1.
        out = self.path("f.png")
        result = hyco("run", "tests/models/cli-failing-test.xml", "--plot", out)
        self.assertEqual(result.returncode, 1)
        self.assertTrue(os.path.exists(out))


class Progress(unittest.TestCase):
    ARGS = ["run", "tests/models/cli-forever.xml"]

    def run_for(self, seconds, stderr_fd, extra=()):
        process = subprocess.Popen([HYCO, *self.ARGS, *extra], stdout=subprocess.DEVNULL,
                                   stderr=stderr_fd)
        time.sleep(seconds)
        process.send_signal(signal.SIGINT)
        return process

    def test_terminal_shows_progress(self):
        master, slave = pty.openpty()
        process = self.run_for(2.5, slave)
        os.close(slave)
        output = b""
        while True:
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the other side closed
                break
            if not chunk:
                break
            output += chunk
        os.close(master)
        self.assertEqual(process.wait(timeout=30), 1)
        text = output.decode()
        self.assertIn("\rhyco: model time ", text)
        self.assertIn("tags/s", text)
        self.assertIn("events/s", text)
        # Updated in place, more than once, and cleared before the last message.
        self.assertGreaterEqual(text.count("\rhyco: model time "), 2)
        self.assertIn("interrupted", text)

    def test_quiet_terminal_shows_nothing(self):
        master, slave = pty.openpty()
        process = self.run_for(1.8, slave, ("--quiet",))
        os.close(slave)
        output = b""
        while True:
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        os.close(master)
        process.wait(timeout=30)
        self.assertNotIn(b"model time", output)

    def test_file_shows_no_progress(self):
        with tempfile.TemporaryFile() as err:
            process = self.run_for(1.8, err)
            self.assertEqual(process.wait(timeout=30), 1)
            err.seek(0)
            text = err.read().decode()
        self.assertNotIn("\r", text)
        self.assertNotIn("tags/s", text)
        self.assertIn("interrupted", text)

    def test_summary(self):
        result = hyco("run", "models/simultaneous-events.xml")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"executed +1001 tags, \d+ actor firings, 2003 events")


class ManPage(unittest.TestCase):
    def test_generated_with_every_command(self):
        path = os.path.join(os.path.dirname(HYCO), "hyco.1")
        with open(path) as f:
            text = f.read()
        self.assertIn(".TH HYCO", text)
        for command in ("run", "inspect", "actors"):
            self.assertRegex(text, r"\b" + command + r"\b", command)
        for option in ("stop\\-time", "plot", "probe", "results", "trace"):
            self.assertIn(option, text)

    def test_help_all(self):
        result = hyco("--help-all")
        self.assertEqual(result.returncode, 0)
        for text in ("hyco run MODEL.xml", "hyco inspect MODEL.xml", "hyco actors", "--plot"):
            self.assertIn(text, result.stdout)


class EventOrdering(unittest.TestCase):
    """SEMANTICS.md section 7: S2, with the reaction at exactly 0.02 s, for N = 0 to 50."""

    def generate(self, n):
        result = subprocess.run([sys.executable, "tools/event-ordering.py", str(n)],
                                capture_output=True, text=True, check=True)
        return result.stdout

    def test_shipped_model_is_the_generated_one(self):
        with open("models/event-ordering.xml") as f:
            self.assertEqual(f.read(), self.generate(6))

    def test_every_n(self):
        with tempfile.TemporaryDirectory() as directory:
            for n in range(51):
                path = os.path.join(directory, f"event-ordering-{n}.xml")
                trace = os.path.join(directory, f"trace-{n}.csv")
                with open(path, "w") as f:
                    f.write(self.generate(n))
                result = hyco("run", "--quiet", "--trace", trace, path)
                self.assertEqual(result.returncode, 0, f"N = {n}: {result.stderr}")
                with open(trace, newline="") as f:
                    rows = list(csv.reader(f))
                self.assertIn(["Software.reached", "0.02", "1", "2"], rows, f"N = {n}")
                self.assertEqual(sum(row[0].startswith("Propagate") for row in rows), n)

    def test_late_plant_times_out(self):
        # The Test actors can fail: a plant slower than the timeout ends in S3.
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "late.xml")
            with open(path, "w") as f:
                f.write(self.generate(3).replace('name="delay" value="0.01"',
                                                 'name="delay" value="0.05"'))
            result = hyco("run", "--quiet", path)
            self.assertEqual(result.returncode, 1)
            self.assertIn("CheckState", result.stderr)


class Inspect(unittest.TestCase):
    def test_hierarchy(self):
        result = hyco("inspect", "models/simultaneous-events.xml")
        self.assertEqual(result.returncode, 0, result.stderr)
        for text in ("director", "DEDirector", "Clock1", "DiscreteClock", "port output",
                     "parameter period = 0.1", "Sampler", "relation"):
            self.assertIn(text, result.stdout)

    def test_model_parameters(self):
        result = hyco("inspect", "tests/models/cli-parameters.xml")
        self.assertEqual(result.returncode, 0, result.stderr)
        for text in ("\n  parameter f = 1  (model parameter, 1.0)\n",
                     "\n    parameter g = f + 1  (model parameter, 2.0)\n",
                     "parameter factor = 2 * f  (set)"):
            self.assertIn(text, result.stdout)

    def test_modal_model(self):
        result = hyco("inspect", "models/bouncing-ball.xml")
        self.assertEqual(result.returncode, 0, result.stderr)
        for text in ("composite Ball (ModalModel)", "state free (initial), refinement Free",
                     'transition free -> free (reset), guard "y <= 0 && v < -restingSpeed"',
                     "(refinement: runs under the director"):
            self.assertIn(text, result.stdout)

    def test_bad_model(self):
        result = hyco("inspect", "tests/models/bad-unknown-class.xml")
        self.assertEqual(result.returncode, 2)


class Actors(unittest.TestCase):
    def test_lists_library(self):
        result = hyco("actors")
        self.assertEqual(result.returncode, 0, result.stderr)
        for name in ("Const", "DiscreteClock", "Ramp", "Gain", "Adder", "Sampler", "TimeDelay",
                     "MicrostepDelay", "CurrentTime", "Recorder", "Test", "DEDirector",
                     "CompositeActor"):
            self.assertRegex(result.stdout, r"(?m)^" + name + r"\b", name)
        self.assertIn("parameter period", result.stdout)
        self.assertIn("port      trigger", result.stdout)


FMU_DIR = os.environ.get("HYCO_TEST_FMU_DIR")


@unittest.skipUnless(FMU_DIR, "HYCO_TEST_FMU_DIR is not set (meson test sets it)")
class FmuInfo(unittest.TestCase):
    """hyco fmu info, on the loader's test FMUs (tests/fmus/loader, tests/fmus/broken)."""

    def setUp(self):
        # A private TMPDIR: the FMU is unpacked there, and must be gone at the end.
        self.tmp = tempfile.TemporaryDirectory()
        self.env = dict(os.environ, TMPDIR=self.tmp.name)

    def tearDown(self):
        self.assertEqual(os.listdir(self.tmp.name), [])
        self.tmp.cleanup()

    def info(self, *args):
        return subprocess.run([HYCO, "fmu", "info", *args], capture_output=True, text=True,
                              timeout=60, env=self.env)

    def test_valid_fmu(self):
        path = os.path.join(FMU_DIR, "loader", "loader-4.fmu")
        result = self.info(path)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        for text in (f"FMU LoaderTest ({path})\n",
                     "GUID            {8c4e810f-3df3-4a00-8276-176fa3c9f000}\n",
                     "category        4 (FMI-HC, integer time, preferred and settable resolution)",
                     "fmi2HybridDoStep", "variables       12\n",
                     "    u (input, continuous Real), value reference 0, start 0, unit m\n",
                     "    y (output, continuous Real), value reference 2, unit mm, depends on u\n",
                     "depends on every input"):
            self.assertIn(text, result.stdout)

    def test_categories(self):
        for category in ("0A", "0B", "1", "2", "3", "4"):
            result = self.info(os.path.join(FMU_DIR, "loader", f"loader-{category}.fmu"))
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertRegex(result.stdout, rf"(?m)^  category +{category} \(")

    def test_broken_fmus_exit_2_naming_the_file(self):
        for name, message in (("parent-path.fmu", "is refused: a \"..\" component"),
                              ("symlink.fmu", "is refused: a symbolic link"),
                              ("not-a-zip.fmu", "not a zip archive"),
                              ("no-binary.fmu", "no binaries/linux64/loader.so"),
                              ("bad-xml.fmu", "modelDescription.xml:69: malformed XML"),
                              ("fmi1.fmu", 'fmiVersion is "1.0"'),
                              ("missing-function.fmu", "does not export fmi2DoStep")):
            path = os.path.join(FMU_DIR, "broken", name)
            result = self.info(path)
            self.assertEqual(result.returncode, 2, name)
            self.assertEqual(result.stdout, "", name)
            self.assertTrue(result.stderr.startswith(f"hyco: error: {path}: "), result.stderr)
            self.assertIn(message, result.stderr)

    def test_missing_file(self):
        result = self.info("no-such.fmu")
        self.assertEqual(result.returncode, 2)
        self.assertIn("hyco: error: no-such.fmu: no such file", result.stderr)

    def test_usage(self):
        self.assertEqual(self.info().returncode, 2)
        self.assertEqual(self.info("a.fmu", "b.fmu").returncode, 2)
        self.assertEqual(self.info("--frobnicate", "a.fmu").returncode, 2)
        result = self.info("--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("hyco fmu info [OPTION", result.stdout)
        result = hyco("fmu")
        self.assertEqual(result.returncode, 2)
        self.assertIn("info", result.stderr)
        result = hyco("fmu", "fly")
        self.assertEqual(result.returncode, 2)
        self.assertIn('unknown fmu command "fly"', result.stderr)
        result = hyco("fmu", "--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("hyco fmu COMMAND", result.stdout)

    def test_listed_in_help_and_man_page(self):
        self.assertRegex(hyco("--help").stdout, r"(?m)^  fmu +\S")
        self.assertIn("hyco fmu info FILE.fmu", hyco("--help-all").stdout)
        with open(os.path.join(os.path.dirname(HYCO), "hyco.1")) as f:
            self.assertIn("fmu info", f.read())


if __name__ == "__main__":
    HYCO = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
