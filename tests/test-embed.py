#!/usr/bin/python3
"""The embedding example (bindings/examples/hyco-embed.c) end to end: a run that completes
prints its progress and ends with status 0; Ctrl-C (the example sends itself SIGINT) cancels
a run that would never end, cleanly, with status 1."""
import subprocess
import sys
import unittest

EMBED = sys.argv.pop(1)


def run(*args, timeout=60):
    return subprocess.run([EMBED, *args], capture_output=True, text=True, timeout=timeout)


class Embed(unittest.TestCase):
    def test_run_completes_with_progress(self):
        done = run("models/simultaneous-events.xml")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        lines = done.stdout.splitlines()
        self.assertTrue(lines[0].startswith("progress: model time"), done.stdout)
        self.assertIn("progress: model time 100 s", done.stdout)
        self.assertTrue(lines[-1].startswith("completed at model time 100 s"), done.stdout)

    def test_stop_time_option(self):
        done = run("--stop-time", "0.5", "tests/models/cli-forever.xml")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertTrue(done.stdout.splitlines()[-1].startswith("completed at model time 0.5 s"))

    def test_sigint_cancels_cleanly(self):
        cancelled = run("--cancel-after", "300", "tests/models/cli-forever.xml")
        self.assertEqual(cancelled.returncode, 1, cancelled.stdout + cancelled.stderr)
        out = cancelled.stdout
        self.assertIn("progress: model time", out)  # reported while it ran
        self.assertIn("interrupted: cancelling the run", out)
        self.assertIn("error: Operation was cancelled", out)
        self.assertRegex(out.splitlines()[-1], r"^cancelled at model time [0-9.e+]+ s")
        self.assertEqual(cancelled.stderr, "")

    def test_bad_model_is_status_2(self):
        bad = run("tests/models/bad-unknown-class.xml")
        self.assertEqual(bad.returncode, 2)
        self.assertIn("bad-unknown-class.xml", bad.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
