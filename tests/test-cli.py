#!/usr/bin/python3
"""End-to-end tests of the hyco command: exit statuses, messages, trace format.

Usage: test-cli.py PATH/TO/hyco   (run from the source root, as meson does)
"""
import csv
import glob
import html
import math
import os
import platform
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import zipfile

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

    def stopped_at(self, *options):
        result = hyco("run", "models/simultaneous-events.xml", *options, "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("(stop time %s s," % self.read_trace()[-1][1], result.stdout)
        return self.read_trace()[-1][1:3]

    def test_stop_time_last_given_wins(self):
        # Issue 16, point 8: --stop-time and --set director.stopTime, whichever comes last.
        self.assertEqual(self.stopped_at("--stop-time", "1", "--set", "director.stopTime=2"),
                         ["2", "1"])
        self.assertEqual(self.stopped_at("--set", "director.stopTime=2", "--stop-time", "1"),
                         ["1", "1"])
        self.assertEqual(self.stopped_at("--stop-time", "1", "--set", "director.stopTime=2",
                                         "--stop-time", "3"), ["3", "1"])
        self.assertEqual(self.stopped_at("-t", "3", "-s", "director.stopTime=0.5",
                                         "-s", "Clock2.period=0.5"), ["0.5", "1"])
        result = hyco("run", "--help")
        self.assertIn("of this and --set director.stopTime, the last given wins", result.stdout)

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

    def test_unknown_parameter_named_as_the_model_names_it(self):
        for assignment, message in (
                ("nope=1", '--set nope: simultaneous has no parameter "nope"'),
                ("director.nope=1", '--set director.nope: DE Director has no parameter "nope"'),
                ("Clock1.nope=1", '--set Clock1.nope: Clock1 has no parameter "nope"')):
            result = hyco("run", "models/simultaneous-events.xml", "--set", assignment)
            self.assertEqual(result.returncode, 2, assignment)
            self.assertEqual(result.stderr, "hyco: error: %s\n" % message)

    def test_negative_stop_time_is_the_options_fault(self):
        result = hyco("run", "models/simultaneous-events.xml", "--stop-time", "-1")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr,
                         'hyco: error: --stop-time -1: "-1" is before the start time 0\n')

    def test_gallery(self):
        # `ninja -C build gallery` as the README gives it, FMU examples included (the target
        # finds the test FMUs itself): a plot per example model.
        build = os.path.dirname(os.path.dirname(os.path.abspath(HYCO)))
        env = {k: v for k, v in os.environ.items() if k != "HYCO_FMU_PATH"}
        result = subprocess.run(["ninja", "-C", build, "gallery"], capture_output=True,
                                text=True, timeout=500, env=env)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        models = [os.path.basename(m)[:-4] for m in glob.glob("models/*.xml")
                  if not m.endswith("-error.xml")]
        self.assertIn("fmu-bouncing-ball", models)
        for name in models:
            self.assertGreater(os.path.getsize(os.path.join(build, "gallery", name + ".png")),
                               1000, name)

    def test_readme_scipy_snippet(self):
        # The README's Python lines, run as written on the file its command writes: the times of
        # the events of signal 3 (Sampler.output, present at 0, 0.2, 0.4, ...).
        readme = open("README.md").read()
        snippet = readme.split("```python\n", 1)[1].split("```", 1)[0]
        self.assertIn("loadmat", snippet)
        with tempfile.TemporaryDirectory() as tmp:
            result = subprocess.run([HYCO, "run", os.path.abspath("models/simultaneous-events.xml"),
                                     "--results", "r.mat"], cwd=tmp, capture_output=True,
                                    text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stderr)
            result = subprocess.run([sys.executable, "-c", snippet + "\nprint(len(s.time[p]))"],
                                    cwd=tmp, capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.replace("[", " ").split()[:4],
                         ["Sampler.output", "0.", "0.2", "0.4"], result.stdout)
        self.assertEqual(result.stdout.split()[-1], "501")

    def test_failing_test_actor_exits_1(self):
        result = hyco("run", "tests/models/cli-failing-test.xml")
        self.assertEqual(result.returncode, 1)
        self.assertIn("Check", result.stderr)
        self.assertIn("42", result.stderr)
        self.assertIn("41", result.stderr)
        # The summary still comes, and says what was written up to the failure.
        with tempfile.TemporaryDirectory() as tmp:
            trace = os.path.join(tmp, "t.csv")
            result = hyco("run", "tests/models/cli-failing-test.xml", "--trace", trace)
            self.assertTrue(os.path.exists(trace))
        self.assertEqual(result.returncode, 1)
        self.assertIn("Failed tests/models/cli-failing-test.xml", result.stdout)
        self.assertIn("  failed      at 0 s (the error message on standard error says why)\n", result.stdout)
        self.assertIn("  trace       %s (up to the failure)\n" % trace, result.stdout)

    def test_example_fmus_found_without_a_variable(self):
        # The uninstalled tool finds the example models' FMUs in the build by itself; a copy
        # elsewhere (as installed) does not look there, and HYCO_FMU_PATH still comes first.
        build = os.path.dirname(os.path.dirname(os.path.abspath(HYCO)))
        env = {k: v for k, v in os.environ.items() if k != "HYCO_FMU_PATH"}
        model = "models/fmu-simultaneous-events.xml"
        result = subprocess.run([HYCO, "run", "--quiet", model], capture_output=True,
                                text=True, timeout=60, env=env)
        self.assertEqual(result.returncode, 0, result.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            copy = shutil.copy(HYCO, tmp)
            env["LD_LIBRARY_PATH"] = build
            result = subprocess.run([copy, "run", "--quiet", model], capture_output=True,
                                    text=True, timeout=60, env=env)
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn("hc_generator.fmu: no such file", result.stderr)
            # An FMU of that name earlier in HYCO_FMU_PATH is the one loaded.
            os.mkdir(os.path.join(tmp, "fmus"))
            shutil.copy(os.path.join(build, "tests", "fmus", "hc_sampler.fmu"),
                        os.path.join(tmp, "fmus", "hc_generator.fmu"))
            env["HYCO_FMU_PATH"] = os.path.join(tmp, "fmus")
            result = subprocess.run([HYCO, "run", "--quiet", model], capture_output=True,
                                    text=True, timeout=60, env=env)
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn('"Clock1" has no parameter "a"', result.stderr)
            env["HYCO_FMU_PATH"] = os.path.join(build, "tests", "fmus")
            result = subprocess.run([copy, "run", "--quiet", model], capture_output=True,
                                    text=True, timeout=60, env=env)
            self.assertEqual(result.returncode, 0, result.stderr)

    def test_failed_run_summary_then_error(self):
        # On one output (a terminal, 2>&1), the summary and what was written come first and
        # the error last, where it stays in view.
        with tempfile.TemporaryDirectory() as tmp:
            trace, plot = os.path.join(tmp, "t.csv"), os.path.join(tmp, "p.png")
            result = subprocess.run([HYCO, "run", "models/sr-constructive-cycle.xml", "--set",
                                     "Y.function=xor", "--trace", trace, "--plot", plot],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                    timeout=60)
            self.assertTrue(os.path.exists(trace) and os.path.exists(plot))
        self.assertEqual(result.returncode, 1)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0].split(":")[0], "Failed models/sr-constructive-cycle.xml")
        self.assertIn("  trace       %s (up to the failure)" % trace, lines)
        self.assertIn("  plot        %s (up to the failure)" % plot, lines)
        self.assertRegex(lines[-1], r"^hyco: error: models/sr-constructive-cycle.xml: causality "
                                    r"loop .* at \(3, 1\)")

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

    def test_refused_model_keeps_earlier_files(self):
        # Nothing is lost to a model that cannot run: earlier output files stay as they were,
        # and none is created.
        plot = os.path.join(self.dir.name, "p.png")
        for path in (self.trace, plot):
            with open(path, "w") as f:
                f.write("earlier\n")
        result = hyco("run", "models/sr-causality-error.xml", "--trace", self.trace,
                      "--plot", plot)
        self.assertEqual(result.returncode, 2)
        for path in (self.trace, plot):
            with open(path) as f:
                self.assertEqual(f.read(), "earlier\n")
        new = os.path.join(self.dir.name, "new.csv"), os.path.join(self.dir.name, "new.svg")
        result = hyco("run", "models/sr-causality-error.xml", "--trace", new[0], "--plot", new[1])
        self.assertEqual(result.returncode, 2)
        self.assertEqual(sorted(os.listdir(self.dir.name)), ["p.png", "t.csv"])

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
        # The Test actor of the self-checking example really checks something: a wrong
        # expectation fails.
        result = hyco("run", "tests/examples/nested-directors.xml", "--set",
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


class Outputs(unittest.TestCase):
    """Output files (trace, plot, results) are replaced atomically: a path holds either the
    file that was there or the new, complete one, whatever happens while it is written."""
    MODEL = "models/simultaneous-events.xml"

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def leftovers(self):
        return [name for name in os.listdir(self.dir.name) if name.startswith(".")]

    def test_outputs_naming_one_file_are_refused(self):
        model = self.path("m.xml")
        with open(self.MODEL) as f, open(model, "w") as g:
            g.write(f.read())
        with open(model) as f:
            text = f.read()
        for args, message in (
                (("--trace", self.path("a.csv"), "--results", self.path("a.csv")),
                 "--trace %s and --results %s name the same file: give each output its own"
                 % (self.path("a.csv"), self.path("a.csv"))),
                (("--trace", model), "--trace %s would overwrite the file being run" % model),
                (("--results", model), "--results %s would overwrite the file being run"
                 % model)):
            result = hyco("run", model, *args)
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertEqual(result.stderr, "hyco: error: " + message + "\n")
            with open(model) as f:
                self.assertEqual(f.read(), text)
        self.assertEqual(sorted(os.listdir(self.dir.name)), ["m.xml"])

    def test_full_device_is_an_error_naming_the_path(self):
        result = hyco("run", self.MODEL, "--trace", "/dev/full")
        self.assertEqual(result.returncode, 1)
        self.assertIn("writing the trace to /dev/full failed: No space left on device",
                      result.stderr)
        self.assertIn("  trace       /dev/full not written", result.stdout)
        result = hyco("run", self.MODEL, "--results", "/dev/full")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, "hyco: error: writing the results to /dev/full failed: "
                         "No space left on device\n")
        for option in ("--results", "--plot"):
            self.assertNotIn(option[2:] + " ", result.stdout)
        self.assertNotIn("Ran ", result.stdout)
        # What is not a regular file is written directly: a pipe gets the whole trace.
        result = hyco("run", "--quiet", self.MODEL, "--trace", "/dev/stdout")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.splitlines()[0], "signal,time,microstep,value")

    def run_limited(self, *args, limit):
        """hyco run with files limited to @limit bytes: a write beyond fails with EFBIG, as on
        a full disk."""
        import resource

        def limit_files():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        return subprocess.run([HYCO, "run", self.MODEL, *args], capture_output=True, text=True,
                              timeout=60, preexec_fn=limit_files)

    def test_failed_write_keeps_the_earlier_file(self):
        for option, name, what in (("--trace", "t.csv", "the trace"),
                                   ("--results", "r.mat", "the results"),
                                   ("--plot", "p.svg", "the plot")):
            path = self.path(name)
            with open(path, "w") as f:
                f.write("earlier\n")
            os.chmod(path, 0o640)
            result = self.run_limited(option, path, limit=2000)
            self.assertEqual(result.returncode, 1, (option, result.stderr))
            self.assertIn("writing %s to %s failed: " % (what, path), result.stderr)
            with open(path) as f:
                self.assertEqual(f.read(), "earlier\n", option)
            self.assertEqual(self.leftovers(), [], option)
            # Written completely, the new file replaces the earlier one, keeping its mode.
            result = hyco("run", "--quiet", self.MODEL, option, path)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(os.stat(path).st_mode & 0o777, 0o640)
            self.assertGreater(os.path.getsize(path), 2000)
            self.assertEqual(self.leftovers(), [], option)

    def test_output_through_a_symbolic_link_replaces_its_target(self):
        target = self.path("target.csv")
        link = self.path("link.csv")
        with open(target, "w") as f:
            f.write("earlier\n")
        os.symlink(target, link)
        result = hyco("run", "--quiet", self.MODEL, "--trace", link)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(os.path.islink(link))
        with open(target) as f:
            self.assertEqual(f.readline(), "signal,time,microstep,value\n")

    def test_killed_while_writing_leaves_a_complete_file(self):
        # SIGKILL at moments spread over the run and the writing of its outputs: each output
        # path then holds nothing (before the first complete run) or a complete file, never a
        # part of one; a killed run's temporary files go at the next run.
        import random
        trace, results = self.path("t.csv"), self.path("r.mat")
        args = [HYCO, "run", "--quiet", "models/event-ordering.xml", "--trace", trace,
                "--results", results]
        subprocess.run(args, check=True, capture_output=True, timeout=120)
        expected = {}
        for path in (trace, results):
            with open(path, "rb") as f:
                expected[path] = f.read()
            os.unlink(path)
        start = time.monotonic()
        subprocess.run(args, check=True, capture_output=True, timeout=120)
        duration = time.monotonic() - start
        for path in (trace, results):
            os.unlink(path)
        moments = random.Random(7)
        for run in range(50):
            process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(moments.uniform(0, duration * 1.2))
            process.kill()
            process.wait(timeout=60)
            for path in (trace, results):
                if os.path.exists(path):
                    with open(path, "rb") as f:
                        self.assertEqual(f.read(), expected[path], (run, path))
        subprocess.run(args, check=True, capture_output=True, timeout=120)
        self.assertEqual(self.leftovers(), [])

    def test_non_ascii_signal_names_in_results(self):
        import scipy.io
        model = self.path("m.xml")
        with open("tests/models/cli-parameters.xml") as f:
            text = f.read()
        self.assertIn('name="Clock"', text)
        with open(model, "w") as f:
            f.write(text.replace('name="Clock"', 'name="HorlogeétéΩ𝄞"')
                    .replace('"Clock.', '"HorlogeétéΩ𝄞.'))
        results = self.path("r.mat")
        result = hyco("run", "--quiet", model, "--results", results)
        self.assertEqual(result.returncode, 0, result.stderr)
        signals = scipy.io.loadmat(results, squeeze_me=True, struct_as_record=False)["signals"]
        names = [s.name for s in (signals if hasattr(signals, "__len__") else [signals])]
        self.assertIn("HorlogeétéΩ𝄞.output", names)


class Inputs(unittest.TestCase):
    """A model is read from a regular file of bounded size, checked before reading."""

    def test_only_regular_files_of_bounded_size(self):
        with tempfile.TemporaryDirectory() as tmp:
            fifo = os.path.join(tmp, "fifo.xml")
            os.mkfifo(fifo)
            big = os.path.join(tmp, "big.xml")
            with open(big, "wb") as f:
                f.truncate(600 * 1024 * 1024)  # sparse: no disk space used
            for path, message in (
                    ("/dev/zero", "/dev/zero is not a regular file: a model is read from a file"),
                    (fifo, fifo + " is not a regular file: a model is read from a file"),
                    (tmp, tmp + " is not a regular file: a model is read from a file"),
                    (big, big + " is too large (600.0 MiB): model files are limited to 512.0 MiB"),
                    (os.path.join(tmp, "none.xml"),
                     "cannot read %s: No such file or directory" % os.path.join(tmp, "none.xml"))):
                for command in ("run", "inspect"):
                    result = hyco(command, path)
                    self.assertEqual(result.returncode, 2, (command, path, result.stderr))
                    self.assertEqual(result.stderr, "hyco: error: %s\n" % message)


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
        with open("tests/examples/event-ordering.xml") as f:
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

    def test_every_n_with_fmus(self):
        env = dict(os.environ, HYCO_FMU_PATH=os.path.join(os.path.dirname(HYCO), "..", "tests",
                                                          "fmus"))
        with tempfile.TemporaryDirectory() as directory:
            for n in range(51):
                path = os.path.join(directory, f"fmu-event-ordering-{n}.xml")
                trace = os.path.join(directory, f"trace-{n}.csv")
                text = subprocess.run([sys.executable, "tools/event-ordering.py", "--fmu", str(n)],
                                      capture_output=True, text=True, check=True).stdout
                with open(path, "w") as f:
                    f.write(text)
                result = subprocess.run([HYCO, "run", "--quiet", "--trace", trace, path],
                                        capture_output=True, text=True, env=env, timeout=60)
                self.assertEqual(result.returncode, 0, f"N = {n}: {result.stderr}")
                with open(trace, newline="") as f:
                    rows = [row for row in csv.reader(f) if row[0] == "Software.state"]
                # S2 from the reaction at (0.02, 1), and to the end.
                self.assertIn(["Software.state", "0.02", "1", "2"], rows, f"N = {n}")
                self.assertEqual(rows[-1][3], "2", f"N = {n}")

    def test_shipped_fmu_model_is_the_generated_one(self):
        with open("tests/examples/fmu-event-ordering.xml") as f:
            self.assertEqual(f.read(), subprocess.run(
                [sys.executable, "tools/event-ordering.py", "--fmu", "6"],
                capture_output=True, text=True, check=True).stdout)

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


