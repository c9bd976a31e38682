#!/usr/bin/python3
"""Every model's trace, inspection and saved file, byte for byte as recorded in tests/golden/.

The recordings were made before the kernel was restructured into modules (issue 15) and pin
what a user observes: a restructuring must leave each of them unchanged. A change that means to
alter a result re-records with --update and shows the difference in its commit.

Usage: test-golden.py PATH/TO/hyco [--update]   (run from the source root, as meson does)
"""
import glob
import os
import subprocess
import sys
import tempfile

GOLDEN = os.path.join("tests", "golden")
# A model without a stop time runs to one given here.
EXTRA_ARGUMENTS = {"tests/models/cli-forever.xml": ["--stop-time", "2"]}


def models():
    """The runnable models: the examples (not the ones meant to be refused), their self-checking
    versions and the tests'."""
    found = (sorted(glob.glob("models/*.xml")) + sorted(glob.glob("tests/examples/*.xml"))
             + sorted(glob.glob("tests/models/*.xml")))
    return [m for m in found if not os.path.basename(m).startswith("bad-")]


def observe(hyco, model, scratch):
    """What a user sees of @model: its trace (with the exit status and the messages, which name
    files, lines and actors) and its inspection."""
    trace = os.path.join(scratch, "trace.csv")
    if os.path.exists(trace):
        os.unlink(trace)
    run = subprocess.run([hyco, "run", model, "--trace", trace,
                          *EXTRA_ARGUMENTS.get(model, [])], capture_output=True,
                         text=True, timeout=600)
    # The summary's wall time differs from run to run; the rest (tags, firings, events, the
    # directors' counters) does not.
    summary = "".join(line.replace(scratch, "SCRATCH") + "\n"
                      for line in (run.stdout + run.stderr).splitlines()
                      if not line.strip().startswith("wall time"))
    out = {"trace.csv": open(trace).read() if os.path.exists(trace) else "",
           "run.txt": "exit %d\n%s" % (run.returncode, summary)}
    inspect = subprocess.run([hyco, "inspect", model], capture_output=True, text=True,
                             timeout=120)
    out["inspect.txt"] = "exit %d\n%s%s" % (inspect.returncode, inspect.stdout, inspect.stderr)
    return out


def main():
    hyco = os.path.abspath(sys.argv[1])
    update = "--update" in sys.argv[2:]
    failures = 0
    checked = 0
    with tempfile.TemporaryDirectory() as scratch:
        for model in models():
            name = model.replace("/", "_")[:-len(".xml")]
            for kind, text in sorted(observe(hyco, model, scratch).items()):
                path = os.path.join(GOLDEN, name + "." + kind)
                checked += 1
                if update:
                    os.makedirs(GOLDEN, exist_ok=True)
                    with open(path, "w") as f:
                        f.write(text)
                    continue
                expected = open(path).read() if os.path.exists(path) else None
                if expected != text:
                    failures += 1
                    print("not ok %d - %s %s differs from %s" % (checked, model, kind, path))
                    if expected is not None:
                        import difflib
                        sys.stdout.writelines("# " + line for line in difflib.unified_diff(
                            expected.splitlines(True), text.splitlines(True), path, "now", n=1))
                else:
                    print("ok %d - %s %s" % (checked, model, kind))
    print("1..%d" % checked)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
