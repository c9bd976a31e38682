#!/usr/bin/python3
"""End-to-end tests of hyco sweep: run lists, failed runs, the HDF5 and CSV files, jobs, plots,
argument errors.

Usage: test-sweep.py PATH/TO/hyco   (run from the source root, as meson does)
"""
import csv
import math
import os
import pty
import select
import signal
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import h5py  # Debian: python3-h5py

HYCO = None
BALL = "models/bouncing-ball.xml"
PARAMETERS = "tests/examples/parameters.xml"


def hyco(*args, timeout=120):
    return subprocess.run([HYCO, *args], capture_output=True, text=True, timeout=timeout)


class Sweep(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.h5 = os.path.join(self.dir.name, "sweep.h5")
        self.csv = os.path.join(self.dir.name, "sweep.csv")

    def tearDown(self):
        self.dir.cleanup()

    def sweep(self, *args, output=None):
        result = hyco("sweep", *args, "-o", output or self.h5)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result

    def rows(self, path=None):
        with open(path or self.csv, newline="") as f:
            return list(csv.DictReader(f))

    def test_listed_in_help(self):
        result = hyco("--help")
        self.assertRegex(result.stdout, r"(?m)^  sweep\s+Run a model many times")
        self.assertEqual(hyco("sweep", "--help").returncode, 0)

    def test_factorial_run_list(self):
        result = self.sweep(BALL, "--vary", "e=0.5:0.9:0.1", "--vary", "h0=[2,10]", "-t", "1",
                            "--jobs", "2")
        rows = self.rows()
        self.assertEqual([(r["run"], r["e"], r["h0"]) for r in rows],
                         [("0", "0.5", "2"), ("1", "0.5", "10"), ("2", "0.6", "2"),
                          ("3", "0.6", "10"), ("4", "0.7", "2"), ("5", "0.7", "10"),
                          ("6", "0.8", "2"), ("7", "0.8", "10"), ("8", "0.9", "2"),
                          ("9", "0.9", "10")])
        self.assertEqual({r["status"] for r in rows}, {"0"})
        self.assertEqual({r["error"] for r in rows}, {""})
        self.assertIn("Swept %s: 10 runs (factorial design), 2 at once\n" % BALL, result.stdout)
        self.assertIn("  completed   10\n  failed      0\n", result.stdout)
        self.assertIn("  results     %s, %s\n" % (self.h5, self.csv), result.stdout)

    def test_summaries(self):
        self.sweep(BALL, "--vary", "h0=[2,10]", "--probe", "Ball.y", "--probe", "Ball.impact")
        rows = self.rows()
        self.assertEqual(list(rows[0].keys()),
                         ["run", "h0", "status", "error", "Ball.y.final", "Ball.y.min",
                          "Ball.y.max", "Ball.y.events", "Ball.y.first", "Ball.impact.final",
                          "Ball.impact.min", "Ball.impact.max", "Ball.impact.events",
                          "Ball.impact.first"])
        for row, h0 in zip(rows, (2, 10)):
            # Dropped from h0 at time 0; the first impact when it has fallen h0.
            self.assertEqual(float(row["Ball.y.max"]), h0)
            self.assertEqual(float(row["Ball.y.first"]), 0)
            self.assertAlmostEqual(float(row["Ball.impact.first"]), math.sqrt(2 * h0 / 9.81),
                                   places=6)
            self.assertAlmostEqual(float(row["Ball.impact.min"]), -math.sqrt(2 * 9.81 * h0),
                                   places=5)
            self.assertGreater(int(float(row["Ball.impact.events"])), 3)

    def test_summary_expressions(self):
        plot = os.path.join(self.dir.name, "bounces.svg")
        result = self.sweep(BALL, "--vary", "e=[0.5,0.8]", "--vary", "h0=[2,10]", "--probe",
                            "Ball.y", "--probe", "Ball.impact", "-t", "5",
                            "--summary", "range=Ball.y.max - Ball.y.min",
                            "--summary", "bounces=Ball.impact.events",
                            "--summary", "Ball.mean=avg(Ball.impact.values)",
                            "--summary", "per_metre=bounces / h0",
                            "--plot", plot, "--plot-y", "bounces")
        self.assertIn("  plot        %s (bounces against e)\n" % plot, result.stdout)
        rows = self.rows()
        self.assertEqual(list(rows[0].keys())[-4:], ["range", "bounces", "Ball.mean",
                                                      "per_metre"])
        # Dropped from h0 onto the ground; e = 0.5 from 2 m comes to rest after 7 impacts
        # within the 5 s, e = 0.8 from 10 m has hit the ground twice.
        self.assertEqual([(r["e"], r["h0"], r["bounces"]) for r in rows],
                         [("0.5", "2", "7"), ("0.5", "10", "9"), ("0.8", "2", "9"),
                          ("0.8", "10", "2")])
        for row in rows:
            self.assertEqual(row["status"], "0")
            self.assertEqual(float(row["range"]),
                             float(row["Ball.y.max"]) - float(row["Ball.y.min"]))
            self.assertEqual(row["bounces"], row["Ball.impact.events"])
            self.assertEqual(float(row["per_metre"]), float(row["bounces"]) / float(row["h0"]))
        # The mean of e = 0.8's two impacts from 10 m: -sqrt(2 g h0) (1 + e) / 2.
        self.assertAlmostEqual(float(rows[3]["Ball.mean"]), -math.sqrt(2 * 9.81 * 10) * 0.9,
                               places=5)
        with h5py.File(self.h5, "r") as f:
            self.assertEqual(f["summary/range"].attrs["expression"], "Ball.y.max - Ball.y.min")
            self.assertEqual(f["summary/Ball.mean"].attrs["expression"],
                             "avg(Ball.impact.values)")
            self.assertNotIn("expression", f["summary/Ball.y.max"].attrs)
            self.assertEqual(list(f["summary/bounces"][:]), [7.0, 9.0, 9.0, 2.0])
        with open(plot) as f:
            self.assertIn("<svg", f.read())

    def test_summary_failing_in_runs(self):
        result = self.sweep(BALL, "--vary", "h0=[2,5]", "--probe", "Ball.y", "-t", "1",
                            "--summary", "top=Ball.y.max", "--summary", "heights=Ball.y.values")
        self.assertIn("  completed   0\n  failed      2", result.stdout)
        self.assertIn('hyco: run 0 (h0=2) failed: %s: summary heights: in "Ball.y.values": '
                      "the value is an array, not a number\n" % BALL, result.stderr)
        rows = self.rows()
        self.assertEqual([(r["status"], r["top"], r["heights"]) for r in rows],
                         [("1", "2", "nan"), ("1", "5", "nan")])

    def test_latin_hypercube_strata(self):
        n = 12
        self.sweep(BALL, "--design", "lhs", "--samples", str(n), "--seed", "4", "--vary",
                   "e=0.5:0.9", "--sample", "h0=uniform(1,10)", "-t", "0.5")
        rows = self.rows()
        self.assertEqual(len(rows), n)
        for name, low, high in (("e", 0.5, 0.9), ("h0", 1, 10)):
            strata = sorted(math.floor((float(r[name]) - low) / (high - low) * n) for r in rows)
            self.assertEqual(strata, list(range(n)), name)

    def test_samples_reproducible_by_seed(self):
        args = (BALL, "--sample", "h0=normal(5,0.5)", "--samples", "6", "-t", "0.1")
        self.sweep(*args, "--seed", "7")
        first = [r["h0"] for r in self.rows()]
        other = os.path.join(self.dir.name, "other.h5")
        self.sweep(*args, "--seed", "7", output=other)
        self.assertEqual([r["h0"] for r in self.rows(other[:-3] + ".csv")], first)
        self.sweep(*args, "--seed", "8", output=other)
        different = [r["h0"] for r in self.rows(other[:-3] + ".csv")]
        self.assertEqual(len(set(first) | set(different)), 12)
        for value in first:
            self.assertLess(abs(float(value) - 5), 4 * 0.5)

    def test_failed_runs_recorded(self):
        result = self.sweep(PARAMETERS, "--vary", "f=[0.5,1]", "--vary", "rate=[4,0]",
                            "--probe", "Gain.output")
        self.assertIn("  completed   1\n  failed      3 (the errors on standard error and in "
                      "the results say why)\n", result.stdout)
        self.assertIn("hyco: run 2 (f=1 rate=4) failed: %s: GainTest: at (0, 1) expected "
                      "3.141592653589793, received 6.283185307179586" % PARAMETERS,
                      result.stderr)
        self.assertIn("hyco: run 1 (f=0.5 rate=0) failed: %s:19: Clock: parameter period: "
                      'must be finite, not "Infinity"' % PARAMETERS, result.stderr)
        rows = self.rows()
        self.assertEqual([r["status"] for r in rows], ["0", "2", "1", "2"])
        self.assertEqual(rows[0]["error"], "")
        self.assertTrue(rows[2]["error"].startswith(PARAMETERS + ": GainTest: at (0, 1)"))
        self.assertEqual(rows[1]["Gain.output.final"], "nan")
        # Recorded up to the failure: the first tick, 2 pi.
        self.assertEqual(float(rows[2]["Gain.output.final"]), 2 * math.pi)

    def test_hdf5_content(self):
        self.sweep(PARAMETERS, "--vary", "f=[0.5,1]", "--probe", "Gain.output", "--seed", "3")
        with h5py.File(self.h5, "r") as f:
            self.assertEqual(sorted(f.keys()), ["error", "parameters", "run", "status",
                                                "summary"])
            self.assertEqual(list(f["run"][:]), [0, 1])
            self.assertEqual(list(f["status"][:]), [0, 1])
            self.assertEqual(list(f["parameters/f"][:]), [0.5, 1.0])
            self.assertEqual(f["error"][0], b"")
            self.assertTrue(f["error"][1].decode().startswith(PARAMETERS + ": GainTest"))
            self.assertEqual(sorted(f["summary"].keys()),
                             ["Gain.output.events", "Gain.output.final", "Gain.output.first",
                              "Gain.output.max", "Gain.output.min"])
            self.assertEqual(list(f["summary/Gain.output.events"][:]), [3.0, 1.0])
            self.assertEqual(f["summary/Gain.output.max"][0], math.pi)
            self.assertEqual(f.attrs["model"], PARAMETERS)
            self.assertEqual(f.attrs["design"], "factorial")
            self.assertEqual(f.attrs["seed"], 3)
            self.assertEqual(f.attrs["samples"], 0)
            self.assertEqual(f.attrs["hyco_version"], hyco("--version").stdout.split()[1])

    def test_jobs_give_the_same_files(self):
        args = (BALL, "--vary", "e=0.5:0.9:0.1", "--sample", "h0=uniform(2,10)", "--samples",
                "3", "--probe", "Ball.impact", "-t", "5", "--summary",
                "mean=avg(Ball.impact.values) / h0")
        files = []
        for jobs in ("1", "2"):
            path = os.path.join(self.dir.name, "jobs%s.h5" % jobs)
            self.sweep(*args, "--jobs", jobs, output=path)
            for name in (path, path[:-3] + ".csv"):
                with open(name, "rb") as f:
                    files.append(f.read())
        self.assertEqual(files[2], files[0])
        self.assertEqual(files[3], files[1])

    def test_plot(self):
        plot = os.path.join(self.dir.name, "events.png")
        result = self.sweep(BALL, "--vary", "e=0.5:0.9:0.2", "--probe", "Ball.impact", "-t",
                            "5", "--plot", plot, "--plot-y", "Ball.impact.events")
        self.assertIn("  plot        %s (Ball.impact.events against e)\n" % plot, result.stdout)
        with open(plot, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_plot_onto_a_full_disk(self):
        # PLplot does not report a failed write: a plot cut short (here by a file size limit,
        # as on a full disk) is an error, and the earlier file stays.
        import resource

        def limit_files():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

        plot = os.path.join(self.dir.name, "events.svg")
        with open(plot, "w") as f:
            f.write("earlier\n")
        result = subprocess.run([HYCO, "sweep", BALL, "--vary", "e=0.5:0.9:0.2", "--probe",
                                 "Ball.impact", "-t", "5", "--plot", plot, "--plot-y",
                                 "Ball.impact.events"], capture_output=True, text=True,
                                timeout=120, preexec_fn=limit_files)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("writing the plot to %s failed" % plot, result.stderr)
        with open(plot) as f:
            self.assertEqual(f.read(), "earlier\n")
        self.assertEqual(sorted(os.listdir(self.dir.name)), ["events.svg"])

    def test_bad_arguments(self):
        cases = [
            (("--vary", "e=0.5:x:0.1"), 'hyco: error: --vary e=0.5:x:0.1: "x" is not a number; '
             "write a range as e=LOW:HIGH:STEP, as in e=0.5:0.9:0.1\n"),
            (("--vary", "k=[1,2"), "hyco: error: --vary k=[1,2: the list has no closing "
             "bracket; write k=[1,2,5]\n"),
            (("--sample", "mu=gauss(1,2)", "--samples", "3"), 'hyco: error: --sample '
             'mu=gauss(1,2): no distribution is called "gauss" (there are normal(MEAN,SD) and '
             "uniform(LOW,HIGH))\n"),
            (("--design", "random"), "hyco: error: --design random: the designs are factorial "
             "and lhs (Latin hypercube)\n"),
            (("--design", "lhs", "--vary", "e=0:1"), "hyco: error: --design lhs needs "
             "--samples N, the number of runs\n"),
            (("--sample", "e=normal(1,1)"), "hyco: error: --sample e=normal(1,1) needs "
             "--samples N, the number of runs of each combination\n"),
            (("--vary", "Ball.e=0.5:0.9:0.1"), 'hyco: error: --vary Ball.e: Ball has no '
             'parameter "e"\n'),
            (("--vary", "e=[1]", "--plot", "x.png"), "hyco: error: --plot x.png needs --plot-y, "
             "the summary value to draw (e.g. --probe Ball.impact --plot-y "
             "Ball.impact.events)\n"),
            (("--vary", "e=[1]", "--plot", "x.png", "--plot-y", "Ball.y.max"),
             "hyco: error: --plot-y Ball.y.max: the sweep has no such parameter or summary "
             "value (parameters: e; summary values: none: add --probe SIGNAL or --summary)\n"),
            (("-o", "results.txt"), "hyco: error: -o results.txt: name an HDF5 file, FILE.h5\n"),
            (("--probe", "Ball.y", "--summary", "range=Ball.y.max -"),
             'hyco: error: --summary range: in "Ball.y.max -" at position 13: the expression '
             "ends too early\n"),
            (("--probe", "Ball.y", "--summary", "range"),
             "hyco: error: --summary range: write NAME=EXPRESSION, as in --summary "
             "range=Ball.y.max-Ball.y.min\n"),
            (("--vary", "e=[1]", "--summary", "range=Ball.y.max-Ball.y.min"),
             'hyco: error: --summary range: in "Ball.y.max-Ball.y.min" at position 1: unknown '
             'name "Ball" (an expression sees the varied and sampled parameters, the probed '
             "signals and the summaries before it: e)\n"),
            (("--probe", "Ball.y", "--summary", "top=Ball.y.maximum"),
             'hyco: error: --summary top: in "Ball.y.maximum" at position 1: the record has no '
             'field "maximum"\n'),
            (("--vary", "e=[1]", "--summary", "e=2 * e"),
             "hyco: error: --summary e: the parameter e and the summary e: the same name\n"),
        ]
        for args, message in cases:
            result = hyco("sweep", BALL, *args)
            self.assertEqual(result.returncode, 2, args)
            self.assertEqual(result.stderr, message, args)
            self.assertEqual(result.stdout, "", args)
        result = hyco("sweep", "no-such-model.xml", "--vary", "e=[1]")
        self.assertEqual(result.returncode, 2)
        self.assertIn("no-such-model.xml", result.stderr)



class Terminal(unittest.TestCase):
    """On a terminal: progress in place; Ctrl-C stops the sweep and writes what ran."""

    def test_progress_and_interrupt(self):
        with tempfile.TemporaryDirectory() as directory:
            h5 = os.path.join(directory, "long.h5")
            master, slave = pty.openpty()
            # Thousands of runs: far longer than the second before progress shows.
            process = subprocess.Popen(
                [HYCO, "sweep", BALL, "--vary", "e=0.5:0.99:0.0001", "--probe", "Ball.impact",
                 "-o", h5, "--jobs", "2"],
                stdout=subprocess.PIPE, stderr=slave, text=True)
            os.close(slave)
            output = b""
            interrupted = False
            while True:
                ready, _, _ = select.select([master], [], [], 60)
                if not ready:
                    break
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO: the other side closed
                    break
                if not chunk:
                    break
                output += chunk
                # Interrupted once progress was shown twice: runs have ended, most have not.
                if not interrupted and output.count(b"\rhyco: ") >= 2:
                    process.send_signal(signal.SIGINT)
                    interrupted = True
            os.close(master)
            stdout = process.stdout.read()
            process.stdout.close()
            self.assertEqual(process.wait(timeout=60), 1)
            text = output.decode()
            self.assertRegex(text, r"\rhyco: \d+ of 4901 runs, 0 failed, wall time \d+\.\d s")
            self.assertIn("hyco: interrupted, stopping the sweep", text)
            self.assertIn("Interrupted %s: 4901 runs (factorial design), 2 at once\n" % BALL,
                          stdout)
            self.assertRegex(stdout, r"  not run     \d+ \(interrupted\)")
            with h5py.File(h5, "r") as f:
                status = list(f["status"][:])
            self.assertEqual(len(status), 4901)
            self.assertGreater(status.count(0), 0)
            self.assertGreater(status.count(-1), 4000)
            self.assertEqual(status.count(0) + status.count(-1), 4901)


FAULTY = """<?xml version="1.0"?>
<entity name="faulty" class="TypedCompositeActor">
  <property name="failAt" class="ptolemy.data.expr.Parameter" value="0"/>
  <property name="director" class="DEDirector">
    <property name="stopTime" value="2"/>
  </property>
  <entity name="F" class="FMUImport">
    <property name="fmuFile" value="faulty.fmu"/>
    <property name="failAt" value="failAt"/>
    <property name="communicationStepSize" value="0.25"/>
  </entity>
  <relation name="t" class="TypedIORelation"/>
  <link port="F.t" relation="t"/>
  <link port="F.u" relation="t"/>
</entity>
"""


def faulty_fmu_found():
    return any(os.path.exists(os.path.join(folder, "faulty.fmu"))
               for folder in os.environ.get("HYCO_FMU_PATH", "").split(os.pathsep) if folder)


@unittest.skipUnless(faulty_fmu_found(), "no faulty.fmu on HYCO_FMU_PATH (tests/fmus)")
class FmuCallingExit(unittest.TestCase):
    """An FMU that calls exit() in a run (faulty.fmu, failAt=9) ends the sweep as it ends hyco
    run: an error that says so, exit status 1, and the files there before kept; under mpirun
    too, where Open MPI alone would say only that a rank ended improperly."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.model = os.path.join(self.dir.name, "faulty.xml")
        with open(self.model, "w") as f:
            f.write(FAULTY)
        self.h5 = os.path.join(self.dir.name, "sweep.h5")
        with open(self.h5, "w") as f:
            f.write("earlier\n")

    def tearDown(self):
        self.dir.cleanup()

    def check(self, result, prefix):
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertRegex(result.stderr, r"hyco: error: %sa run was ended by a call to exit\(\) "
                         r"from the model's code \(an FMU's library\?\): the sweep stop(s|ped), "
                         r"its results were not written\n" % prefix)
        with open(self.h5) as f:
            self.assertEqual(f.read(), "earlier\n")
        self.assertFalse(os.path.exists(self.h5[:-3] + ".csv"))

    def test_one_job(self):
        self.check(hyco("sweep", self.model, "--vary", "failAt=[0,9]", "--probe", "F.t", "-o",
                        self.h5, "--jobs", "1"), "")

    @unittest.skipUnless(shutil.which("mpirun"), "no mpirun (Debian: openmpi-bin)")
    def test_mpi(self):
        env = dict(os.environ)
        if "ASAN_OPTIONS" in env:
            env["ASAN_OPTIONS"] += ":detect_leaks=0"
        result = subprocess.run(["mpirun", "--allow-run-as-root", "--oversubscribe", "-n", "2",
                                 HYCO, "sweep", self.model, "--vary", "failAt=[0,9,0,0]",
                                 "--probe", "F.t", "-o", self.h5], capture_output=True,
                                text=True, timeout=300, env=env)
        self.check(result, "MPI rank [01]: ")


@unittest.skipUnless(shutil.which("mpirun"), "no mpirun (Debian: openmpi-bin)")
class Mpi(unittest.TestCase):
    """mpirun -n 2 hyco sweep: the runs spread over two ranks, the same files as one job."""

    ARGS = (BALL, "--vary", "e=0.5:0.9:0.1", "--sample", "h0=uniform(2,10)", "--samples", "3",
            "--probe", "Ball.impact", "-t", "5", "--summary", "mean=avg(Ball.impact.values) / h0",
            "--summary", "late=max(Ball.impact.times) > 4")

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def mpirun(self, n, *args):
        # As root on this machine: Open MPI refuses root without the flag, and two ranks on
        # fewer cores without --oversubscribe.
        env = dict(os.environ, G_MESSAGES_DEBUG="Hyco")
        # Under AddressSanitizer: Open MPI unloads its components at MPI_Finalize, so
        # LeakSanitizer can neither attribute nor suppress what they keep. The same sweeps
        # without mpirun are leak-checked.
        if "ASAN_OPTIONS" in env:
            env["ASAN_OPTIONS"] += ":detect_leaks=0"
        return subprocess.run(["mpirun", "--allow-run-as-root", "--oversubscribe", "-n", str(n),
                               HYCO, "sweep", *args], capture_output=True, text=True,
                              timeout=300, env=env)

    def test_same_files_as_one_job(self):
        serial = os.path.join(self.dir.name, "serial.h5")
        spread = os.path.join(self.dir.name, "mpi.h5")
        result = hyco("sweep", *self.ARGS, "--jobs", "1", "-o", serial)
        self.assertEqual(result.returncode, 0, result.stderr)
        result = self.mpirun(2, *self.ARGS, "-o", spread)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("15 runs (factorial design), on 2 MPI ranks\n", result.stdout)
        # Rank 0 alone prints the summary.
        self.assertEqual(result.stdout.count("Swept "), 1)
        # Each rank ran runs, each run once (the debug messages go to standard output).
        ran = sorted(int(run) for rank, run in
                     re.findall(r"MPI rank (\d+): run (\d+)", result.stdout + result.stderr))
        self.assertEqual(ran, list(range(15)))
        ranks = set(re.findall(r"MPI rank (\d+): run", result.stdout + result.stderr))
        self.assertEqual(ranks, {"0", "1"})
        for a, b in ((serial, spread), (serial[:-3] + ".csv", spread[:-3] + ".csv")):
            with open(a, "rb") as f, open(b, "rb") as g:
                self.assertEqual(f.read(), g.read(), b)

    def test_failed_runs_gathered(self):
        path = os.path.join(self.dir.name, "failed.h5")
        result = self.mpirun(2, PARAMETERS, "--vary", "f=[0.5,1]", "--vary", "rate=[4,0]",
                             "--probe", "Gain.output", "--summary", "twice=2 * Gain.output.events",
                             "-o", path)
        self.assertEqual(result.returncode, 0, result.stderr)
        with h5py.File(path, "r") as f:
            self.assertEqual(list(f["status"][:]), [0, 2, 1, 2])
            self.assertTrue(f["error"][2].decode().startswith(PARAMETERS + ": GainTest"))
            events = f["summary/Gain.output.events"][:]
            self.assertEqual((events[0], events[2]), (3.0, 1.0))
            self.assertTrue(math.isnan(events[1]) and math.isnan(events[3]))
            twice = f["summary/twice"][:]
            self.assertEqual((twice[0], twice[2]), (6.0, 2.0))
            self.assertTrue(math.isnan(twice[1]) and math.isnan(twice[3]))


if __name__ == "__main__":
    HYCO = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