class PtolemyModels(unittest.TestCase):
    """Ptolemy II's MoML as Vergil writes it: --verbose tells what reading passed over."""

    MODEL = "tests/models/ptolemy-vergil.xml"
    IGNORED = ("ignored 18 drawing and documentation attributes (_location 4, vertex 2, "
               "TextAttribute 1, _cardinal 1, _hideName 1, _layoutHint 1, "
               "_showName 1, _vergilCenter 1, _vergilSize 1, _vergilZoomFactor 1, "
               "_windowProperties 1, author 1, doc 1, signalType 1)")
    RENAMED = ("renamed 10 classes of older Ptolemy II versions (ptolemy.domains.fsm.kernel.* 7, "
               "ptolemy.kernel.util.VersionAttribute 1, ptolemy.moml.Location 1, "
               "ptolemy.moml.SharedParameter 1)")

    def notes(self, stderr):
        prefix = "hyco: " + self.MODEL + ": "
        return [line[len(prefix):] for line in stderr.splitlines() if line.startswith(prefix)]

    def test_quiet_without_verbose(self):
        for command in ("run", "inspect"):
            result = hyco(command, self.MODEL)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(result.stderr, "", command)

    def test_verbose_inspect(self):
        plain = hyco("inspect", self.MODEL)
        for option in ("--verbose", "-v"):
            result = hyco("inspect", option, self.MODEL)
            self.assertEqual(result.returncode, 0, result.stderr)
            # Standard output is the same; the notes go to standard error, one line each.
            self.assertEqual(result.stdout, plain.stdout)
            notes = self.notes(result.stderr)
            self.assertEqual(len(notes), 3, result.stderr)
            self.assertEqual(notes[0], self.IGNORED)
            self.assertEqual(notes[1], self.RENAMED)
            self.assertTrue(notes[2].startswith("accepted 2 attributes that change nothing"))

    def test_verbose_run(self):
        result = hyco("run", "--verbose", "--quiet", self.MODEL)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")
        self.assertEqual(self.notes(result.stderr)[:2], [self.IGNORED, self.RENAMED])

    def test_verbose_with_nothing_to_say(self):
        result = hyco("inspect", "--verbose", "models/simultaneous-events.xml")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")

    def test_unknown_class_suggests(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "m.xml")
            with open(path, "w") as f:
                f.write('<entity name="top" class="ptolemy.actor.TypedCompositeActor">\n'
                        '  <entity name="Gate" class="ptolemy.actor.lib.logic.LogicGate"/>\n'
                        '</entity>\n')
            result = hyco("inspect", path)
        self.assertEqual(result.returncode, 2)
        self.assertIn(':2: entity "Gate": no actor class named '
                      '"ptolemy.actor.lib.logic.LogicGate" (Hyco has "LogicalOperator")', result.stderr)

    def test_in_help_and_man_page(self):
        for command in ("run", "inspect"):
            self.assertIn("--verbose", hyco(command, "--help").stdout, command)
        with open(os.path.join(os.path.dirname(HYCO), "hyco.1")) as f:
            self.assertIn("drawing and documentation attributes", f.read())


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
        # The other names a model file may use, under the class they name.
        self.assertRegex(result.stdout, r"(?m)^Gain - .*\n    also named Scale\n")
        self.assertRegex(result.stdout, r"(?m)^FSMDirector \(director\)\n    also named "
                                        r"ModalDirector\n")


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

    def test_structured_names_and_ranges(self):
        result = self.info(os.path.join(FMU_DIR, "foreign_tool.fmu"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("    oscillator.mu (parameter, tunable Real), value reference 0, start 1.0, "
                      "min 0, max 10\n", result.stdout)
        self.assertIn("    sensor.position (output, continuous Real), value reference 4, unit m, "
                      "depends on no input\n", result.stdout)

    def test_enumeration_items(self):
        # Each Enumeration variable lists its type's items: name = value, description.
        result = self.info(os.path.join(FMU_DIR, "probe.fmu"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("    mode (input, discrete Enumeration), value reference 1, start 1\n"
                      "      reported as modeOut\n"
                      "      off = 1, not running\n"
                      "      slow = 2\n"
                      "      fast = 4, full speed\n", result.stdout)
        self.assertIn("    modeOut (output, discrete Enumeration), value reference 10, depends on "
                      "no input\n      mode at the last step\n      off = 1, not running\n",
                      result.stdout)

    def test_asynchronous_capability(self):
        # The standard's spelling, canRunAsynchronuously.
        result = self.info(os.path.join(FMU_DIR, "faulty.fmu"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"(?m)^  capabilities .* canRunAsynchronuously ")
        result = self.info(os.path.join(FMU_DIR, "probe.fmu"))
        self.assertNotIn("canRunAsynchronuously", result.stdout)

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

    def test_tolerated_description_error(self):
        path = os.path.join(FMU_DIR, "broken", "dependency-on-parameter.fmu")
        result = self.info(path)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: {path}: modelDescription.xml:70: Unknown: dependency 3 is k, a "
                         "parameter, which FMI 2.0 does not list among the knowns of an output; "
                         "ignored: the output depends on the inputs listed besides it\n")
        self.assertIn("    y (output, continuous Real), value reference 2, unit mm, depends on u\n",
                      result.stdout)

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


class FmuTestCase(unittest.TestCase):
    """Runs that use the test FMUs: found through HYCO_FMU_PATH, unpacked into a private
    TMPDIR, which must be empty at the end, after failures as after successful runs."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = tempfile.TemporaryDirectory()
        fmus = os.path.normpath(os.path.join(os.path.dirname(HYCO), "..", "tests", "fmus"))
        self.env = dict(os.environ, TMPDIR=self.tmp.name, HYCO_FMU_PATH=fmus)
        for variable in ("HYCO_FAULTY_FAIL_AT", "HYCO_FAULTY_LOAD", "HYCO_FAULTY_LOAD_MARKER",
                         "HYCO_FMU_TRANSPORT"):
            self.env.pop(variable, None)
        self.trace = os.path.join(self.dir.name, "trace.csv")

    def tearDown(self):
        self.assertEqual(os.listdir(self.tmp.name), [])
        self.tmp.cleanup()
        self.dir.cleanup()

    def rewritten(self, name, old, new, file_name="changed.fmu"):
        """A copy of the test FMU @name, named @file_name, whose description has @old replaced
        by @new."""
        import zipfile
        path = os.path.join(self.dir.name, file_name)
        with zipfile.ZipFile(os.path.join(self.env["HYCO_FMU_PATH"], name)) as source, \
                zipfile.ZipFile(path, "w") as target:
            for item in source.infolist():
                data = source.read(item.filename)
                if item.filename == "modelDescription.xml":
                    self.assertIn(old, data)
                    data = data.replace(old, new)
                target.writestr(item, data)
        return path


class FmuModelExchange(FmuTestCase):
    """Model Exchange FMUs (tests/fmus/me/): hyco fmu info and hyco fmu run with a solver, and
    in a model file under a continuous director. FMI 2.0 here; FmuModelExchange3 runs the same
    cases with the FMI 3.0 twins (NAME3)."""

    V = ""  # the FMI version's suffix of the test FMUs' names
    ISOLATION = "none"

    def fmu_run(self, *args):
        if self.ISOLATION != "none":
            args = (*args, "--set", "isolation=" + self.ISOLATION)
        return subprocess.run([HYCO, "fmu", "run", "--quiet", *args], capture_output=True,
                              text=True, timeout=60, env=self.env)

    def isolated(self, model):
        """@model with each FMU actor's isolation set as the class says."""
        if self.ISOLATION == "none":
            return model
        return re.sub(r'(<property name="fmuFile"[^>]*/>)',
                      r'\1<property name="isolation" value="%s"/>' % self.ISOLATION, model)

    def rows(self, signal):
        with open(self.trace, newline="") as f:
            return [(float(row[1]), int(row[2]), float(row[3])) for row in csv.reader(f)
                    if row[0] == signal]

    def test_info(self):
        path = os.path.join(self.env["HYCO_FMU_PATH"], f"bouncing_ball_me{self.V}.fmu")
        result = subprocess.run([HYCO, "fmu", "info", path],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("FMI version     2.0, model exchange\n", result.stdout)
        self.assertIn("model exchange  library binaries/linux64/bouncing_ball_me.so, 2 states "
                      "(h, v), 1 event indicator\n", result.stdout)
        # No co-simulation interface: no co-simulation category or capabilities claimed.
        self.assertNotIn("category", result.stdout)
        self.assertNotIn("capabilities", result.stdout)

    def test_run_each_solver(self):
        """The first impact at sqrt(2 h0 / g), located to the tolerance, the bounce at the next
        microstep with v = -e v exactly; --set changes a parameter (e) and a start (h)."""
        for solver, bound in (("ExplicitRK45Solver", 1e-6), ("ExplicitRK23Solver", 1e-6),
                              ("CVODE", 2e-5)):
            ball = f"bouncing_ball_me{self.V}"
            result = self.fmu_run(ball + ".fmu", "--solver", solver, "--stop-time", "1",
                                  "--set", "e=0.5", "--set", "h=2", "--trace", self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            bounces = [(t, m) for t, m, v in self.rows(ball + ".h") if m == 1]
            self.assertEqual(len(bounces), 1, (solver, bounces))
            t = bounces[0][0]
            self.assertLess(abs(t - math.sqrt(2 * 2 / 9.81)), bound, solver)
            speed = dict(((t_, m), v) for t_, m, v in self.rows(ball + ".v"))
            self.assertEqual(speed[(t, 1)], -0.5 * speed[(t, 0)], solver)
            self.assertLess(abs(speed[(t, 0)] + math.sqrt(2 * 9.81 * 2)), 1e-4, solver)

    def test_model_exchange_only_runs_without_options(self):
        """Through its Model Exchange interface, to its default experiment's stop time (2 s)."""
        result = self.fmu_run(f"time_event_me{self.V}.fmu", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        u = [(t, m, v) for t, m, v in self.rows(f"time_event_me{self.V}.u")]
        self.assertIn((0.5, 0, 1.0), u)
        self.assertIn((0.5, 1, -1.0), u)
        self.assertEqual(u[-1][0], 2.0)

    def test_unknown_variable(self):
        result = self.fmu_run(f"stiff_me{self.V}.fmu", "--set", "nope=1")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--set nope=1: ", result.stderr)
        self.assertIn("has no variable nope", result.stderr)

    def test_enumeration_items_in_their_version_range(self):
        """An Enumeration item's value is an Int64 in FMI 3.0, an Integer in FMI 2.0."""
        path = self.rewritten(f"types_me{self.V}.fmu", b'<Item name="fast" value="4"/>',
                              b'<Item name="fast" value="5000000000"/>')
        result = subprocess.run([HYCO, "fmu", "info", path],
                                capture_output=True, text=True, timeout=60, env=self.env)
        if self.V != "3":
            self.assertEqual(result.returncode, 2)
            self.assertIn('Item "fast": value="5000000000" is not an Integer', result.stderr)
            return
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("      off = 1\n      slow = 2\n      fast = 5000000000\n", result.stdout)
        result = self.fmu_run(path, "-t", "0", "--set", "mode=5000000000", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("changed.mode_out"), [(0.0, 0, 5000000000)])
        result = self.fmu_run(path, "-t", "0", "--set", "mode=3")
        self.assertEqual(result.returncode, 2)
        self.assertIn("(one of off = 1, slow = 2, fast = 5000000000)", result.stderr)

    def test_model_file(self):
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="ContinuousDirector">
    <property name="stopTime" value="1"/>
    <property name="ODESolver" value="CVODE"/>
  </property>
  <entity name="S" class="FMUModelExchange">
    <property name="fmuFile" value="stiff_me{self.V}.fmu"/>
  </entity>
  <entity name="R" class="Recorder"/>
  <relation name="r" class="TypedIORelation"/>
  <link port="S.x" relation="r"/>
  <link port="R.input" relation="r"/>
</entity>
"""))
        result = subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        last = self.rows("m.S.x")[-1] if self.rows("m.S.x") else self.rows("S.x")[-1]
        self.assertEqual(last[0], 1.0)
        self.assertLess(abs(last[2] - math.cos(1.0)), 1e-4)

    def test_fmu_next_to_the_model_file(self):
        shutil.copy(os.path.join(self.env["HYCO_FMU_PATH"], f"stiff_me{self.V}.fmu"),
                    self.dir.name)
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="ContinuousDirector">
    <property name="stopTime" value="0.1"/>
    <property name="ODESolver" value="CVODE"/>
  </property>
  <entity name="S" class="FMUModelExchange">
    <property name="fmuFile" value="stiff_me{self.V}.fmu"/>
  </entity>
</entity>
"""))
        env = dict(self.env)
        env.pop("HYCO_FMU_PATH")
        result = subprocess.run([HYCO, "run", "--quiet", path], capture_output=True, text=True,
                                timeout=60, env=env, cwd="/")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_in_a_continuous_composite_under_de(self):
        """The continuous composite steps ahead and is fired at the container's tags: the
        impacts still at the analytic times, bounces at microstep 1."""
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="DEDirector">
    <property name="stopTime" value="1.2"/>
  </property>
  <entity name="C" class="TypedCompositeActor">
    <property name="Director" class="ContinuousDirector"/>
    <port name="h" class="TypedIOPort"><property name="output"/></port>
    <entity name="B" class="FMUModelExchange">
      <property name="fmuFile" value="bouncing_ball_me{self.V}.fmu"/>
    </entity>
    <relation name="r" class="TypedIORelation"/>
    <link port="B.h" relation="r"/>
    <link port="h" relation="r"/>
  </entity>
  <entity name="R" class="Recorder"/>
  <relation name="r" class="TypedIORelation"/>
  <link port="C.h" relation="r"/>
  <link port="R.input" relation="r"/>
</entity>
"""))
        result = subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        bounces = [t for t, m, v in self.rows("C.h") if m == 1]
        first = math.sqrt(2 / 9.81)
        second = first + 2 * 0.7 * 9.81 * first / 9.81
        self.assertEqual(len(bounces), 2, bounces)
        self.assertLess(abs(bounces[0] - first), 1e-6)
        self.assertLess(abs(bounces[1] - second), 2e-6)

    def test_cvode_in_a_composite_under_de_as_at_the_top_level(self):
        """Inside a composite, CVODE takes the step it computed ahead when the container fires
        at its end, and goes on from it: the same steps, so the same impact tags as at the top
        level. (Restarting it at every step gave impacts up to 1e-4 s early.)"""
        ball = f"bouncing_ball_me{self.V}.fmu"
        director = ('<property name="Director" class="ContinuousDirector">'
                    '<property name="ODESolver" value="CVODE"/>{stop}</property>')
        models = {
            "top": f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  {director.format(stop='<property name="stopTime" value="1.2"/>')}
  <entity name="B" class="FMUModelExchange"><property name="fmuFile" value="{ball}"/></entity>
  <entity name="R" class="Recorder"/>
  <relation name="r" class="TypedIORelation"/>
  <link port="B.h" relation="r"/>
  <link port="R.input" relation="r"/>
</entity>
""",
            "nested": f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="DEDirector"><property name="stopTime" value="1.2"/></property>
  <entity name="C" class="TypedCompositeActor">
    {director.format(stop="")}
    <port name="h" class="TypedIOPort"><property name="output"/></port>
    <entity name="B" class="FMUModelExchange"><property name="fmuFile" value="{ball}"/></entity>
    <relation name="r" class="TypedIORelation"/>
    <link port="B.h" relation="r"/>
    <link port="h" relation="r"/>
  </entity>
  <entity name="R" class="Recorder"/>
  <relation name="r" class="TypedIORelation"/>
  <link port="C.h" relation="r"/>
  <link port="R.input" relation="r"/>
</entity>
"""}
        bounces = {}
        for name, text in models.items():
            path = os.path.join(self.dir.name, name + ".xml")
            with open(path, "w") as f:
                f.write(self.isolated(text))
            result = subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                                    capture_output=True, text=True, timeout=60, env=self.env)
            self.assertEqual(result.returncode, 0, result.stderr)
            signal = "B.h" if name == "top" else "C.h"
            bounces[name] = [t for t, m, v in self.rows(signal) if m == 1]
        self.assertEqual(len(bounces["top"]), 2, bounces)
        self.assertEqual(bounces["nested"], bounces["top"])
        self.assertLess(abs(bounces["top"][0] - math.sqrt(2 / 9.81)), 2e-4)

    def test_under_de_exits_1_saying_where_it_belongs(self):
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="DEDirector">
    <property name="stopTime" value="1"/>
  </property>
  <entity name="S" class="FMUModelExchange">
    <property name="fmuFile" value="stiff_me{self.V}.fmu"/>
  </entity>
</entity>
"""))
        result = subprocess.run([HYCO, "run", "--quiet", path], capture_output=True, text=True,
                                timeout=60, env=self.env)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(f"stiff_me{self.V}.fmu is a Model Exchange FMU", result.stderr)
        self.assertIn("ContinuousDirector", result.stderr)


    # What types_me(3) computes at each tag, from the discrete inputs below: Int8 n is a
    # continuous signal changing at 0 and 0.5 (seen at microstep 1), word and data discrete
    # events at 0 and 0.25 or 0.5, absent again by the event iteration.
    TYPES_SOURCES = {
        "n": ("ContinuousClock", "{2, 5}", "{0.0, 0.5}"),
        "word": ("Clock", '{&quot;ab&quot;, &quot;xyz&quot;}', "{0.0, 0.5}"),
        "mode": ("Clock", "{4, 2}", "{0.0, 0.25}"),
        "flag": ("Clock", "{true, false}", "{0.0, 0.5}"),
    }
    TYPES_SOURCES3 = {
        "data": ("Clock", "{0x0a0b, 0xc0ffee}", "{0.0, 0.25}"),
        "u64": ("Clock", "{41, 9223372036854775806}", "{0.0, 0.5}"),
        "f32": ("Clock", "{3.0, 0.1}", "{0.0, 0.25}"),
    }

    def types_model(self, sources, stop="1"):
        entities, links = [], []
        for port, (cls, values, offsets) in sources.items():
            entities.append(f"""  <entity name="S_{port}" class="{cls}">
    <property name="period" value="2"/>
    <property name="offsets" value="{offsets}"/>
    <property name="values" value="{values}"/>
  </entity>""")
            links.append(f"""  <relation name="r_{port}" class="TypedIORelation"/>
  <link port="S_{port}.output" relation="r_{port}"/>
  <link port="F.{port}" relation="r_{port}"/>""")
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="ContinuousDirector">
    <property name="stopTime" value="{stop}"/>
  </property>
{chr(10).join(entities)}
  <entity name="F" class="FMUModelExchange">
    <property name="fmuFile" value="types_me{self.V}.fmu"/>
  </entity>
{chr(10).join(links)}
</entity>
"""))
        return subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                              capture_output=True, text=True, timeout=60, env=self.env)

    def text_rows(self, signal, times=None):
        with open(self.trace, newline="") as f:
            return [(row[1], row[2], row[3]) for row in list(csv.reader(f))[1:]
                    if row[0] == signal and (times is None or row[1] in times)]

    def test_discrete_inputs_of_every_type(self):
        """Each discrete input reaches the FMU in event mode, at the microstep after the tag
        where it changed (a discrete event, absent by then, too); its output changes there and
        nowhere else. Int8 n drives the state: x' = n."""
        sources = dict(self.TYPES_SOURCES, **(self.TYPES_SOURCES3 if self.V else {}))
        result = self.types_model(sources)
        self.assertEqual(result.returncode, 0, result.stderr)
        times = ("0", "0.25", "0.5", "1")
        before, at = [("0", "0")], [("0", "1"), ("0", "2")]
        quarter = [("0.25", "0"), ("0.25", "1"), ("0.25", "2")]
        half = [("0.5", "0"), ("0.5", "1"), ("0.5", "2")]

        def expect(signal, start, first, second, changes_at_quarter=False):
            values = [start] + [first] * 2 + ([first, second, second] if changes_at_quarter
                                              else [first] * 3)
            values += [second] * 3 if changes_at_quarter else [first, second, second]
            values += [second]
            self.assertEqual(self.text_rows("F." + signal, times),
                             [(t, m, v) for (t, m), v in zip(before + at + quarter + half
                                                             + [("1", "0")], values)], signal)

        expect("twice", "2", "4", "10")
        expect("reversed", "cba", "ba", "zyx")
        expect("not_flag", "true", "false", "true")
        expect("mode_out", "1", "4", "2", changes_at_quarter=True)
        # Events: the initial iteration, then one at 0, 0.25 and 0.5 (nothing changed after).
        events = self.text_rows("F.events", times)
        self.assertEqual([v for t, m, v in events], ["1", "2", "2", "2", "3", "3", "3", "4", "4",
                                                     "4"])
        if self.V:
            expect("data_reversed", "0x030201", "0x0b0a", "0xeeffc0", changes_at_quarter=True)
            expect("next64", "1", "42", "9223372036854775807")
            expect("half32", "0", "1.5", "0.05000000074505806", changes_at_quarter=True)
        # x' = n: 2 from (0, 1) to 0.5, then 5.
        x = dict(((t, m), float(v)) for t, m, v in self.text_rows("F.x"))
        self.assertLess(abs(x[("0.5", "0")] - 1.0), 1e-9)
        self.assertLess(abs(x[("1", "0")] - 3.5), 1e-9)

    def test_types_set_from_the_command_line(self):
        """--set gives discrete inputs their start values, each a literal of its type (a String
        as written, quotes stripped; Binary in hexadecimal); what the type cannot take is
        refused before the run (exit 2), naming what it takes."""
        fmu = f"types_me{self.V}.fmu"
        extra = ("--set", "data=0x0a0b0c", "--set", "u64=7") if self.V else ()
        result = self.fmu_run(fmu, "-t", "0", "--trace", self.trace, "--set", "n=-3",
                              "--set", "word=\"hello\"", "--set", "mode=4", "--set", "flag=true",
                              *extra)
        self.assertEqual(result.returncode, 0, result.stderr)
        for signal, value in (("twice", "-6"), ("reversed", "olleh"), ("mode_out", "4"),
                              ("not_flag", "false"), ("events", "1")):
            self.assertEqual(self.text_rows(f"types_me{self.V}.{signal}"), [("0", "0", value)],
                             signal)
        if self.V:
            self.assertEqual(self.text_rows("types_me3.data_reversed"),
                             [("0", "0", "0x0c0b0a")])
            self.assertEqual(self.text_rows("types_me3.next64"), [("0", "0", "8")])
        integer = "Int8" if self.V else "Integer"
        refused = [("mode=3", 'mode: "3" is not a value of the FMU\'s Enumeration variable '
                    '(one of off = 1, slow = 2, fast = 4)'),
                   ("flag=yes", 'flag: "yes" is not a value of the FMU\'s Boolean variable '
                    '(true or false)'),
                   ("n=1.5", f'n: "1.5" is not a value of the FMU\'s {integer} variable')]
        if self.V:
            refused += [("n=200", 'n: "200" is not a value of the FMU\'s Int8 variable'),
                        ("data=010203040506070809", 'data: "010203040506070809" is not a value '
                         'of the FMU\'s Binary variable (bytes, in hexadecimal two digits each, '
                         'at most 8, its maxSize)')]
        else:
            refused += [("data=0102", f"the FMU types_me.fmu has no variable data that can be "
                                      f"set before its initialization")]
        for setting, message in refused:
            result = self.fmu_run(fmu, "-t", "0", "--set", setting)
            self.assertEqual(result.returncode, 2, setting)
            self.assertIn(message, result.stderr, setting)

    def test_discrete_event_at_a_time_event(self):
        """A discrete input's event (gain 2, present at (0.5, 0) only) at the tag of the FMU's
        own time event: both are handled in the one event iteration from (0.5, 1), so x, the
        integral of gain u, falls at twice the rate after u flips there."""
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="ContinuousDirector">
    <property name="stopTime" value="1"/>
  </property>
  <entity name="G" class="Clock">
    <property name="period" value="2"/>
    <property name="offsets" value="{{0.5}}"/>
    <property name="values" value="{{2.0}}"/>
  </entity>
  <entity name="F" class="FMUModelExchange">
    <property name="fmuFile" value="time_event_me{self.V}.fmu"/>
  </entity>
  <relation name="r" class="TypedIORelation"/>
  <link port="G.output" relation="r"/>
  <link port="F.gain" relation="r"/>
</entity>
"""))
        result = subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        x = dict(((t, m), v) for t, m, v in self.rows("F.x"))
        self.assertLess(abs(x[(0.5, 0)] - 0.5), 1e-9)
        self.assertLess(abs(x[(1.0, 0)] + 0.5), 1e-9)

    def test_input_of_the_wrong_type_ends_the_run_naming_it(self):
        result = self.types_model({"n": ("Clock", '{&quot;text&quot;, &quot;more&quot;}',
                                         "{0.0, 0.5}")})
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn('input n received "text", which is not a value of the FMU\'s '
                      f'{"Int8" if self.V else "Integer"} variable of that name', result.stderr)


class FmuModelExchange3(FmuModelExchange):
    """FMI 3.0 Model Exchange FMUs (tests/fmus/me/, NAME3: the FMI 2.0 ME test models' equations
    on the strict FMI 3.0 ME runtime): hyco fmu info, hyco fmu run with each solver, and in a
    continuous composite of a model file."""

    V = "3"

    def test_info(self):
        path = os.path.join(self.env["HYCO_FMU_PATH"], "bouncing_ball_me3.fmu")
        result = subprocess.run([HYCO, "fmu", "info", path],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("FMI version     3.0, model exchange\n", result.stdout)
        self.assertIn("model exchange  library binaries/x86_64-linux/bouncing_ball_me3.so, 2 "
                      "states (h, v), 1 event indicator\n", result.stdout)
        self.assertNotIn("category", result.stdout)
        path = os.path.join(self.env["HYCO_FMU_PATH"], "time_event_me3.fmu")
        result = subprocess.run([HYCO, "fmu", "info", path],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertIn("1 state (x), 0 event indicators, needsCompletedIntegratorStep\n",
                      result.stdout)
        # An EnumerationType's items, a BinaryType's mimeType and maxSize.
        path = os.path.join(self.env["HYCO_FMU_PATH"], "types_me3.fmu")
        result = subprocess.run([HYCO, "fmu", "info", path],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertIn("    mode (input, discrete Enumeration), value reference 112, start 1\n"
                      "      off = 1\n      slow = 2\n      fast = 4\n", result.stdout)
        self.assertIn("    data (input, discrete Binary), value reference 110, start 010203, "
                      "mimeType application/x-hyco-packet, maxSize 8\n", result.stdout)

    def test_time_events_at_exact_tags(self):
        """Time events every period (0.5 s): u flips at microstep 1, count follows at 2; x, the
        integral of u, is a triangle wave (exact: its derivative is piecewise constant)."""
        for solver in ("ExplicitRK45Solver", "CVODE"):
            result = self.fmu_run("time_event_me3.fmu", "--solver", solver, "--stop-time", "2",
                                  "--trace", self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            # After the two iteration steps, continuous time resumes at microstep 3.
            u = [(t, m, v) for t, m, v in self.rows("time_event_me3.u") if m > 0]
            count = [(t, m, v) for t, m, v in self.rows("time_event_me3.count") if m == 2]
            self.assertEqual(u, [(t, m, v) for t, v in ((0.5, -1.0), (1.0, 1.0), (1.5, -1.0),
                                                        (2.0, 1.0)) for m in (1, 2, 3)],
                             solver)
            self.assertEqual(count, [(0.5, 2, 1.0), (1.0, 2, 2.0), (1.5, 2, 3.0), (2.0, 2, 4.0)],
                             solver)
            x = dict(((t, m), v) for t, m, v in self.rows("time_event_me3.x"))
            for t, expected in ((0.5, 0.5), (1.0, 0.0), (1.5, 0.5), (2.0, 0.0)):
                self.assertLess(abs(x[(t, 0)] - expected), 1e-9, (solver, t))

    def test_stiff_with_cvode(self):
        """x follows cos t (k = 10^4), y decays as e^-t with nominal 0.1."""
        result = self.fmu_run("stiff_me3.fmu", "--solver", "CVODE", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        x, y = self.rows("stiff_me3.x")[-1], self.rows("stiff_me3.y")[-1]
        self.assertEqual((x[0], y[0]), (1.0, 1.0))
        self.assertLess(abs(x[2] - math.cos(1.0)), 1e-4)
        self.assertLess(abs(y[2] - math.exp(-1.0)), 1e-4)

    def test_same_trace_as_the_fmi2_twin(self):
        """The same equations through either version's interface: the same values at the same
        tags."""
        for name in ("bouncing_ball_me", "stiff_me", "time_event_me"):
            traces = []
            for fmu in (name, name + "3"):
                result = self.fmu_run(fmu + ".fmu", "--solver", "CVODE", "--trace", self.trace)
                self.assertEqual(result.returncode, 0, result.stderr)
                with open(self.trace) as f:
                    traces.append(f.read().replace(fmu + ".", "FMU."))
            self.assertGreater(traces[0].count("\n"), 10, name)
            self.assertEqual(traces[0], traces[1], name)

    def test_discrete_input_set_in_event_mode(self):
        """A discrete input (gain) is set in event mode only, which the strict runtimes demand:
        its first value is an event at (0, 1), from which x rises at twice the rate; a constant
        value causes no further event. The same in both FMI versions."""
        for fmu in ("time_event_me", "time_event_me3"):
            path = os.path.join(self.dir.name, "model.xml")
            with open(path, "w") as f:
                f.write(self.isolated(f"""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="ContinuousDirector">
    <property name="stopTime" value="1"/>
  </property>
  <entity name="K" class="Const"><property name="value" value="2.0"/></entity>
  <entity name="F" class="FMUModelExchange">
    <property name="fmuFile" value="{fmu}.fmu"/>
  </entity>
  <relation name="r" class="TypedIORelation"/>
  <link port="K.output" relation="r"/>
  <link port="F.gain" relation="r"/>
</entity>
"""))
            result = subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                                    capture_output=True, text=True, timeout=60, env=self.env)
            self.assertEqual(result.returncode, 0, result.stderr)
            x = dict(((t, m), v) for t, m, v in self.rows("F.x"))
            self.assertEqual(sorted(k for k in x if k[1] > 0),
                             [(0.0, 1), (0.0, 2), (0.5, 1), (0.5, 2), (0.5, 3), (1.0, 1),
                              (1.0, 2), (1.0, 3)], fmu)
            self.assertLess(abs(x[(0.5, 0)] - 1.0), 1e-9, fmu)
            self.assertLess(abs(x[(1.0, 0)]), 1e-9, fmu)

    def test_description_errors(self):
        """A derivative attribute that names no variable: the description's line; a library
        whose counts are not the description's: both named, when the run instantiates it."""
        path = self.rewritten("bouncing_ball_me3.fmu", b'derivative="2"', b'derivative="77"')
        result = self.fmu_run(path)
        self.assertEqual(result.returncode, 2)
        self.assertIn("changed.fmu: modelDescription.xml:25: ModelStructure: the derivative "
                      "attribute of der(v), 77, is not the value reference of a variable",
                      result.stderr)
        path = self.rewritten("bouncing_ball_me3.fmu", b'<EventIndicator valueReference="0"/>',
                              b'<EventIndicator valueReference="0"/><EventIndicator '
                              b'valueReference="2"/>')
        result = self.fmu_run(path)
        self.assertEqual(result.returncode, 1)
        self.assertIn("FMU bouncing_ball_me3 (changed): the library has 2 continuous states and "
                      "1 event indicators, its modelDescription.xml 2 and 2 "
                      "(ContinuousStateDerivative and EventIndicator elements)", result.stderr)

    def test_in_fmu_import_names_the_class_to_use(self):
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.isolated("""<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="DEDirector">
    <property name="stopTime" value="1"/>
  </property>
  <entity name="S" class="FMUImport">
    <property name="fmuFile" value="stiff_me3.fmu"/>
  </entity>
</entity>
"""))
        result = subprocess.run([HYCO, "run", "--quiet", path], capture_output=True, text=True,
                                timeout=60, env=self.env)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("stiff_me3.fmu is a Model Exchange FMU (no CoSimulation element): use it "
                      "in an FMUModelExchange actor", result.stderr)


class FmuModelExchangeIsolated(FmuModelExchange):
    """Every FMI 2.0 Model Exchange case again, the FMU in a process of its own."""

    ISOLATION = "process"


class FmuModelExchange3Isolated(FmuModelExchange3):
    """Every FMI 3.0 Model Exchange case again, the FMU in a process of its own."""

    ISOLATION = "process"


class Fmi3ClockFractions(FmuTestCase):
    """FMI 3.0 constant clocks given as fractions (intervalCounter / resolution): fraction3 is
    periodic3's library with its clock sample every 1/3 s."""

    def test_ticks_exact_without_drift(self):
        """The k-th tick at k/3 s rounded to the nanosecond: 1 s and 2 s exactly, where adding
        a rounded 0.333333333 s would have drifted to 0.999999999 s."""
        trace = os.path.join(self.dir.name, "trace.csv")
        result = subprocess.run([HYCO, "fmu", "run", "--quiet",
                                 os.path.join(self.env["HYCO_FMU_PATH"], "fraction3.fmu"),
                                 "--trace", trace], capture_output=True, text=True, timeout=60,
                                env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(trace, newline="") as f:
            samples = [(row[1], row[2], row[3]) for row in csv.reader(f)
                       if row[0] == "fraction3.samples"]
        self.assertEqual(samples, [("0", "0", "1"), ("0.333333333", "0", "2"),
                                   ("0.666666667", "0", "3"), ("1", "0", "4"),
                                   ("1.333333333", "0", "5"), ("1.666666667", "0", "6"),
                                   ("2", "0", "7")])


class FmuRun(FmuTestCase):
    """hyco run on models with FMUImport actors (the test FMUs, tests/fmus/README.md): exit
    statuses, messages that name the model file, the actor, the FMU and the FMI call."""

    MODEL = """<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="{director}">
    <property name="stopTime" value="{stop_time}"/>
  </property>
{body}</entity>
"""

    def model(self, director, stop_time, body):
        """A model file: its first entity at line 6, that entity's first property at line 7."""
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(self.MODEL.format(director=director, stop_time=stop_time, body=body))
        return path

    def run_hyco(self, path, *args, env=None):
        return subprocess.run([HYCO, "run", "--quiet", path, *args], capture_output=True,
                              text=True, timeout=60, env=env or self.env)

    def values(self, signal):
        with open(self.trace, newline="") as f:
            return [(row[1], row[2], float(row[3])) for row in csv.reader(f) if row[0] == signal]

    @staticmethod
    def fmu(name, file, properties=""):
        return (f'  <entity name="{name}" class="FMUImport">\n'
                f'    <property name="fmuFile" value="{file}"/>\n{properties}  </entity>\n')

    @staticmethod
    def recorded(port):
        return ('  <entity name="R" class="Recorder"/>\n'
                '  <relation name="r" class="TypedIORelation"/>\n'
                f'  <link port="{port}" relation="r"/>\n'
                '  <link port="R.input" relation="r"/>\n')

    def test_unloadable_fmu_exits_2_where_fmu_file_is_set(self):
        for name, message in (
                ("no-such.fmu", "no-such.fmu: no such file"),
                ("broken/parent-path.fmu", 'is refused: a ".." component'),
                ("broken/absolute-path.fmu", "is refused: an absolute path"),
                ("broken/no-binary.fmu", "no binaries/linux64/loader.so"),
                ("broken/bad-xml.fmu", "modelDescription.xml:69: malformed XML"),
                ("broken/missing-function.fmu", "does not export fmi2DoStep")):
            path = self.model("DEDirector", "1", self.fmu("F", name))
            result = self.run_hyco(path)
            self.assertEqual(result.returncode, 2, name)
            self.assertEqual(result.stdout, "", name)
            self.assertTrue(
                result.stderr.startswith(f'hyco: error: {path}:7: property "fmuFile": '),
                result.stderr)
            self.assertIn(os.path.basename(name) + ": ", result.stderr)
            self.assertIn(message, result.stderr)
            self.assertEqual(os.listdir(self.tmp.name), [], name)

    def faulty(self, fail_at, director="DEDirector"):
        # Under DE stepped every 0.25 s, its input u fed from its own output t, which depends
        # on no input; under the continuous director, u from a ramp.
        if director == "DEDirector":
            body = self.fmu("F", "faulty.fmu",
                            f'    <property name="failAt" value="{fail_at}"/>\n'
                            '    <property name="communicationStepSize" value="0.25"/>\n')
            body += ('  <relation name="t" class="TypedIORelation"/>\n'
                     '  <link port="F.t" relation="t"/>\n'
                     '  <link port="F.u" relation="t"/>\n')
        else:
            body = self.fmu("F", "faulty.fmu", f'    <property name="failAt" value="{fail_at}"/>\n')
            body += ('  <entity name="Ramp" class="ContinuousRamp"/>\n'
                     '  <relation name="u" class="TypedIORelation"/>\n'
                     '  <link port="Ramp.output" relation="u"/>\n'
                     '  <link port="F.u" relation="u"/>\n')
        return self.model(director, "2", body)

    def test_fmu_calling_exit_cannot_end_the_run_as_a_success(self):
        path = self.faulty(9)
        with open(self.trace, "w") as f:
            f.write("earlier\n")
        result = self.run_hyco(path, "--trace", self.trace)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("the run was ended by a call to exit() from the model's code", result.stderr)
        with open(self.trace) as f:
            self.assertEqual(f.read(), "earlier\n")
        # What the killed run left (its unpacked FMU, its unfinished trace) goes at the next.
        for name in os.listdir(self.tmp.name):
            self.assertTrue(name.startswith("hyco-fmu-"), name)
        self.assertEqual(self.run_hyco(self.faulty(0), "--trace", self.trace).returncode, 0)
        self.assertEqual([n for n in os.listdir(self.dir.name) if n.startswith(".")], [])

    def test_flood_of_fmu_messages_is_limited_and_counted(self):
        # 1000 steps, a warning at each: the first 100 shown, then one line saying the rest
        # are counted, and their number at the end.
        path = self.faulty(11)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace('value="0.25"', 'value="0.002"'))
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stderr.splitlines()
        self.assertEqual(sum("a warning on purpose" in line for line in lines), 100)
        self.assertIn("hyco: F: 100 messages shown: the FMU's further messages are counted, "
                      "not shown", lines)
        self.assertEqual(lines[-1], "hyco: F: 400 more messages of the FMU were not shown")

    def test_second_interrupt_ends_a_run_stuck_in_an_fmu(self):
        path = self.faulty(10)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace('<property name="failAt"',
                                 '<property name="fmuLogging" value="true"/>\n'
                                 '    <property name="failAtTime" value="0"/>\n'
                                 '    <property name="failAt"'))
        process = subprocess.Popen([HYCO, "run", "--quiet", path], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True, env=self.env)
        # Once the FMU says it hangs, the first Ctrl-C cannot stop the run; the second does.
        for line in process.stderr:
            if "hangs on purpose" in line:
                break
        process.send_signal(signal.SIGINT)
        self.assertIn("interrupted, stopping the run", process.stderr.readline())
        process.send_signal(signal.SIGINT)
        err = process.stderr.read()
        self.assertEqual(process.wait(timeout=60), 1)
        process.stderr.close()
        self.assertIn("interrupted again: stopping now", err)
        # Its unpacked FMU goes at the next start.
        self.assertEqual(self.run_hyco(self.faulty(0)).returncode, 0)

    def test_failing_fmu_exits_1_naming_actor_fmu_and_call(self):
        for fail_at, call, reason in (
                (1, "fmi2DoStep returned fmi2Error", "doStep fails on purpose at 1 (failAt=1)"),
                (2, "fmi2GetReal returned fmi2Error",
                 "fmi2GetReal fails on purpose at 1 (failAt=2)"),
                (3, "fmi2SetReal returned fmi2Error",
                 "fmi2SetReal fails on purpose at 1 (failAt=3)"),
                (5, "fmi2DoStep returned fmi2Fatal",
                 "doStep fails fatally on purpose at 1 (failAt=5)"),
                (7, "fmi2ExitInitializationMode returned fmi2Error",
                 "fmi2ExitInitializationMode fails on purpose (failAt=7)")):
            path = self.faulty(fail_at)
            result = self.run_hyco(path, "--trace", self.trace)
            self.assertEqual(result.returncode, 1, f"failAt={fail_at}: {result.stderr}")
            self.assertEqual(result.stderr,
                             f"hyco: error: {path}: F: FMU faulty (F): {call}: {reason}\n")
            self.assertEqual(os.listdir(self.tmp.name), [], f"failAt={fail_at}")
            if fail_at == 1:
                # The trace up to the failure is written: t every 0.25 s up to 1.
                self.assertEqual([v[2] for v in self.values("F.t")], [0, 0.25, 0.5, 0.75, 1])

    def test_failing_instantiate_exits_1(self):
        path = self.faulty(0)
        result = self.run_hyco(path, env=dict(self.env, HYCO_FAULTY_FAIL_AT="4"))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: error: {path}: F: FMU faulty (F): fmi2Instantiate failed: "
                         "fmi2Instantiate fails on purpose (HYCO_FAULTY_FAIL_AT=4)\n")
        # Without the variable the same model runs to its end.
        self.assertEqual(self.run_hyco(path).returncode, 0)

    def test_failing_fmu_under_continuous_director(self):
        # A plain FMU's fmi2Error is an error (FMI 2.0 section 2.1.3), with the FMU's message:
        # not a discarded step retried smaller and smaller down to one tick. The error comes
        # from the first step that ends after failAtTime = 1 s, taken from below 1 s.
        path = self.faulty(1, "ContinuousDirector")
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertRegex(result.stderr,
                         "^" + re.escape(f"hyco: error: {path}: F: FMU faulty (F): fmi2DoStep "
                                         "returned fmi2Error: doStep fails on purpose at 0.")
                         + r"\d+ \(failAt=1\)\n$")
        # A fatal error is not retried, and after it the FMU is not called again (the test FMU
        # says so on standard error when it is), though the director saved its states.
        path = self.faulty(5, "ContinuousDirector")
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertRegex(result.stderr,
                         "^" + re.escape(f"hyco: error: {path}: F: FMU faulty (F): fmi2DoStep "
                                         "returned fmi2Fatal: doStep fails fatally on purpose at "
                                         "0.") + r"\d+ \(failAt=5\)\n$")

    def test_no_call_after_fatal(self):
        # FMI 2.0 section 2.1.3: after fmi2Fatal no function of the FMU may be called, not even
        # fmi2FreeInstance or fmi2Terminate; the run ends with the FMU's message.
        path = self.faulty(5)
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: error: {path}: F: FMU faulty (F): fmi2DoStep returned fmi2Fatal: "
                         "doStep fails fatally on purpose at 1 (failAt=5)\n")
        self.assertNotIn("called after fmi2Fatal", result.stderr)

    def test_asynchronous_fmu_refused(self):
        # fmi2Pending: the FMU would compute the step asynchronously, which Hyco does not do.
        path = self.faulty(8)
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: error: {path}: F: FMU faulty (F): fmi2DoStep returned "
                         "fmi2Pending: the FMU computes asynchronously (canRunAsynchronuously), "
                         "and asynchronous FMUs are not supported\n")

    def probes(self, director, stop_time, properties="", extra="", director_properties=""):
        body = self.fmu("P", "probe.fmu", properties) + extra
        path = self.model(director, stop_time, body)
        if director_properties:
            with open(path) as f:
                text = f.read()
            text = text.replace('    <property name="stopTime"',
                                director_properties + '    <property name="stopTime"')
            with open(path, "w") as f:
                f.write(text)
        return path

    def test_tolerance_and_stop_time_told_to_the_fmu(self):
        step = '    <property name="communicationStepSize" value="0.5"/>\n'
        # Under DE: the default experiment's tolerance (1e-05), or the actor's fmuTolerance;
        # the run's stop time in fmi2SetupExperiment.
        for properties, tolerance in (("", 1e-5),
                                      ('    <property name="fmuTolerance" value="1e-3"/>\n',
                                       1e-3)):
            path = self.probes("DEDirector", "2.5", step + properties)
            result = self.run_hyco(path, "--trace", self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(self.values("P.tolerance")[0], ("0", "0", tolerance))
            self.assertEqual(self.values("P.stopTime")[0], ("0", "0", 2.5))
        # Under the continuous director: the director's tolerance, unless the actor sets one.
        for director_properties, properties, tolerance in (
                ("", "", 1e-6),  # relativeTolerance's default
                ('    <property name="relativeTolerance" value="1e-8"/>\n', "", 1e-8),
                ('    <property name="errorTolerance" value="1e-4"/>\n', "", 1e-4),
                ('    <property name="relativeTolerance" value="1e-8"/>\n',
                 '    <property name="fmuTolerance" value="0.01"/>\n', 0.01)):
            path = self.probes("ContinuousDirector", "1", properties,
                               director_properties=director_properties)
            result = self.run_hyco(path, "--trace", self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(self.values("P.tolerance")[0], ("0", "0", tolerance),
                             director_properties + properties)
            self.assertEqual(self.values("P.stopTime")[-1][2], 1.0)

    def test_short_last_step_to_the_stop_time(self):
        # A communication step that does not divide the stop time: a short last step to it.
        path = self.probes("DEDirector", "1.3",
                           '    <property name="communicationStepSize" value="0.5"/>\n')
        result = self.run_hyco(path, "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        self.assertEqual([v[0] for v in self.values("P.t")], ["0", "0.5", "1", "1.3"])
        self.assertAlmostEqual(self.values("P.lastStep")[-1][2], 0.3, delta=1e-15)
        self.assertEqual(self.values("P.t")[-1][2], 1.3)

    def test_connected_types_checked_when_prepared(self):
        # A Real into an Integer input, an Integer into a Boolean one: refused when the model
        # is prepared (exit 2), naming the actor, the ports and the types.
        for source, target, message in (
                ("t", "count", "input count is the FMU's Integer variable, and it is connected "
                               "to S.t, a Real variable of its FMU"),
                ("steps", "flag", "input flag is the FMU's Boolean variable, and it is connected "
                                  "to S.steps, an Integer variable of its FMU"),
                ("labelOut", "count", "input count is the FMU's Integer variable, and it is "
                                      "connected to S.labelOut, a String variable of its FMU")):
            extra = (self.fmu("S", "probe.fmu")
                     + '  <relation name="r" class="TypedIORelation"/>\n'
                     f'  <link port="S.{source}" relation="r"/>\n'
                     f'  <link port="P.{target}" relation="r"/>\n')
            path = self.probes("DEDirector", "1",
                               '    <property name="communicationStepSize" value="0.5"/>\n',
                               extra)
            result = self.run_hyco(path)
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertEqual(result.stderr, f"hyco: error: {path}:6: P: {message}: FMI "
                             "connects variables of one type\n")
        # A Real value from another actor fails the run where it arrives.
        extra = ('  <entity name="C" class="Const">\n'
                 '    <property name="value" value="1.0"/>\n  </entity>\n'
                 '  <relation name="r" class="TypedIORelation"/>\n'
                 '  <link port="C.output" relation="r"/>\n'
                 '  <link port="P.count" relation="r"/>\n')
        path = self.probes("DEDirector", "1",
                           '    <property name="communicationStepSize" value="0.5"/>\n', extra)
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: error: {path}: P: input count received 1.0, which the FMU's "
                         "Integer variable of that name cannot take\n")
        # Matching types run: an Integer into an Integer, an Enumeration into an Enumeration.
        extra = (self.fmu("S", "probe.fmu",
                          '    <property name="communicationStepSize" value="0.5"/>\n')
                 + '  <relation name="r" class="TypedIORelation"/>\n'
                 '  <link port="S.steps" relation="r"/>\n'
                 '  <link port="P.count" relation="r"/>\n'
                 '  <relation name="m" class="TypedIORelation"/>\n'
                 '  <link port="S.modeOut" relation="m"/>\n'
                 '  <link port="P.mode" relation="m"/>\n')
        path = self.probes("DEDirector", "1",
                           '    <property name="communicationStepSize" value="0.5"/>\n', extra)
        result = self.run_hyco(path, "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.values("P.countOut")[-1][2], 1)

    def test_enumeration_values_checked(self):
        # mode's items are off = 1, slow = 2, fast = 4: 3 lies between them but is none.
        path = self.probes("DEDirector", "1",
                           '    <property name="communicationStepSize" value="0.5"/>\n')
        result = self.run_hyco(path, "--set", "P.mode=3")
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stderr,
                         "hyco: error: --set P.mode: 3 is none of the values of the FMU's "
                         "Enumeration (off = 1, slow = 2, fast = 4)\n")
        result = self.run_hyco(path, "--set", "P.mode=4", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.values("P.modeOut")[-1][2], 4)
        # A value sent at run time that is none of them fails the run where it arrives.
        extra = ('  <entity name="C" class="Const">\n'
                 '    <property name="value" value="3"/>\n  </entity>\n'
                 '  <relation name="r" class="TypedIORelation"/>\n'
                 '  <link port="C.output" relation="r"/>\n'
                 '  <link port="P.mode" relation="r"/>\n')
        path = self.probes("DEDirector", "1",
                           '    <property name="communicationStepSize" value="0.5"/>\n', extra)
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: error: {path}: P: input mode received 3, which is none of the "
                         "values of the FMU's Enumeration (off = 1, slow = 2, fast = 4)\n")

    def test_string_parameters_quoted_or_not(self):
        path = self.probes("DEDirector", "1",
                           '    <property name="communicationStepSize" value="0.5"/>\n')
        # Unquoted: the text as given; quoted: the text it quotes (the trace's CSV quotes it
        # again, which the reader takes off).
        for text, expected in (("hello", "hello"), ('"hello world"', "hello world"),
                               ('" padded "', " padded "), ('""', ""),
                               ('say "hi"', 'say "hi"')):
            result = self.run_hyco(path, "--set", f"P.label={text}", "--trace", self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(self.trace, newline="") as f:
                rows = [row for row in csv.reader(f) if row[0] == "P.labelOut"]
            self.assertEqual(rows[-1][3], expected, text)

    def test_fmu_that_cannot_save_its_state(self):
        body = self.fmu("D", "dahlquist.fmu",
                        '    <property name="k" value="2"/>\n'
                        '    <property name="x0" value="3"/>\n'
                        '    <property name="communicationStepSize" value="0.1"/>\n')
        body += self.recorded("D.x")
        path = self.model("ContinuousDirector", "1", body)
        result = self.run_hyco(path)
        # A model that cannot run: refused when prepared.
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stderr,
                         f"hyco: error: {path}:6: D: the FMU dahlquist cannot save and restore "
                         "its state (canGetAndSetFMUstate is false), which a continuous director "
                         "needs to roll back its steps; use it under a DE or SR director\n")
        # Under DE, forward Euler at each communication step: x = 3 (1 - 0.2)^n.
        path = self.model("DEDirector", "1", body)
        result = self.run_hyco(path, "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        values = self.values("D.x")
        self.assertEqual([v[0] for v in values],
                         ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"])
        for n, (_, _, x) in enumerate(values):
            self.assertAlmostEqual(x, 3 * 0.8 ** n, delta=1e-14)

    def vanderpol(self, properties=""):
        body = self.fmu("VdP", "vanderpol.fmu",
                        '    <property name="communicationStepSize" value="0.5"/>\n' + properties)
        return self.model("DEDirector", "2", body + self.recorded("VdP.x1"))

    def test_set_fmu_parameters(self):
        # mu = 0: a harmonic oscillator, x1 = x1_0 cos t.
        path = self.vanderpol('    <property name="mu" value="0"/>\n')
        result = self.run_hyco(path, "--trace", self.trace, "--set", "VdP.x1_0=1")
        self.assertEqual(result.returncode, 0, result.stderr)
        values = self.values("VdP.x1")
        self.assertEqual(values[0], ("0", "0", 1.0))
        self.assertEqual(values[-1][:2], ("2", "0"))
        self.assertAlmostEqual(values[-1][2], -0.4161468365471424, delta=1e-9)  # cos 2
        result = self.run_hyco(path, "--trace", self.trace, "--set", "VdP.mu=1")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.values("VdP.x1")[0], ("0", "0", 2.0))
        self.assertGreater(abs(self.values("VdP.x1")[-1][2] - values[-1][2]), 1e-3)

    def test_fmus_stepped_in_parallel(self):
        # director.parallel=true: the two FMUs take their steps at once; the trace and the
        # FMUs' warnings (faulty failAt=11 warns at every step) are those of the serial run.
        body = (self.fmu("VdP", "vanderpol.fmu",
                         '    <property name="communicationStepSize" value="0.5"/>\n')
                + self.fmu("F", "faulty.fmu",
                           '    <property name="communicationStepSize" value="0.5"/>\n'
                           '    <property name="failAt" value="11"/>\n'
                           '    <property name="failAtTime" value="0"/>\n'))
        path = self.model("DEDirector", "2", body + self.recorded("VdP.x1"))
        serial = self.run_hyco(path, "--trace", self.trace)
        self.assertEqual(serial.returncode, 0, serial.stderr)
        with open(self.trace) as f:
            serial_trace = f.read()
        parallel = self.run_hyco(path, "--trace", self.trace, "-s", "director.parallel=true")
        self.assertEqual(parallel.returncode, 0, parallel.stderr)
        with open(self.trace) as f:
            self.assertEqual(f.read(), serial_trace)
        self.assertEqual(parallel.stderr, serial.stderr)
        self.assertEqual(serial.stderr.count("F: logStatusWarning: a warning on purpose at "), 4)
        self.assertEqual(self.values("VdP.x1")[-1][:2], ("2", "0"))
        result = subprocess.run([HYCO, "actors"], capture_output=True, text=True, timeout=60,
                                env=self.env)
        self.assertIn("    parameter parallel         default false      Step the FMUs of one "
                      "tag at once, in threads (the same results as serially)\n", result.stdout)

    def test_structured_names(self):
        # Modelica's names (foreign_tool.fmu: oscillator.mu, x_start[1], sensor.position) in
        # links, properties, --set and the trace. mu = 0: x = x_start[1] cos t.
        body = self.fmu("M", "foreign_tool.fmu",
                        '    <property name="communicationStepSize" value="0.5"/>\n'
                        '    <property name="oscillator.mu" value="0"/>\n')
        path = self.model("DEDirector", "2", body + self.recorded("M.sensor.position"))
        result = self.run_hyco(path, "--trace", self.trace, "--set", "M.x_start[1]=1")
        self.assertEqual(result.returncode, 0, result.stderr)
        values = self.values("M.sensor.position")
        self.assertEqual(values[0], ("0", "0", 1.0))
        self.assertAlmostEqual(values[-1][2], -0.4161468365471424, delta=1e-9)  # cos 2
        result = self.run_hyco(path, "--set", "M.oscillator.nu=1")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr,
                         'hyco: error: --set M.oscillator.nu: M has no parameter "oscillator.nu"\n')

    def test_fmu_ends_the_run(self):
        # An FMU that asks to end the simulation (fmi2Terminated) ends the run, which succeeds
        # and says so.
        body = self.fmu("F", "terminating.fmu",
                        '    <property name="endTime" value="1.5"/>\n'
                        '    <property name="communicationStepSize" value="0.5"/>\n')
        path = self.model("DEDirector", "10", body + self.recorded("F.t"))
        result = subprocess.run([HYCO, "run", path, "--trace", self.trace], capture_output=True,
                                text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("  model time  0 s to 1.5 s (stop time 10 s", result.stdout)
        self.assertIn("  stopped     by F: the FMU terminating asked to end the simulation at "
                      "1.5 s (fmi2Terminated)\n", result.stdout)
        self.assertEqual(self.values("F.t")[-1], ("1.5", "0", 1.5))

    def test_bad_fmu_parameters_exit_2(self):
        path = self.vanderpol()
        for assignment, message in (("VdP.nu=1", 'VdP.nu: VdP has no parameter "nu"'),
                                    ("VdP.mu=fast",
                                     "VdP.mu: \"fast\" is not a value of the FMU's Real "
                                     "variable; as an expression: in \"fast\" at position 1: "
                                     "unknown name \"fast\""),
                                    ("VdP.mu=-1", "VdP.mu: -1 is below the FMU's minimum 0")):
            result = self.run_hyco(path, "--set", assignment)
            self.assertEqual(result.returncode, 2, assignment)
            self.assertEqual(result.stderr, f"hyco: error: --set {message}\n")
        for prop, message in (('<property name="nu" value="1"/>',
                               'property "nu": FMUImport "VdP" has no parameter "nu"'),
                              ('<property name="mu" value="fast"/>',
                               'property "mu": bad value for FMUImport "VdP": "fast" is not a '
                               "value of the FMU's Real variable; as an expression: in \"fast\" "
                               'at position 1: unknown name "fast"')):
            path = self.vanderpol(f"    {prop}\n")
            result = self.run_hyco(path)
            self.assertEqual(result.returncode, 2, prop)
            self.assertEqual(result.stderr, f"hyco: error: {path}:9: {message}\n")


    def test_overshoot_seen_with_the_inputs_is_revised(self):
        # Integrating 2 - 1 from -1, the zero crossing FMU is reached at 0.5 s and every 0.5 s
        # after its reset. A step that overshoots zero is only visible to the FMU once it has
        # the step's input, where it answers fmi2HybridGetMaxStepSize with an error: that is
        # a step to revise before the tag is committed (SEMANTICS.md section 6), not the end
        # of the run.
        result = self.run_hyco("models/fmu-zero-delay-feedback.xml", "--set", "One.c=2",
                               "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.values("When.output"),
                         [(str(k / 2).removesuffix(".0"), "1", k / 2) for k in range(1, 21)])

    def test_step_refused_with_no_progress_becomes_a_microstep(self):
        # Seed 003 figure 6 at a resolution of 0.1 s: the step to 0.8 s reaches B's event time
        # exactly, and B (category 0B, no maximum step size) then refuses any positive step
        # with no progress until a zero step has produced its event. Real progress 0 rounds up
        # to 0 ticks: the director takes that zero step, a microstep, and sees the event at
        # (0.8, 1) instead of ending the run; A's change at 0.4 s is at (0.4, 1).
        result = self.run_hyco("models/fmu-quantization-fig6.xml", "--set",
                               "director.timeResolution=0.1", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.values("B.y"), [("0.8", "1", 1.0)])
        self.assertEqual(self.values("When.output"), [("0.8", "1", 0.8)])
        self.assertEqual([row for row in self.values("A.x") if row[2] == 1.0][0],
                         ("0.4", "1", 1.0))

class FmuAlone(FmuTestCase):
    """hyco fmu run: an FMU on its own, as the one actor of a DE model, with the options of
    hyco run and the FMU's default experiment."""

    def fmu_run(self, name, *args):
        return subprocess.run([HYCO, "fmu", "run", os.path.join(FMU_DIR, name), *args],
                              capture_output=True, text=True, timeout=60, env=self.env)

    def rows(self, path=None):
        with open(path or self.trace, newline="") as f:
            return list(csv.reader(f))[1:]

    def test_stale_directories_of_killed_runs_are_removed(self):
        # What a process killed outright left (hyco-fmu-PID-...) goes at the next start; the
        # directories of live processes, other names and others' files stay.
        dead = subprocess.Popen(["true"])
        dead.wait()
        stale = os.path.join(self.tmp.name, f"hyco-fmu-{dead.pid}-a1b2c3")
        alive = os.path.join(self.tmp.name, f"hyco-fmu-{os.getpid()}-d4e5f6")
        other = os.path.join(self.tmp.name, "hyco-fmu-notapid")
        for directory in (stale, alive, other):
            os.makedirs(os.path.join(directory, "binaries"))
        result = subprocess.run([HYCO, "fmu", "info", os.path.join(FMU_DIR, "gain.fmu")],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(sorted(os.listdir(self.tmp.name)),
                         sorted(os.path.basename(d) for d in (alive, other)))
        for directory in (alive, other):
            os.rmdir(os.path.join(directory, "binaries"))
            os.rmdir(directory)

    def test_interrupt_while_unpacking_leaves_nothing(self):
        # An FMU with 300 MB to unpack, interrupted at moments spread over its loading and
        # running: hyco ends (0 if it was done, 1 if interrupted) and the temporary directory
        # is empty afterwards (tearDown checks), whenever the signal came.
        import random
        import zipfile
        big = os.path.join(self.dir.name, "big.fmu")
        with zipfile.ZipFile(os.path.join(FMU_DIR, "vanderpol.fmu")) as source, \
                zipfile.ZipFile(big, "w", zipfile.ZIP_DEFLATED) as target:
            for item in source.infolist():
                target.writestr(item, source.read(item.filename))
            target.writestr("resources/padding.bin", bytes(300 * 1024 * 1024))
        moments = random.Random(3)
        for attempt in range(6):
            process = subprocess.Popen([HYCO, "fmu", "run", "-q", big, "-t", "0.1"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       env=self.env)
            # Once unpacking has begun (hyco catches the signals from its start on), at a
            # moment from then on.
            while not os.listdir(self.tmp.name) and process.poll() is None:
                time.sleep(0.01)
            time.sleep(moments.uniform(0, 0.8))
            process.send_signal(signal.SIGINT if attempt % 2 == 0 else signal.SIGTERM)
            _, err = process.communicate(timeout=120)
            self.assertIn(process.returncode, (0, 1), err)
            if process.returncode == 1:
                self.assertIn(b"interrupted", err)
            self.assertEqual(os.listdir(self.tmp.name), [], attempt)

    def test_same_trace_as_the_model_it_stands_for(self):
        result = self.fmu_run("vanderpol.fmu", "--stop-time", "1", "--step", "0.1",
                              "--set", "mu=2", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('top level "vanderpol" under DEDirector', result.stdout)
        self.assertIn("11 tags, 11 actor firings, 22 events", result.stdout)
        model = os.path.join(self.dir.name, "model.xml")
        with open(model, "w") as f:
            f.write('<entity name="vanderpol" class="CompositeActor">\n'
                    '  <property name="d" class="DEDirector">'
                    '<property name="stopTime" value="1"/></property>\n'
                    '  <entity name="vanderpol" class="FMUImport">\n'
                    f'    <property name="fmuFile" value="{FMU_DIR}/vanderpol.fmu"/>\n'
                    '    <property name="communicationStepSize" value="0.1"/>\n'
                    '    <property name="mu" value="2"/>\n'
                    '  </entity>\n</entity>\n')
        expected = os.path.join(self.dir.name, "expected.csv")
        result = subprocess.run([HYCO, "run", "-q", model, "--trace", expected],
                                capture_output=True, text=True, timeout=60, env=self.env)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows(), self.rows(expected))
        times = [row[1] for row in self.rows() if row[0] == "vanderpol.x1"]
        self.assertEqual(times, ["0"] + [f"{k / 10:g}" for k in range(1, 11)])
        # mu changes the trajectory: the assignment reached the FMU.
        self.fmu_run("vanderpol.fmu", "-t", "1", "--step", "0.1", "--trace", self.trace)
        self.assertNotEqual(self.rows(), self.rows(expected))

    def test_step_that_does_not_divide_the_stop_time(self):
        # A short last step to the stop time, as FMPy takes.
        result = self.fmu_run("probe.fmu", "-t", "1", "--step", "0.3", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        steps = [(row[1], float(row[3])) for row in self.rows() if row[0] == "probe.lastStep"]
        self.assertEqual([s[0] for s in steps], ["0", "0.3", "0.6", "0.9", "1"])
        self.assertAlmostEqual(steps[-1][1], 0.1, delta=1e-15)
        # A step longer than the stop time: one short step.
        result = self.fmu_run("probe.fmu", "-t", "1", "--step", "2", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual([row[1] for row in self.rows() if row[0] == "probe.t"], ["0", "1"])
        # An FMU that cannot handle variable step sizes stops at the last whole step instead,
        # as FMPy does, and says so.
        result = self.fmu_run("fixed_step.fmu", "-t", "1", "--step", "0.3", "--trace",
                              self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("hyco: fixed_step: the stop time 1 s is not a multiple of the communication "
                      "step 0.3 s, and the FMU gain cannot handle variable communication step "
                      "sizes (canHandleVariableCommunicationStepSize is false): its last step "
                      "ends at 0.9 s", result.stderr)
        self.assertEqual(self.rows()[-1][1], "0.9")

    def test_fmu_told_stop_time_and_tolerance(self):
        result = self.fmu_run("probe.fmu", "-t", "0.7", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        told = {row[0]: row[3] for row in self.rows() if row[1] == "0"}
        self.assertEqual(float(told["probe.stopTime"]), 0.7)
        self.assertEqual(float(told["probe.tolerance"]), 1e-5)  # the default experiment's
        result = self.fmu_run("probe.fmu", "--set", "fmuTolerance=1e-7", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        told = {row[0]: row[3] for row in self.rows() if row[1] == "0"}
        self.assertEqual(float(told["probe.tolerance"]), 1e-7)
        self.assertEqual(float(told["probe.stopTime"]), 1)

    def test_string_set_quoted_or_not(self):
        for text, expected in (("a b", "a b"), ('"quoted"', "quoted"), ("'x'", "'x'")):
            result = self.fmu_run("probe.fmu", "-t", "0.1", "--set", f"label={text}",
                                  "--trace", self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual([row[3] for row in self.rows() if row[0] == "probe.labelOut"][-1],
                             expected, text)

    def test_fatal_and_pending(self):
        result = self.fmu_run("faulty.fmu", "--set", "failAt=5")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.splitlines()[-1],
                         f"hyco: error: {FMU_DIR}/faulty.fmu: faulty: FMU faulty (faulty): "
                         "fmi2DoStep returned fmi2Fatal: doStep fails fatally on purpose at 1 "
                         "(failAt=5)")
        self.assertNotIn("after fmi2Fatal", result.stderr)
        result = self.fmu_run("faulty.fmu", "--set", "failAt=8")
        self.assertEqual(result.returncode, 1)
        self.assertIn("fmi2DoStep returned fmi2Pending: the FMU computes asynchronously "
                      "(canRunAsynchronuously), and asynchronous FMUs are not supported",
                      result.stderr)

    def test_default_experiment(self):
        # vanderpol declares stop 20 and step size 0.01: 2001 tags.
        result = self.fmu_run("vanderpol.fmu", "--trace", self.trace, "--probe", "x1",
                              "--results", os.path.join(self.dir.name, "r.mat"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")  # 0.01 divides 20: no warning
        self.assertIn("0 s to 20 s (stop time 20 s", result.stdout)
        self.assertIn("2001 tags", result.stdout)
        # hc_generator declares no step size: the stop time over 500, here 1 s / 500. The
        # FMU's own maximum step (0.1 s) still decides when it fires: the actor asks for its
        # events, and DE fires no actor that nothing triggers.
        result = self.fmu_run("hc_generator.fmu", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("0 s to 1 s (stop time 1 s", result.stdout)
        self.assertEqual([row[:3] for row in self.rows()][:3],
                         [["hc_generator.y", "0", "1"], ["hc_generator.y", "0.1", "1"],
                          ["hc_generator.y", "0.2", "1"]])

    def test_structured_names_and_actor_parameters(self):
        plot = os.path.join(self.dir.name, "p.svg")
        result = self.fmu_run("foreign_tool.fmu", "-t", "0.5", "--set", "oscillator.mu=3",
                              "--set", "fmuLogging=true", "--plot", plot,
                              "--probe", "sensor.position")
        self.assertEqual(result.returncode, 0, result.stderr)
        # fmuLogging reached the actor; the FMU's log is worded as the tool's messages.
        self.assertRegex(result.stderr, r"(?m)^hyco: foreign_tool: log\w+: fmi2Instantiate")
        with open(plot) as f:
            labels = html.unescape(f.read())  # the plot writes text as character references
        self.assertIn("foreign_tool.sensor.position", labels)
        self.assertNotIn("foreign_tool.sensor.velocity", labels)

    def test_start_values(self):
        # An input's start value: gain computes y = k u with u = 3 throughout (k = 2).
        result = self.fmu_run("gain.fmu", "--set", "u=3", "-t", "0.2", "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual([row[1:] for row in self.rows()],
                         [["0", "0", "6"], ["0.1", "0", "6"], ["0.2", "0", "6"]])
        # A calculated output has no start value a master may set.
        result = self.fmu_run("gain.fmu", "--set", "y=3")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--set y: the FMU's variable cannot be set: FMI 2.0 lets a master set "
                      "parameters, inputs and variables whose initial is exact or approx, and y "
                      "is a calculated output", result.stderr)

    def test_steps_beyond_the_range_of_model_time(self):
        # At 1e-9 s, model time ends after 9.22e9 s: the step after 9e9 s cannot be represented.
        # Before a stop time it is dropped (it lies after the stop); without one, an error.
        result = self.fmu_run("gain.fmu", "--step", "1e9", "--stop-time", "9.2e9",
                              "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows()[-1][1:3], ["9000000000", "0"])
        result = self.fmu_run("gain.fmu", "--step", "1e9", "--stop-time", "Infinity")
        self.assertEqual(result.returncode, 1)
        self.assertIn("gain: the FMU's next firing after (9000000000, 0) is beyond the range of "
                      "model time", result.stderr)

    def test_errors_exit_2_naming_what_is_wrong(self):
        for args, message in (
                (("--step", "abc"), '--step abc: "abc" is not a time literal'),
                (("--step", "0"), "--step 0: give a positive number of seconds"),
                (("--step", "Infinity"), "--step Infinity: give a positive number of seconds"),
                (("--step", "1e-12"), 'time literal "1e-12" cannot be represented'),
                (("--stop-time", "soon"), '--stop-time soon: "soon" is not a time literal'),
                (("--set", "nope=1"), '--set nope: vanderpol has no parameter "nope"'),
                (("--set", "mu"), "--set mu: write NAME=VALUE"),
                (("--probe", "x9", "--plot", os.path.join(self.dir.name, "p.png")),
                 '--probe: no output signal named "vanderpol.x9"'),
                (("--stop-time", "-1"), '--stop-time -1: "-1" is before the start time 0')):
            result = self.fmu_run("vanderpol.fmu", *args)
            self.assertEqual(result.returncode, 2, args)
            self.assertEqual(result.stdout, "", args)
            self.assertIn(message, result.stderr, args)
        # Without a stepSize in the default experiment, an infinite run needs one.
        result = self.fmu_run("hc_generator.fmu", "--stop-time", "Infinity")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--stop-time Infinity: give --step too", result.stderr)
        result = self.fmu_run("hc_generator.fmu", "--stop-time", "-1")
        self.assertEqual(result.returncode, 2)
        self.assertIn('--stop-time -1: "-1" is before the start time 0', result.stderr)
        result = self.fmu_run("faulty.fmu", "--set", "failAt=3000000000")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--set failAt: 3000000000 is out of the range of the FMU's Integer variable "
                      "(32 bits, -2147483648 to 2147483647)", result.stderr)
        result = self.fmu_run("foreign_tool.fmu", "--set", "oscillator.mu=11")
        self.assertEqual(result.returncode, 2)
        self.assertIn("oscillator.mu: 11 is above the FMU's maximum 10", result.stderr)
        for name, message in (("no-such.fmu", "no such file"),
                              ("broken/parent-path.fmu", 'is refused: a ".." component'),
                              ("broken/missing-function.fmu", "does not export fmi2DoStep")):
            result = self.fmu_run(name)
            self.assertEqual(result.returncode, 2, name)
            path = os.path.join(FMU_DIR, name)
            self.assertTrue(result.stderr.startswith(f"hyco: error: {path}: "), result.stderr)
            self.assertIn(message, result.stderr)
        self.assertEqual(self.fmu_run("vanderpol.fmu", "gain.fmu").returncode, 2)

    def test_failing_fmu_exits_1_naming_the_call(self):
        result = self.fmu_run("faulty.fmu", "--set", "failAt=1", "--trace", self.trace)
        self.assertEqual(result.returncode, 1)
        self.assertIn("fmi2DoStep returned fmi2Error", result.stderr)
        # The trace up to the failure is kept: the step from failAtTime, 1 s, fails.
        self.assertEqual(self.rows()[-1][:2], ["faulty.t", "1"])

    def test_terminating_fmu_ends_the_run(self):
        result = self.fmu_run("terminating.fmu")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("stopped     by terminating: the FMU terminating asked to end", result.stdout)

    def test_listed_in_help_and_man_page(self):
        self.assertRegex(hyco("fmu", "--help").stdout, r"(?m)^  run +\S")
        result = hyco("fmu", "run", "--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("--step", result.stdout)
        self.assertIn("hyco fmu run FILE.fmu", hyco("--help-all").stdout)
        with open(os.path.join(os.path.dirname(HYCO), "hyco.1")) as f:
            self.assertIn("fmu run", f.read())


class Fmi3(FmuTestCase):
    """FMI 3.0 co-simulation FMUs (tests/fmus/fmi3/): hyco fmu info, and runs with event mode,
    early return, sized integers, arrays and Binary, at exact tags."""

    ISOLATION = "none"

    def fmu(self, *args):
        if args[0] == "run" and self.ISOLATION != "none":
            args = (*args, "--set", "isolation=" + self.ISOLATION)
        return subprocess.run([HYCO, "fmu", *args], capture_output=True, text=True, timeout=60,
                              env=self.env)

    def run_model(self, text, *args):
        model = os.path.join(self.dir.name, "model.xml")
        if self.ISOLATION != "none":
            text = re.sub(r'(<property name="fmuFile"[^>]*/>)',
                          r'\1<property name="isolation" value="%s"/>' % self.ISOLATION, text)
        with open(model, "w") as f:
            f.write(text)
        return subprocess.run([HYCO, "run", "-q", model, "--trace", self.trace, *args],
                              capture_output=True, text=True, timeout=60, env=self.env)

    def rows(self, signal):
        with open(self.trace, newline="") as f:
            return [(row[1], row[2], row[3]) for row in list(csv.reader(f))[1:]
                    if row[0] == signal]

    def test_fixed_step_fmu_stepped_at_whole_seconds_is_not_warned_about(self):
        # An FMU that cannot handle variable step sizes, stepped at a fixed 1 s or 2 s: the
        # step size is checked once per commit, in model ticks (the step in seconds, taken
        # for ticks, once made every step of 1 s or more look like a change of step size).
        path = self.rewritten("vanderpol3.fmu", b'canHandleVariableCommunicationStepSize="true"',
                              b'canHandleVariableCommunicationStepSize="false"', "fixed3.fmu")
        for step, times in (("1", ["0", "1", "2", "3", "4"]), ("2", ["0", "2", "4"]),
                            ("0.5", [f"{k / 2:g}" for k in range(9)])):
            result = self.fmu("run", path, "-q", "-t", "4", "--step", step, "--trace",
                              self.trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(result.stderr, "")
            with open(self.trace, newline="") as f:
                rows = [row for row in list(csv.reader(f))[1:] if row[0] == "fixed3.x1"]
            self.assertEqual([row[1] for row in rows], times)
            self.assertEqual({row[2] for row in rows}, {"0"})

    def test_twin_of_an_fmi2_fmu_gives_the_same_trace(self):
        # vanderpol3 is vanderpol's FMI 3.0 twin: the same values at the same tags, whatever
        # the FMI version (bench/bench-fmu compares their cost per step).
        traces = []
        for name in ("vanderpol", "vanderpol3"):
            trace = os.path.join(self.dir.name, name + ".csv")
            result = self.fmu("run", os.path.join(FMU_DIR, name + ".fmu"), "-t", "2",
                              "--set", "mu=2", "--trace", trace)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(trace) as f:
                traces.append(f.read().replace(name + ".", "FMU."))
        self.assertGreater(traces[0].count("\n"), 400)
        self.assertEqual(traces[0], traces[1])

    def test_fmi3_model_exchange_without_its_functions_is_refused_naming_them(self):
        path = self.rewritten("vanderpol3.fmu", b"<CoSimulation ", b"<ModelExchange ", "me3.fmu")
        result = self.fmu("info", path)
        self.assertEqual(result.returncode, 2)
        self.assertIn("me3.fmu: binaries/x86_64-linux/vanderpol3.so does not export "
                      "fmi3InstantiateModelExchange, fmi3EnterContinuousTimeMode, ", result.stderr)
        self.assertIn("which FMI 3.0 Model Exchange requires (the FMU has a ModelExchange "
                      "element)", result.stderr)

    def test_readme_commands(self):
        # The README's FMI 3.0 commands, as written (from the source root, with the build in
        # build/, as the tests run), and what it says of their output.
        readme = open("README.md").read()
        section = readme[readme.index("### FMI 3.0 co-simulation"):]
        block = section[section.index("```sh\n") + 6:section.index("```\n", section.index("```sh"))]
        commands = [line.split("#")[0].split() for line in block.splitlines()]
        self.assertEqual([c[:3] for c in commands], [["build/tools/hyco", "fmu", "info"],
                                                      ["build/tools/hyco", "fmu", "run"]])
        section = readme[readme.index("### Model Exchange"):]
        block = section[section.index("```sh\n") + 6:section.index("```\n", section.index("```sh"))]
        commands += [line.split("#")[0].split() for line in block.splitlines()]
        self.assertEqual(len(commands), 5)
        hyco_dir = os.path.dirname(HYCO)
        for command in commands:
            command = [HYCO] + [os.path.join(hyco_dir, "..", a[len("build/"):])
                                if a.startswith("build/tests/") else a for a in command[1:]]
            command = [os.path.join(self.dir.name, a) if a.endswith(".csv") else a
                       for a in command]
            result = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                    env=self.env)
            self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("clocked by", subprocess.run(
            [HYCO, "fmu", "info", os.path.join(FMU_DIR, "clocks3.fmu")], capture_output=True,
            text=True, timeout=60, env=self.env).stdout)
        with open(os.path.join(self.dir.name, "stair.csv"), newline="") as f:
            rows = [row for row in csv.reader(f)][1:]
        counter = [(row[1], row[2]) for row in rows if row[0] == "stair3.counter"]
        self.assertIn(("0.5", "1"), counter)
        self.assertIn(("1", "1"), counter)
        self.assertEqual(rows[-1][1], "2.5")
        with open(os.path.join(self.dir.name, "ball.csv"), newline="") as f:
            heights = [(row[1], row[2]) for row in csv.reader(f) if row[0].endswith(".h")]
        self.assertGreater(len(heights), 10)
        # What the README says of the FMI 3.0 ball's first impact.
        with open(os.path.join(self.dir.name, "ball3.csv"), newline="") as f:
            rows = [(row[0], float(row[1]), int(row[2]), float(row[3]))
                    for row in list(csv.reader(f))[1:]]
        impact = min(t for name, t, m, v in rows if m == 1)
        self.assertIn("first\nimpact is at 0.4515 s", readme)
        self.assertEqual(round(impact, 4), 0.4515)
        v = {m: value for name, t, m, value in rows if name.endswith(".v") and t == impact}
        self.assertEqual((round(v[0], 2), round(v[1], 2)), (-4.43, 3.10))

    def test_info(self):
        result = self.fmu("info", os.path.join(FMU_DIR, "types3.fmu"))
        self.assertEqual(result.returncode, 0, result.stderr)
        for text in ("FMI version     3.0, co-simulation\n",
                     "token           {2e8c5a19-7b4d-4c6f-a1e0-3d9b8f7a6c52}\n",
                     "library         binaries/x86_64-linux/types3.so\n",
                     "category        3.0 (FMI 3.0 co-simulation)\n",
                     "    n (structuralParameter, fixed UInt64), value reference 0, start 3, "
                     "min 0, max 8\n",
                     "    u8 (input, discrete UInt8), value reference 2, start 0\n",
                     "    y16 (output, discrete Int16), value reference 3, depends on u8\n",
                     "    x (input, continuous Float64[n=3]), value reference 8, start 1 2 3\n",
                     "    twice (output, continuous Float64[n=3]), value reference 10, "
                     "depends on x\n",
                     "    data (input, discrete Binary), value reference 15, start 010203, "
                     "mimeType application/x-hyco-test, maxSize 8\n",
                     "    key (parameter, fixed Binary), value reference 18, start ff, "
                     "mimeType application/octet-stream, maxSize 4\n",
                     "    data_reversed (output, discrete Binary), value reference 16, "
                     "mimeType application/octet-stream, depends on data\n"):
            self.assertIn(text, result.stdout)
        self.assertNotIn("FMI-HC", result.stdout)
        result = self.fmu("info", os.path.join(FMU_DIR, "ball3.fmu"))
        self.assertIn("capabilities    canHandleVariableCommunicationStepSize canGetAndSetFMUState "
                      "hasEventMode mightReturnEarlyFromDoStep maxOutputDerivativeOrder=0\n",
                      result.stdout)
        self.assertIn("    h (output, continuous Float64), value reference 2, unit m, "
                      "depends on no input\n", result.stdout)

    def test_events_at_microsteps(self):
        # stair3: time events every 0.5 s announced as next event times, stepped at 0.3 s; each
        # event an update at (t, 1), every third a second one at (t, 2); the fifth ends the run.
        result = self.fmu("run", os.path.join(FMU_DIR, "stair3.fmu"), "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("stopped     by stair3: the FMU stair3 asked to end the simulation at "
                      "2.5 s (terminateSimulation)", result.stdout)
        counter = [(t, m, v) for t, m, v in self.rows("stair3.counter")]
        changes = [row for previous, row in zip(counter, counter[1:]) if row[2] != previous[2]]
        self.assertEqual(changes, [("0.5", "1", "1"), ("1", "1", "2"), ("1.5", "1", "3"),
                                   ("2", "1", "4"), ("2.5", "1", "5")])
        carries = self.rows("stair3.carries")
        self.assertIn(("1.5", "1", "0"), carries)
        self.assertIn(("1.5", "2", "1"), carries)
        self.assertEqual([(t, m) for t, m, _ in counter if t in ("0.3", "0.5", "0.6")],
                         [("0.3", "0"), ("0.5", "0"), ("0.5", "1"), ("0.6", "0")])
        self.assertEqual(counter[-1], ("2.5", "1", "5"))

    def test_event_inside_a_step_without_early_return(self):
        # Under DE nothing can be revised: early return is not allowed, and ball3 bounces at
        # 1 s within the step from 0.9 s to 1.2 s (v = 7 - 10 * 0.2 = 5 at 1.2 s). Its next
        # impact, at 2.4 s, is a point of the grid: there the bounce is the update at (2.4, 1).
        result = self.fmu("run", os.path.join(FMU_DIR, "ball3.fmu"), "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        v = {(t, m): float(x) for t, m, x in self.rows("ball3.v")}
        self.assertEqual(v[("0.9", "0")], -9.0)
        self.assertAlmostEqual(v[("1.2", "0")], 5.0, places=12)
        self.assertNotIn(("1", "0"), v)
        self.assertEqual(v[("2.4", "0")], -7.0)
        self.assertAlmostEqual(v[("2.4", "1")], 4.9, places=12)

    def test_early_return_feeds_step_revision(self):
        # Under a continuous director the steps can be revised: ball3 returns early at its
        # impact (lastSuccessfulTime 1 s), the director retries a step to exactly 1 s, and the
        # bounce is the update at (1, 1).
        result = self.run_model(
            '<entity name="m" class="TypedCompositeActor">\n'
            '  <property name="d" class="ContinuousDirector">\n'
            '    <property name="stopTime" value="3"/>\n'
            '    <property name="maxStepSize" value="0.3"/>\n'
            '  </property>\n'
            '  <entity name="Ball" class="FMUImport">\n'
            '    <property name="fmuFile" value="ball3.fmu"/>\n'
            '  </entity>\n'
            '</entity>\n')
        self.assertEqual(result.returncode, 0, result.stderr)
        v = {(t, m): float(x) for t, m, x in self.rows("Ball.v")}
        self.assertEqual(v[("1", "0")], -10.0)
        self.assertEqual(v[("1", "1")], 7.0)
        self.assertEqual(v[("2.4", "0")], -7.0)
        self.assertAlmostEqual(v[("2.4", "1")], 4.9, places=12)
        h = {(t, m): float(x) for t, m, x in self.rows("Ball.h")}
        self.assertEqual(h[("1", "0")], 0.0)

    def test_types(self):
        result = self.fmu("run", os.path.join(FMU_DIR, "types3.fmu"), "--trace", self.trace,
                          "--set", "u8=200", "--set", "x={1.5, 2, 4}", "--set", "word=hello",
                          "--set", "flag=true", "--set", "f32=0.3", "--set", "u64=41")
        self.assertEqual(result.returncode, 0, result.stderr)
        at_start = {row: self.rows("types3." + row)[0] for row in
                    ("y16", "next64", "half32", "sum", "twice", "not_flag", "reversed",
                     "data_size")}
        self.assertEqual(at_start, {
            "y16": ("0", "0", "400"), "next64": ("0", "0", "42"),
            # 0.3 as a Float32, halved, and back to a double.
            "half32": ("0", "0", "0.15000000596046448"),
            "sum": ("0", "0", "7.5"), "twice": ("0", "0", "{3.0, 4.0, 8.0}"),
            "not_flag": ("0", "0", "false"), "reversed": ("0", "0", "olleh"),
            "data_size": ("0", "0", "3")})
        # Binary outputs as bytes, from the start values data 010203 and key ff.
        self.assertEqual(self.rows("types3.data_reversed")[0], ("0", "0", "0x030201"))
        self.assertEqual(self.rows("types3.data_xor")[0], ("0", "0", "0xfefdfc"))

    def test_ranges(self):
        result = self.fmu("run", os.path.join(FMU_DIR, "types3.fmu"), "--set", "u8=256")
        self.assertEqual(result.returncode, 2)
        self.assertIn("256 is out of the range of the FMU's UInt8 variable (0 to 255)",
                      result.stderr)
        result = self.fmu("run", os.path.join(FMU_DIR, "types3.fmu"), "--set", "u64=-1")
        self.assertEqual(result.returncode, 2)
        self.assertIn("-1 is out of the range of the FMU's UInt64 variable", result.stderr)
        # 2^63 - 1 + 1 is a UInt64 no Hyco integer holds.
        result = self.run_model(
            self.MODEL.replace("{value}", "{1.0, 2.0, 3.0}").replace(
                "{links}", '  <entity name="Big" class="Const">\n'
                           '    <property name="value" value="9223372036854775807"/>\n'
                           '  </entity>\n'
                           '  <relation name="b" class="TypedIORelation"/>\n'
                           '  <link port="Big.output" relation="b"/>\n'
                           '  <link port="U.u64" relation="b"/>\n'))
        self.assertEqual(result.returncode, 1)
        self.assertIn("U: output next64: the FMU's UInt64 value is beyond the range of a Hyco "
                      "integer (9223372036854775807 at most)", result.stderr)
        # A UInt8 input given 256 by the model: refused by name.
        result = self.run_model(
            self.MODEL.replace("{value}", "{1.0, 2.0, 3.0}").replace(
                "{links}", '  <entity name="Big" class="Const">\n'
                           '    <property name="value" value="256"/>\n'
                           '  </entity>\n'
                           '  <relation name="b" class="TypedIORelation"/>\n'
                           '  <link port="Big.output" relation="b"/>\n'
                           '  <link port="U.u8" relation="b"/>\n'))
        self.assertEqual(result.returncode, 1)
        self.assertIn("input u8 received 256, which is not a UInt8", result.stderr)

    MODEL = ('<entity name="m" class="TypedCompositeActor">\n'
             '  <property name="d" class="DEDirector">\n'
             '    <property name="stopTime" value="1"/>\n'
             '  </property>\n'
             '  <entity name="Source" class="Const">\n'
             '    <property name="value" value="{value}"/>\n'
             '  </entity>\n'
             '  <entity name="T" class="FMUImport">\n'
             '    <property name="fmuFile" value="types3.fmu"/>\n'
             '  </entity>\n'
             '  <entity name="U" class="FMUImport">\n'
             '    <property name="fmuFile" value="types3.fmu"/>\n'
             '  </entity>\n'
             '  <relation name="r" class="TypedIORelation"/>\n'
             '  <link port="Source.output" relation="r"/>\n'
             '  <link port="T.x" relation="r"/>\n'
             '{links}'
             '</entity>\n')

    def test_arrays_in_a_model(self):
        result = self.run_model(self.MODEL.replace("{value}", "{1.0, 2.0, 3.5}")
                                .replace("{links}", ""))
        self.assertEqual(result.returncode, 0, result.stderr)
        # At (0, 0) from the start value of x, at (0, 1) from Const's first output.
        self.assertEqual(self.rows("T.twice"), [("0", "0", "{2.0, 4.0, 6.0}"),
                                                ("0", "1", "{2.0, 4.0, 7.0}")])
        self.assertEqual(self.rows("T.sum"), [("0", "0", "6"), ("0", "1", "6.5")])
        result = self.run_model(self.MODEL.replace("{value}", "{1.0, 2.0}")
                                .replace("{links}", ""))
        self.assertEqual(result.returncode, 1)
        self.assertIn("input x received {1.0, 2.0}, which is not an array of 3 Float64",
                      result.stderr)

    def test_clocks(self):
        # clocks3's input clock ticks with DiscreteClock (period 0.4 s), its clocked input u
        # with a Ramp on the same tick: the FMU reacts at the tag of the tick. Its output clock
        # even and the clocked output doubled are present at the ticks where u is even, absent
        # otherwise; the output clock alarm ticks once, at (1, 1), the update after the step to
        # its time event.
        result = self.run_model(
            '<entity name="m" class="TypedCompositeActor">\n'
            '  <property name="d" class="DEDirector">\n'
            '    <property name="stopTime" value="1.5"/>\n'
            '  </property>\n'
            '  <entity name="Clock" class="DiscreteClock">'
            '<property name="period" value="0.4"/></entity>\n'
            '  <entity name="Count" class="Ramp"/>\n'
            '  <entity name="F" class="FMUImport">\n'
            '    <property name="fmuFile" value="clocks3.fmu"/>\n'
            '  </entity>\n'
            '  <relation name="c"/>\n'
            '  <relation name="n"/>\n'
            '  <link port="Clock.output" relation="c"/>\n'
            '  <link port="Count.trigger" relation="c"/>\n'
            '  <link port="F.trigger" relation="c"/>\n'
            '  <link port="Count.output" relation="n"/>\n'
            '  <link port="F.u" relation="n"/>\n'
            '</entity>\n')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("F.even"), [("0", "1", "true"), ("0.8", "1", "true")])
        self.assertEqual(self.rows("F.doubled"), [("0", "1", "0"), ("0.8", "1", "4")])
        self.assertEqual(self.rows("F.alarm"), [("1", "1", "true")])
        self.assertEqual(self.rows("F.alarms"), [("1", "1", "1")])
        self.assertEqual([row for row in self.rows("F.total") if row[1] == "1"],
                         [("0", "1", "0"), ("0.4", "1", "1"), ("0.8", "1", "3"), ("1", "1", "3"),
                          ("1.2", "1", "6")])
        result = self.fmu("info", os.path.join(FMU_DIR, "clocks3.fmu"))
        self.assertIn("    trigger (input, discrete Clock, triggered), value reference 0\n",
                      result.stdout)
        self.assertIn("    doubled (output, discrete Int32), value reference 3, clocked by even, "
                      "depends on trigger u\n", result.stdout)

    def test_time_based_clocks(self):
        # periodic3: sample is constant (every 0.3 s from 0.1 s, in the description), slow is
        # fixed (every 0.5 s from 0, from fmi3GetIntervalDecimal); the actor ticks them at
        # those times, and their clocked outputs are present at the ticks only.
        result = self.fmu("run", os.path.join(FMU_DIR, "periodic3.fmu"), "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("periodic3.samples"),
                         [("0.1", "0", "1"), ("0.4", "0", "2"), ("0.7", "0", "3"),
                          ("1", "0", "4")])
        self.assertEqual(self.rows("periodic3.slows"),
                         [("0", "0", "1"), ("0.5", "0", "2"), ("1", "0", "3")])
        result = self.fmu("info", os.path.join(FMU_DIR, "periodic3.fmu"))
        self.assertIn("    sample (input, discrete Clock, constant every 0.3 s from 0.1 s), value "
                      "reference 0\n", result.stdout)

    APERIODIC = {
        # sample (constant, every 1 s) starts alarm's countdown: 0.25 s, 0 s (the next
        # microstep), 0.25 s.
        "samples": [("0", "0", "1"), ("1", "0", "2"), ("2", "0", "3"), ("3", "0", "4")],
        "alarms": [("0.25", "0", "1"), ("1", "1", "2"), ("2.25", "0", "3")],
        # changing: 0.5 s from the start, then 0.25, 0.125, 1, 1 s after each tick.
        "steps": [("0.5", "0", "1"), ("0.75", "0", "2"), ("0.875", "0", "3"),
                  ("1.875", "0", "4"), ("2.875", "0", "5")],
        # tunable: 0.4 s from a shift of 0.1 s, retuned to 0.25 s in the event at 1 s, which
        # the next beats count from.
        "beats": [(t, "0", str(i + 1)) for i, t in enumerate(
            ["0.1", "0.5", "0.9", "1.25", "1.5", "1.75", "2", "2.25", "2.5", "2.75", "3"])],
        # tunable, given as the fraction 1/3 (fmi3GetIntervalFraction): k/3 s to the nearest
        # nanosecond, without drift.
        "thirds": [(t, "0", str(i + 1)) for i, t in enumerate(
            ["0", "0.333333333", "0.666666667", "1", "1.333333333", "1.666666667", "2",
             "2.333333333", "2.666666667", "3"])],
        # An output clock clocked by sample: present where active only, at its odd ticks.
        "odd": [("1", "0", "true"), ("3", "0", "true")],
    }

    def test_countdown_changing_and_tunable_clocks(self):
        result = self.fmu("run", os.path.join(FMU_DIR, "aperiodic3.fmu"), "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        for name, rows in self.APERIODIC.items():
            self.assertEqual(self.rows("aperiodic3." + name), rows, name)
        result = self.fmu("info", os.path.join(FMU_DIR, "aperiodic3.fmu"))
        self.assertIn("    alarm (input, discrete Clock, countdown), value reference 1\n",
                      result.stdout)

    def test_clock_interval_without_fractions_is_decimal(self):
        # The same FMU without supportsFraction: its decimal interval, 0.333... s, each tick at
        # the tag at or after it, one interval (333333334 ns) after the last.
        path = self.rewritten("aperiodic3.fmu", b' supportsFraction="true"', b"", "decimal3.fmu")
        result = self.fmu("run", path, "--trace", self.trace, "-t", "1.1")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual([t for t, _, _ in self.rows("decimal3.thirds")],
                         ["0", "0.333333334", "0.666666668", "1.000000002"])

    def test_clocks_without_event_mode_refused(self):
        # claims_events refuses event mode; with a clock it cannot run without it.
        path = self.rewritten("claims_events.fmu", b"</ModelVariables>",
                              b'<Clock name="tick" valueReference="99" causality="input" '
                              b'intervalVariability="triggered"/></ModelVariables>', "clocked.fmu")
        result = self.fmu("run", path)
        self.assertEqual(result.returncode, 1)
        self.assertIn("clocked: FMU claims_events (clocked): fmi3InstantiateCoSimulation failed: "
                      "Event Mode is not supported, and the FMU's clocks tick only in event mode",
                      result.stderr)

    def test_aperiodic_clocks_under_a_continuous_director(self):
        # The director's steps are revised (the FMU's state restored): the ticks stay where
        # the FMU puts them.
        result = self.run_model(
            '<entity name="m" class="TypedCompositeActor">\n'
            '  <property name="d" class="ContinuousDirector">\n'
            '    <property name="stopTime" value="3"/>\n'
            '    <property name="maxStepSize" value="0.3"/>\n'
            '  </property>\n'
            '  <entity name="A" class="FMUImport">\n'
            '    <property name="fmuFile" value="aperiodic3.fmu"/>\n'
            '  </entity>\n'
            '</entity>\n')
        self.assertEqual(result.returncode, 0, result.stderr)
        for name, rows in self.APERIODIC.items():
            self.assertEqual(self.rows("A." + name), rows, name)

    def test_event_mode_refused_at_instantiation(self):
        # claims_events declares hasEventMode but its library refuses event mode: the actor
        # says so and instantiates it without, and the run goes on.
        result = self.fmu("run", os.path.join(FMU_DIR, "claims_events.fmu"), "--trace",
                          self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("claims_events: FMU claims_events (claims_events): "
                      "fmi3InstantiateCoSimulation failed: Event Mode is not supported "
                      "(instantiated again without event mode)", result.stderr)
        self.assertEqual(self.rows("claims_events.sum")[0], ("0", "0", "6"))

    def test_binary_set_from_the_command_line(self):
        # --set takes FMI 3.0's hexadecimal (0a0b0c0d) or Hyco's bytes (0x0f); the key is
        # repeated over the data: 0a^0f 0b^0f 0c^0f 0d^0f.
        result = self.fmu("run", os.path.join(FMU_DIR, "types3.fmu"), "--trace", self.trace,
                          "-t", "0", "--set", "data=0a0b0c0d", "--set", "key=0x0F")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("types3.data_reversed"), [("0", "0", "0x0d0c0b0a")])
        self.assertEqual(self.rows("types3.data_xor"), [("0", "0", "0x05040302")])
        self.assertEqual(self.rows("types3.data_size"), [("0", "0", "4")])
        # maxSize and the digits are checked before the run.
        result = self.fmu("run", os.path.join(FMU_DIR, "types3.fmu"), "--set", "key=0102030405")
        self.assertEqual(result.returncode, 2)
        self.assertIn('--set key: "0102030405" is 5 bytes, more than the maxSize 4 of the FMU\'s '
                      'Binary variable key', result.stderr)
        result = self.fmu("run", os.path.join(FMU_DIR, "types3.fmu"), "--set", "data=0a0")
        self.assertEqual(result.returncode, 2)
        self.assertIn('--set data: "0a0" is not a value of the FMU\'s Binary variable: write its '
                      'bytes in hexadecimal, two digits each (0a1b or 0x0a1b)', result.stderr)

    def test_interval_set_by_the_importer(self):
        # interval3's fixed clock slow has an intervalDecimal (0.25 s): Hyco sets it with
        # fmi3SetIntervalDecimal in Initialization Mode (told shows what the FMU was told) and
        # ticks it at that interval, never asking the FMU for it.
        result = self.fmu("run", os.path.join(FMU_DIR, "interval3.fmu"), "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("interval3.slows"),
                         [(t, "0", str(k + 1)) for k, t in enumerate(("0", "0.25", "0.5", "0.75",
                                                                      "1"))])
        self.assertEqual({v for t, m, v in self.rows("interval3.told")}, {"0.25"})
        # A tunable clock that supports fractions, its interval 1/3 s as a fraction: set with
        # fmi3SetIntervalFraction, its ticks at k/3 s exactly.
        path = self.rewritten("interval3.fmu", b'intervalVariability="fixed"\n      '
                              b'intervalDecimal="0.25"',
                              b'intervalVariability="tunable"\n      supportsFraction="true" '
                              b'intervalCounter="1" resolution="3"', "third.fmu")
        result = self.fmu("run", path, "--trace", self.trace)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("third.slows"),
                         [(t, "0", str(k + 1)) for k, t in enumerate(
                             ("0", "0.333333333", "0.666666667", "1"))])
        self.assertEqual({v for t, m, v in self.rows("third.told")}, {"0.33333333333333331"})
        # A description that calls the library's constant clock (value reference 0) a fixed
        # one with an interval: the FMU refuses to be told it, the run ends quoting it.
        path = self.rewritten("interval3.fmu", b'<Clock name="sample" valueReference="0"',
                              b'<Clock name="extra" valueReference="0" causality="input" '
                              b'intervalVariability="fixed" intervalDecimal="1"/>\n    '
                              b'<Clock name="sample" valueReference="6"', "refused.fmu")
        result = self.fmu("run", path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("refused: FMU interval3 (refused): fmi3SetIntervalDecimal returned "
                      "fmi3Error: sample is a constant clock: its interval cannot be set",
                      result.stderr)

    def test_binary_type_definitions(self):
        # A Binary variable with a declaredType takes the BinaryType's mimeType and maxSize
        # unless it gives its own; the maxSize inherited is checked as its own would be.
        import zipfile
        with zipfile.ZipFile(os.path.join(FMU_DIR, "types3.fmu")) as source:
            original = source.read("modelDescription.xml")
        description = original
        for old, new in (
                (b"<ModelVariables>",
                 b'<TypeDefinitions>\n    <BinaryType name="Packet" mimeType="application/x-packet" '
                 b'maxSize="2"/>\n    <BinaryType name="Raw"/>\n  </TypeDefinitions>\n'
                 b'  <ModelVariables>'),
                (b'<Binary name="data_reversed" valueReference="16" causality="output"/>',
                 b'<Binary name="data_reversed" valueReference="16" causality="output" '
                 b'declaredType="Raw"/>'),
                (b'causality="parameter" variability="fixed"\n      maxSize="4">',
                 b'causality="parameter" variability="fixed"\n      declaredType="Packet">'),
                (b'<Binary name="data_xor" valueReference="19" causality="output" maxSize="8"/>',
                 b'<Binary name="data_xor" valueReference="19" causality="output" maxSize="8" '
                 b'declaredType="Packet" mimeType="application/x-other"/>')):
            self.assertIn(old, description)
            description = description.replace(old, new)
        path = self.rewritten("types3.fmu", original, description, "typed.fmu")
        result = self.fmu("info", path)
        self.assertEqual(result.returncode, 0, result.stderr)
        for text in ("    key (parameter, fixed Binary), value reference 18, start ff, "
                     "mimeType application/x-packet, maxSize 2\n",
                     "    data_reversed (output, discrete Binary), value reference 16, "
                     "mimeType application/octet-stream, depends on data\n",
                     "    data_xor (output, discrete Binary), value reference 19, "
                     "mimeType application/x-other, maxSize 8, depends on data\n"):
            self.assertIn(text, result.stdout)
        result = self.fmu("run", path, "--set", "key=010203")
        self.assertEqual(result.returncode, 2)
        self.assertIn('--set key: "010203" is 3 bytes, more than the maxSize 2 of the FMU\'s '
                      'Binary variable key', result.stderr)
        result = self.fmu("run", path, "--set", "key=0102", "--trace", self.trace, "-t", "0")
        self.assertEqual(result.returncode, 0, result.stderr)
        # data 010203 xor the key 0102 repeated: 00 00 02.
        self.assertEqual(self.rows("typed.data_xor"), [("0", "0", "0x000002")])
        # A start value longer than the maxSize its type gives; a maxSize that is no number.
        for old, new, message in (
                (b'<Start value="ff"/>', b'<Start value="ffeeddcc"/>',
                 'Binary "key": start value "ffeeddcc" has 4 bytes, more than its maxSize 2'),
                (b'maxSize="2"', b'maxSize="two"',
                 'BinaryType "Packet": maxSize="two" is not a number of bytes')):
            broken = self.rewritten("types3.fmu", original, description.replace(old, new),
                                    "broken.fmu")
            result = self.fmu("info", broken)
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn(message, result.stderr)

    def test_binary_between_fmus(self):
        # T reverses its data (start 010203) and U reverses it back; U's key, set in the model,
        # xors it. The bytes travel as Hyco values at each tag, U's outputs from T's at once.
        result = self.run_model(self.MODEL.replace("{value}", "{1.0, 2.0, 3.0}").replace(
            '<property name="fmuFile" value="types3.fmu"/>\n'
            '  </entity>\n'
            '  <relation name="r"',
            '<property name="fmuFile" value="types3.fmu"/>\n'
            '    <property name="key" value="0x0102"/>\n'
            '  </entity>\n'
            '  <relation name="r"').replace(
            "{links}", '  <relation name="b" class="TypedIORelation"/>\n'
                       '  <link port="T.data_reversed" relation="b"/>\n'
                       '  <link port="U.data" relation="b"/>\n'))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("T.data_reversed")[:2], [("0", "0", "0x030201"),
                                                             ("0", "1", "0x030201")])
        self.assertEqual(self.rows("U.data_reversed")[0], ("0", "0", "0x010203"))
        # U's data is T's data_reversed, 030201: 03^01 02^02 01^01.
        self.assertEqual(self.rows("U.data_xor")[0], ("0", "0", "0x020000"))
        self.assertEqual(self.rows("U.data_size")[0], ("0", "0", "3"))

    def test_binary_from_a_const_checked_on_arrival(self):
        links = ('  <entity name="Bytes" class="Const">\n'
                 '    <property name="value" value="{value}"/>\n'
                 '  </entity>\n'
                 '  <relation name="b" class="TypedIORelation"/>\n'
                 '  <link port="Bytes.output" relation="b"/>\n'
                 '  <link port="U.data" relation="b"/>\n')
        result = self.run_model(self.MODEL.replace("{value}", "{1.0, 2.0, 3.0}", 1).replace(
            "{links}", links.replace("{value}", "0xc0ffee")))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.rows("U.data_reversed")[:2], [("0", "0", "0x030201"),
                                                             ("0", "1", "0xeeffc0")])
        result = self.run_model(self.MODEL.replace("{value}", "{1.0, 2.0, 3.0}", 1).replace(
            "{links}", links.replace("{value}", "0x010203040506070809")))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("input data received 0x010203040506070809, which is not a Binary value: "
                      "bytes such as 0x0a1b, at most 8 (its maxSize) (the FMU's variable of that "
                      "name)", result.stderr)
        result = self.run_model(self.MODEL.replace("{value}", "{1.0, 2.0, 3.0}", 1).replace(
            "{links}", links.replace("{value}", '&quot;text&quot;')))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn('input data received "text", which is not a Binary value', result.stderr)


class Fmi3Isolated(Fmi3):
    """Every FMI 3.0 case again, each FMU in a process of its own (isolation="process"): the
    same tags and values, messages and exit statuses."""

    ISOLATION = "process"


class Isolation(FmuTestCase):
    """FMUImport with isolation="process": the FMU runs in a host process. A crash, exit() or a
    call past callTimeout, each at a chosen doStep (the faulty FMU's, from failAtTime = 1 s),
    ends the run with exit 1 in bounded time, naming the actor, the FMU, the FMU file and the
    call; the trace and results keep every tag committed before; and an isolated run gives
    the trace of the same run in the hyco process."""

    def model(self, fail_at, isolation="process", timeout="60"):
        # Stepped every 0.25 s under DE, its input u fed from its own output t.
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(FmuRun.MODEL.format(director="DEDirector", stop_time="2", body=FmuRun.fmu(
                "F", "faulty.fmu",
                f'    <property name="failAt" value="{fail_at}"/>\n'
                '    <property name="communicationStepSize" value="0.25"/>\n'
                f'    <property name="isolation" value="{isolation}"/>\n'
                f'    <property name="callTimeout" value="{timeout}"/>\n') +
                '  <relation name="t" class="TypedIORelation"/>\n'
                '  <link port="F.t" relation="t"/>\n'
                '  <link port="F.u" relation="t"/>\n'))
        return path

    def run_hyco(self, path, *args):
        self.results = os.path.join(self.dir.name, "results.mat")
        env = dict(self.env)
        # Under AddressSanitizer its SEGV handler would make the FMU host's crash an abort: the
        # signal is let through, as in a normal build, so that the crash is what it reports.
        if "ASAN_OPTIONS" in env:
            env["ASAN_OPTIONS"] += ":handle_segv=0"
        return subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace, "--results",
                               self.results, *args], capture_output=True, text=True,
                              timeout=120, env=env)

    def trace_text(self):
        with open(self.trace) as f:
            return f.read()

    def committed_before(self, time_limit):
        """The trace of the run without the fault, to the tags before @time_limit."""
        self.assertEqual(self.run_hyco(self.model(0, "none")).returncode, 0)
        lines = self.trace_text().splitlines(keepends=True)
        return "".join([lines[0]] + [line for line in lines[1:]
                                     if float(line.split(",")[1]) <= time_limit])

    def check_fault(self, fail_at, message, timeout="60"):
        expected = self.committed_before(1)
        path = self.model(fail_at, timeout=timeout)
        start = time.monotonic()
        result = self.run_hyco(path)
        self.assertLess(time.monotonic() - start, 30)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr.splitlines()[-1],
                         f"hyco: error: {path}: F: FMU faulty (F): {message}")
        # Every tag committed before the failing step from 1 s: those of the run without it.
        self.assertEqual(self.trace_text(), expected)
        import scipy.io
        signals = scipy.io.loadmat(self.results, squeeze_me=True, struct_as_record=False)["signals"]
        t = [s for s in signals if s.name == "F.t"][0]
        self.assertEqual(list(t.time), [0, 0.25, 0.5, 0.75, 1])
        self.assertEqual(list(t.value), [0, 0.25, 0.5, 0.75, 1])
        self.assertEqual(list(t.present), [1, 1, 1, 1, 1])

    def test_crash_in_do_step(self):
        self.check_fault(12, "the process running faulty.fmu crashed (signal 11, "
                             "Segmentation fault) in fmi2DoStep at t = 1 s")

    def test_crash_in_set_real_sent_with_the_step(self):
        # The input set at 1 s goes to the host with the step: the call it crashed in is named.
        self.check_fault(13, "the process running faulty.fmu crashed (signal 11, "
                             "Segmentation fault) in fmi2SetReal")

    def test_exit_in_do_step(self):
        self.check_fault(9, "the process running faulty.fmu exited (status 0) in fmi2DoStep at "
                            "t = 1 s: the FMU's code ended it")

    def test_hang_in_do_step_stopped_at_call_timeout(self):
        # Long enough for the calls before on a busy machine, far shorter than the test's.
        self.check_fault(10, "fmi2DoStep at t = 1 s did not return within 3 s (callTimeout): "
                         "the process running faulty.fmu was stopped", timeout="3")

    def test_error_status_reads_as_in_process(self):
        # The FMU's own error: its check runs in the host, with the message it logged there;
        # a set whose reply is not waited for (it goes with the step) is named all the same.
        for fail_at, call in ((1, "fmi2DoStep"), (3, "fmi2SetReal"), (2, "fmi2GetReal")):
            messages = []
            for isolation in ("none", "process"):
                path = self.model(fail_at, isolation)
                result = self.run_hyco(path)
                self.assertEqual(result.returncode, 1)
                messages.append(result.stderr)
            self.assertIn(f"FMU faulty (F): {call} returned fmi2Error", messages[0])
            self.assertEqual(messages[1], messages[0])

    def test_fmu_messages_read_as_in_process(self):
        # Logged in the host, worded as hyco words its own.
        outputs = []
        for isolation in ("none", "process"):
            result = self.run_hyco(self.model(11, isolation))
            self.assertEqual(result.returncode, 0, result.stderr)
            outputs.append(result.stderr)
        self.assertIn("hyco: F: logStatusWarning: a warning on purpose at 1.25 (failAt=11)\n",
                      outputs[0])
        self.assertEqual(outputs[1], outputs[0])

    def test_unknown_isolation_refused(self):
        path = self.model(0, "thread")
        result = self.run_hyco(path)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr, f'hyco: error: {path}:6: F: parameter isolation: "thread" '
                         'is neither "none" (the FMU runs in the hyco process) nor "process" (in '
                         'a process of its own)\n')

    def test_fmu_output_contained(self):
        # What an isolated FMU writes on its standard output and error (faulty's failAt=14:
        # a line on each at every step from 1 s) is not mixed into hyco's output: each line is
        # one of the FMU's messages on standard error, named by the actor, within the limit of
        # 100 shown; the rest are counted. The FMU's logged messages keep their place.
        for step, steps in (("0.25", 4), ("0.001", 1000)):
            path = os.path.join(self.dir.name, "model.xml")
            with open(path, "w") as f:
                f.write(FmuRun.MODEL.format(director="DEDirector", stop_time="2", body=FmuRun.fmu(
                    "F", "faulty.fmu",
                    '    <property name="failAt" value="14"/>\n'
                    f'    <property name="communicationStepSize" value="{step}"/>\n'
                    '    <property name="isolation" value="process"/>\n')))
            result = subprocess.run([HYCO, "run", path], capture_output=True, text=True,
                                    timeout=300, env=self.env)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertNotIn("faulty", result.stdout)
            self.assertTrue(result.stdout.startswith("Ran "), result.stdout)
            lines = result.stderr.splitlines()
            times = [str(round(1 + k * float(step), 9)).removesuffix(".0") for k in range(steps)]
            wrote = [f"hyco: F: the FMU wrote: faulty: {text} {t}" for t in times
                     for text in ("on standard error at", "a step from")]
            if steps == 4:
                self.assertEqual(lines, wrote)
            else:
                self.assertEqual(lines, wrote[:99] + [
                    "hyco: F: 100 messages shown: the FMU's further messages are counted, not "
                    "shown", wrote[99], f"hyco: F: {2 * steps - 100} more messages of the FMU "
                    "were not shown"])

    def test_example_models_give_the_same_trace_isolated(self):
        # With rollback (the continuous director's: the bouncing ball's FMU states kept in
        # the host), FMI-HC integer steps and absent values, strings.
        # (Each isolated call is a round trip: the bouncing ball to its second bounce only.)
        for name, stop in (("fmu-bouncing-ball", "1"), ("fmu-event-ordering", "0.1"),
                           ("fmu-quantization-fig7", "40"), ("fmu-integrating-glitches", "10")):
            with open(os.path.join("models", name + ".xml")) as f:
                text = f.read()
            traces = []
            for isolated in (False, True):
                model = os.path.join(self.dir.name, name + ".xml")
                with open(model, "w") as f:
                    f.write(re.sub(r'(<property name="fmuFile"[^>]*/>)',
                                   r'\1<property name="isolation" value="process"/>', text)
                            if isolated else text)
                if isolated:
                    with open(model) as f:
                        self.assertIn('name="isolation" value="process"', f.read())
                result = self.run_hyco(model, "--stop-time", stop)
                self.assertEqual(result.returncode, 0, (name, result.stderr))
                traces.append(self.trace_text())
            self.assertEqual(traces[1], traces[0], name)


class FmuNotLoaded(FmuTestCase):
    """hyco fmu info and hyco inspect run no code of an FMU: its library is checked from its ELF
    symbol table, not loaded (so its constructors do not run); hyco run loads it when the FMU is
    instantiated, in the hyco process or, with isolation="process", only in the FMU's host
    process. The faulty FMU's library constructor writes the id of the process loading it to
    HYCO_FAULTY_LOAD_MARKER, then exits or crashes as HYCO_FAULTY_LOAD says."""

    def setUp(self):
        super().setUp()
        self.marker = os.path.join(self.dir.name, "loaded-by")

    def environment(self, load=None):
        env = dict(self.env, HYCO_FAULTY_LOAD_MARKER=self.marker)
        if load:
            env["HYCO_FAULTY_LOAD"] = load
        return env

    def loaded_by(self):
        """The ids of the processes that loaded the library, in order."""
        if not os.path.exists(self.marker):
            return []
        with open(self.marker) as f:
            return [int(line) for line in f.read().split()]

    def model(self, isolation="none"):
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(FmuRun.MODEL.format(director="DEDirector", stop_time="1", body=FmuRun.fmu(
                "F", "faulty.fmu",
                '    <property name="communicationStepSize" value="0.25"/>\n'
                f'    <property name="isolation" value="{isolation}"/>\n')))
        return path

    def hyco(self, *args, load=None):
        """hyco run with @args: its exit status, standard error and process id."""
        process = subprocess.Popen([HYCO, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env=self.environment(load))
        out, err = process.communicate(timeout=120)
        return process.returncode, out, err, process.pid

    def test_info_and_inspect_do_not_load_the_library(self):
        # Its constructor would crash the process that loads it.
        fmu = os.path.join(FMU_DIR, "faulty.fmu")
        status, out, err, _ = self.hyco("fmu", "info", fmu, load="crash")
        self.assertEqual((status, err), (0, ""))
        self.assertTrue(out.startswith(f"FMU faulty ({fmu})\n"), out)
        self.assertIn("  category        0A (plain FMI 2.0 co-simulation)\n", out)
        self.assertIn("    failAt (parameter, fixed Integer), value reference 0, start 1\n", out)
        for isolation in ("none", "process"):
            status, out, err, _ = self.hyco("inspect", self.model(isolation), load="crash")
            self.assertEqual((status, err), (0, ""))
            self.assertIn("  actor F (FMUImport)\n", out)
            self.assertIn("    port u (input", out)
        self.assertEqual(self.loaded_by(), [])

    def test_run_loads_it_in_the_hyco_process(self):
        status, out, err, pid = self.hyco("run", "--quiet", self.model())
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(self.loaded_by(), [pid])

    def test_constructor_calling_exit_fails_the_run(self):
        status, out, err, pid = self.hyco("run", "--quiet", self.model(), load="exit")
        self.assertEqual(status, 1, err)
        self.assertEqual(err, "hyco: error: the run was ended by a call to exit() from the "
                              "model's code (an FMU's library?): the outputs were not written\n")
        self.assertEqual(self.loaded_by(), [pid])
        # What the ended run left (its unpacked FMU) goes at the next.
        for name in os.listdir(self.tmp.name):
            self.assertTrue(name.startswith("hyco-fmu-"), name)
        self.assertEqual(self.hyco("run", "--quiet", self.model())[0], 0)

    def test_isolated_fmu_is_loaded_only_by_its_host(self):
        status, out, err, pid = self.hyco("run", "--quiet", self.model("process"))
        self.assertEqual((status, err), (0, ""))
        loaded_by = self.loaded_by()
        self.assertEqual(len(loaded_by), 1)
        self.assertNotEqual(loaded_by[0], pid)
        # A constructor that crashes its host: an error naming the actor, the FMU and the call.
        os.remove(self.marker)
        path = self.model("process")
        env = self.environment("crash")
        if "ASAN_OPTIONS" in env:  # the crash as a normal build reports it (class Isolation)
            env["ASAN_OPTIONS"] += ":handle_segv=0"
        result = subprocess.run([HYCO, "run", "--quiet", path], capture_output=True, text=True,
                                timeout=120, env=env)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr.splitlines()[-1],
                         f"hyco: error: {path}: F: FMU faulty (F): the process running faulty.fmu "
                         "crashed (signal 11, Segmentation fault) in fmi2Instantiate")
        self.assertEqual(len(self.loaded_by()), 1)
        self.assertNotEqual(self.loaded_by()[0], pid)

    def patched(self, offset, value):
        """A copy of faulty.fmu whose library has @value (bytes) at @offset of its ELF header."""
        path = os.path.join(self.dir.name, "patched.fmu")
        library = "binaries/linux64/faulty.so"
        with zipfile.ZipFile(os.path.join(FMU_DIR, "faulty.fmu")) as source, \
                zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as copy:
            for entry in source.infolist():
                data = source.read(entry)
                if entry.filename == library:
                    self.assertEqual(data[:4], b"\x7fELF")
                    data = data[:offset] + value + data[offset + len(value):]
                copy.writestr(entry, data)
        return path

    @unittest.skipUnless(platform.machine() == "x86_64", "the FMUs are built for x86-64 here")
    def test_library_for_another_machine_is_refused_by_name(self):
        for offset, value, message in (
                # e_machine: AArch64 (183), little-endian as the rest of the header.
                (18, struct.pack("<H", 183), "binaries/linux64/faulty.so is a library for "
                                             "AArch64, not for this machine (x86-64)"),
                (4, b"\x01", "binaries/linux64/faulty.so is a 32-bit library, and this machine "
                             "runs 64-bit ones"),
                # e_type: an executable (ET_EXEC), not a shared object.
                (16, struct.pack("<H", 2), "binaries/linux64/faulty.so does not load: "
                                           "binaries/linux64/faulty.so: an executable program")):
            path = self.patched(offset, value)
            status, out, err, _ = self.hyco("fmu", "info", path)
            self.assertEqual((status, out), (2, ""), err)
            self.assertEqual(err, f"hyco: error: {path}: {message}\n")
            # In a model, where fmuFile is set, whatever the isolation.
            model = os.path.join(self.dir.name, "model.xml")
            with open(model, "w") as f:
                f.write(FmuRun.MODEL.format(director="DEDirector", stop_time="1", body=FmuRun.fmu(
                    "F", path, '    <property name="isolation" value="process"/>\n')))
            status, out, err, _ = self.hyco("inspect", model)
            self.assertEqual(status, 2, err)
            self.assertTrue(err.startswith(f'hyco: error: {model}:7: property "fmuFile": '), err)
            self.assertIn(f"{path}: {message}", err)
        self.assertEqual(self.loaded_by(), [])

    def test_missing_function_is_refused_without_loading(self):
        # The loader's test FMU without fmi2DoStep: the message it always gave.
        path = os.path.join(FMU_DIR, "broken", "missing-function.fmu")
        status, out, err, _ = self.hyco("fmu", "info", path)
        self.assertEqual((status, out), (2, ""))
        self.assertEqual(err, f"hyco: error: {path}: binaries/linux64/loader.so does not export "
                              "fmi2DoStep, which FMI 2.0 requires\n")


class IsolationTransport(FmuTestCase):
    """An isolated FMU's calls go through the page the processes share, a message larger than
    its slot (64 KiB) on the socket; HYCO_FMU_TRANSPORT=socket sends them all on the socket:
    the same values and messages either way."""

    def model(self, label="hello", isolation="process"):
        path = os.path.join(self.dir.name, "model.xml")
        with open(path, "w") as f:
            f.write(FmuRun.MODEL.format(director="DEDirector", stop_time="1", body=FmuRun.fmu(
                "P", "probe.fmu",
                '    <property name="communicationStepSize" value="0.25"/>\n'
                f'    <property name="isolation" value="{isolation}"/>\n'
                f'    <property name="label" value="{label}"/>\n')))
        return path

    def run_hyco(self, path, transport=None):
        env = dict(self.env)
        env.pop("HYCO_FMU_TRANSPORT", None)
        if transport:
            env["HYCO_FMU_TRANSPORT"] = transport
        return subprocess.run([HYCO, "run", "--quiet", path, "--trace", self.trace],
                              capture_output=True, text=True, timeout=120, env=env)

    def trace_text(self):
        with open(self.trace) as f:
            return f.read()

    def test_same_trace_through_either_transport(self):
        self.assertEqual(self.run_hyco(self.model(isolation="none")).returncode, 0)
        expected = self.trace_text()
        self.assertIn("P.labelOut,0.25,", expected)
        for transport in (None, "socket"):
            result = self.run_hyco(self.model(), transport)
            self.assertEqual((result.returncode, result.stderr), (0, ""), transport)
            self.assertEqual(self.trace_text(), expected, transport)

    def test_request_larger_than_a_slot(self):
        # A 70000-byte string set in the FMU: the request goes on the socket, whole (the FMU
        # takes 31 bytes at most, and says so).
        path = self.model("x" * 70000)
        for transport in (None, "socket"):
            result = self.run_hyco(path, transport)
            self.assertEqual(result.returncode, 1, transport)
            self.assertEqual(result.stderr,
                             f"hyco: error: {path}: P: FMU probe (P): fmi2SetString returned "
                             "fmi2Error: fmi2SetString: a value of label is NULL or longer than "
                             "31 bytes\n", transport)



class FmuOutput(FmuTestCase):
    """What an FMU in the hyco process writes on its standard output (the chatty test FMU: lines
    at every step) does not reach hyco's: each line is one of the FMU's messages on standard
    error, named by the actor, the first 100 shown and the rest counted, as for an isolated
    FMU; the trace and summary hyco writes on standard output are those of a silent run."""

    MODEL = """<?xml version="1.0"?>
<entity name="m" class="TypedCompositeActor">
  <property name="Director" class="DEDirector">
    <property name="stopTime" value="1"/>
{director}  </property>
{actors}</entity>
"""

    def model(self, lines=1, style=0, isolation="none", names=("F",), parallel=False):
        actors = "".join(
            f'  <entity name="{name}" class="FMUImport">\n'
            '    <property name="fmuFile" value="chatty.fmu"/>\n'
            '    <property name="communicationStepSize" value="0.25"/>\n'
            f'    <property name="lines" value="{lines}"/>\n'
            f'    <property name="style" value="{style}"/>\n'
            f'    <property name="isolation" value="{isolation}"/>\n'
            '  </entity>\n' for name in names)
        director = '    <property name="parallel" value="true"/>\n' if parallel else ""
        path = os.path.join(self.dir.name, f"model-{lines}-{style}-{isolation}.xml")
        with open(path, "w") as f:
            f.write(self.MODEL.format(director=director, actors=actors))
        return path

    def run_hyco(self, *args, **kwargs):
        return subprocess.run([HYCO, *args], capture_output=True, text=True, timeout=120,
                              env=self.env, **kwargs)

    @staticmethod
    def without_wall_time(text):
        return [line for line in text.splitlines() if not line.startswith("  wall time")]

    @staticmethod
    def wrote(steps, lines, name="F", suffix=""):
        return [f"hyco: {name}: the FMU wrote: chatty: step {k + 1} line {j + 1} at {k * 0.25:g}"
                + suffix for k in range(steps) for j in range(lines)]

    def test_trace_on_standard_output_unchanged(self):
        silent = self.run_hyco("run", self.model(lines=0), "--trace", "/dev/stdout")
        self.assertEqual(silent.returncode, 0, silent.stderr)
        self.assertEqual(silent.stderr, "")
        self.assertTrue(silent.stdout.startswith("signal,time,microstep,value\nF.n,0,0,0\n"))
        chatty = self.run_hyco("run", self.model(lines=2), "--trace", "/dev/stdout")
        self.assertEqual(chatty.returncode, 0, chatty.stderr)
        self.assertEqual(self.without_wall_time(chatty.stdout.replace("model-2-", "model-0-")),
                         self.without_wall_time(silent.stdout))
        self.assertEqual(chatty.stderr.splitlines(), self.wrote(4, 2))
        # hyco fmu run alike.
        fmu = os.path.join(self.env["HYCO_FMU_PATH"], "chatty.fmu")
        result = self.run_hyco("fmu", "run", "--quiet", fmu, "--trace", "/dev/stdout")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "signal,time,microstep,value\nchatty.n,0,0,0\n"
                         "chatty.n,0.25,0,1\nchatty.n,0.5,0,2\nchatty.n,0.75,0,3\nchatty.n,1,0,4\n")
        self.assertEqual(result.stderr.splitlines(), self.wrote(4, 1, "chatty"))

    def test_flood_limited_and_counted(self):
        result = self.run_hyco("run", "--quiet", self.model(lines=100000), "--stop-time", "0.25")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")
        wrote = self.wrote(1, 100)
        self.assertEqual(result.stderr.splitlines(), wrote[:99] + [
            "hyco: F: 100 messages shown: the FMU's further messages are counted, not shown",
            wrote[99], "hyco: F: 99900 more messages of the FMU were not shown"])

    def test_bytes_that_are_not_text(self):
        # Invalid UTF-8 replaced, control characters (an escape sequence, a carriage return
        # before the newline) not passed to the terminal.
        result = self.run_hyco("run", "--quiet", self.model(style=1), "--stop-time", "0.25")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "hyco: F: the FMU wrote: chatty: step 1 line 1 at 0 "
                         "\ufffd\ufffd ?[31mred?[0m\n")

    def test_line_without_newline_shown_before_the_summary(self):
        # Written in pieces; the last, left without its newline in the C library's buffer,
        # is shown when the run ends, before the summary.
        result = subprocess.run([HYCO, "run", self.model(style=2)], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, timeout=120, env=self.env)
        self.assertEqual(result.returncode, 0, result.stdout)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[:5], self.wrote(4, 1) + ["hyco: F: the FMU wrote: chatty: no "
                                                        "newline at 1"])
        self.assertTrue(lines[5].startswith("Ran "), lines)

    def test_in_process_and_isolated_say_the_same(self):
        outputs = []
        for isolation in ("none", "process"):
            for lines in (1, 60):
                result = self.run_hyco("run", self.model(lines=lines, isolation=isolation),
                                       "--trace", "/dev/stdout")
                self.assertEqual(result.returncode, 0, result.stderr)
                outputs.append((self.without_wall_time(
                    result.stdout.replace(f"-{isolation}.xml", ".xml")), result.stderr))
        self.assertEqual(outputs[0][1].splitlines(), self.wrote(4, 1))
        self.assertIn("hyco: F: 140 more messages of the FMU were not shown\n", outputs[1][1])
        self.assertEqual(outputs[2:], outputs[:2])

    def test_two_fmus_in_threads(self):
        # parallel=true: both step at once on threads; a line does not say which one wrote it.
        result = self.run_hyco("run", "--quiet", self.model(names=("A", "B"), parallel=True))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")
        self.assertEqual(sorted(result.stderr.splitlines()),
                         sorted(self.wrote(4, 1, "A or B") * 2))

    def test_lines_before_exit_shown(self):
        # An FMU that says why on standard output, then calls exit(): its lines come before
        # the error.
        path = self.model(style=3)
        result = self.run_hyco("run", "--quiet", path)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stderr.splitlines(), self.wrote(2, 1) + [
            "hyco: F: the FMU wrote: chatty: exiting at 0.25",
            "hyco: error: the run was ended by a call to exit() from the model's code (an FMU's "
            "library?): the outputs were not written"])
        # What the ended run left (its unpacked FMU) goes at the next.
        self.assertEqual(self.run_hyco("run", "--quiet", self.model(lines=0)).returncode, 0)

    def test_sweep(self):
        result = self.run_hyco("sweep", self.model(), "--vary", "F.lines=[1,2]", "-j", "2")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("Swept "), result.stdout)
        self.assertNotIn("chatty", result.stdout)
        self.assertEqual(sorted(result.stderr.splitlines()),
                         sorted(self.wrote(4, 1) + self.wrote(4, 2)))

if __name__ == "__main__":
    HYCO = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
