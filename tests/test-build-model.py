#!/usr/bin/python3
"""The example that builds a model in C (bindings/examples/build-model.c), end to end: the
signals it lists before running, the gain's output at each tag of the clock, and an error in
the model parameter reported in the user's words."""
import subprocess
import sys
import unittest

EXAMPLE = sys.argv.pop(1)


def run(*args):
    return subprocess.run([EXAMPLE, *args], capture_output=True, text=True, timeout=60)


def expected(rate):
    # The clock ticks at 0, 0.25, ..., 1 s (the stop time included) at microstep 1; the ramp
    # counts 0, 1, 2, ... and the gain multiplies by 2 * rate.
    lines = ["signals: Clock.output, Ramp.output, Gain.output"]
    for k, time in enumerate(["0", "0.25", "0.5", "0.75", "1"]):
        lines.append("Gain.output (%s s, 1): %g" % (time, k * 2 * rate))
    lines.append("tags: 5")
    return "\n".join(lines) + "\n"


class BuildModel(unittest.TestCase):
    def test_default_rate(self):
        done = run()
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, expected(1.5))
        self.assertEqual(done.stderr, "")

    def test_rate_option(self):
        done = run("--rate", "0.25")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, expected(0.25))

    def test_bad_rate_names_the_parameter(self):
        bad = run("--rate", "1 +")
        self.assertEqual(bad.returncode, 1)
        self.assertEqual(bad.stdout, "")
        self.assertTrue(bad.stderr.startswith("build-model: rate: "), bad.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
