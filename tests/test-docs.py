#!/usr/bin/python3
"""Every command the documentation shows runs, exactly as written.

The fenced ```sh and ```python blocks of README.md and docs/*.md, the `hyco` commands in their
tables (the README's gallery), and the commands each example model suggests in its leading
comment (the lines after "Try" that start with `hyco`) are run in order, one directory per
document, as a user would run them from the source root of a fresh build: the directory holds
a link to each entry of the source tree and a `build` of links to the build directory's, so
the commands' own outputs (t.csv, saw.png, build/gallery/) land there and nothing in the tree
or the build changes. HYCO_FMU_PATH is not set: the examples must find their FMUs
themselves. Python blocks run with Debian's interpreter against the uninstalled typelib, as
README.md says to.

Each block must exit with status 0, unless the line before it in the document says otherwise:
  <!-- doc-test: exit N -->              the block is expected to end with status N
  <!-- doc-test: skip (REASON) -->      not run (blocks that install packages or run for long)
A model's suggestion that ends with "(fails: exit N)" is expected to exit with N.

Usage: test-docs.py BUILD_DIR   (from the source root, as meson does)
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

PYTHON = "/usr/bin/python3"
MARKER = re.compile(r"<!--\s*doc-test:\s*(skip|exit)\s*(.*?)\s*-->", re.S)
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
# The blocks the documents may skip, at most: a new skip needs a reason good enough to raise it.
# Three: the two-command setup, the conformance table's rewrite, the Debian package build (each
# run by the test command in another way).
MAX_SKIPS = 3


def blocks(path):
    """The runnable blocks of the Markdown file @path: (line, language, text, marker, argument)."""
    lines = open(path).read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent, language = fence.group(1), fence.group(2)
        start = i
        i += 1
        body = []
        while i < len(lines) and not lines[i].strip().startswith("```"):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        if language not in ("sh", "python"):
            continue
        before = start - 1
        while before >= 0 and not lines[before].strip():
            before -= 1
        comment = lines[before] if before >= 0 else ""
        while comment.rstrip().endswith("-->") and "<!--" not in comment and before > 0:
            before -= 1   # a marker's comment over several lines
            comment = lines[before] + " " + comment
        marker = MARKER.search(comment)
        found.append((start + 1, language, "\n".join(body) + "\n",
                      marker.group(1) if marker else None,
                      " ".join(marker.group(2).split()) if marker else ""))
    return found


def table_commands(path):
    """The commands in the cells of the tables of the Markdown file @path (the README's gallery):
    (line, command), `hyco` standing for build/tools/hyco as the tables say."""
    found = []
    for number, line in enumerate(open(path).read().split("\n"), start=1):
        if line.startswith("|"):
            for cell in re.findall(r"`(hyco [^`]*)`", line):
                found.append((number, "build/tools/" + cell))
    return found


def suggestions(path):
    """The commands the model @path suggests: (line, command, expected exit status)."""
    text = open(path).read()
    comment_end = text.find("-->")
    found = []
    in_try = False
    for number, line in enumerate(text[:comment_end + 3].split("\n"), start=1):
        stripped = line.strip()
        if stripped.startswith("Try"):
            in_try = True
            continue
        if not in_try or not stripped.startswith("hyco "):
            continue
        command = stripped.removesuffix("-->").strip()
        status = 0
        fails = re.search(r"\(fails: exit (\d+)\)$", command)
        if fails:
            status = int(fails.group(1))
            command = command[:fails.start()].strip()
        found.append((number, "build/tools/" + command, status))
    return found


SCRATCH = []


def scratch_tree(build):
    """A directory that looks like the source root with `build` in it, for one document."""
    directory = tempfile.mkdtemp(prefix="hyco-doc-test-")
    SCRATCH.append(directory)
    for entry in os.listdir("."):
        if entry.startswith(".") or entry.startswith("build"):
            continue
        os.symlink(os.path.abspath(entry), os.path.join(directory, entry))
    # build/ holds links to the build directory's entries, and its own gallery/ (the README's
    # gallery commands write there; a fresh build has none): outputs stay in the scratch tree.
    os.mkdir(os.path.join(directory, "build"))
    for entry in os.listdir(build):
        if entry != "gallery":
            os.symlink(os.path.join(build, entry), os.path.join(directory, "build", entry))
    os.mkdir(os.path.join(directory, "build", "gallery"))
    return directory


def environment(directory):
    env = {k: v for k, v in os.environ.items()
           if k not in ("HYCO_FMU_PATH", "HYCO_TEST_FMU_DIR", "G_DEBUG", "MALLOC_CHECK_")}
    env.update(GI_TYPELIB_PATH=os.path.join(directory, "build"),
               LD_LIBRARY_PATH=os.path.join(directory, "build"),
               PYTHONPATH=os.path.join(directory, "bindings", "python"),
               PYTHONDONTWRITEBYTECODE="1", MPLBACKEND="Agg")
    return env


def run(command, directory, language="sh"):
    argv = [PYTHON, "-c", command] if language == "python" else ["sh", "-e", "-c", command]
    env = environment(directory)
    # Under AddressSanitizer: Open MPI unloads its components at MPI_Finalize, so LeakSanitizer
    # can neither attribute nor suppress what they keep. The same sweeps without mpirun are
    # leak-checked.
    if "mpirun" in command and "ASAN_OPTIONS" in env:
        env["ASAN_OPTIONS"] += ":detect_leaks=0"
    try:
        return subprocess.run(argv, cwd=directory, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=600)
    except subprocess.TimeoutExpired as timeout:
        return subprocess.CompletedProcess(argv, -1, timeout.stdout or "", "timed out")


class Tap:
    def __init__(self):
        self.count = 0
        self.failures = 0

    def result(self, ok, description, details=""):
        self.count += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.count, description))
        if not ok:
            self.failures += 1
            for line in details.rstrip().split("\n")[-40:]:
                print("# " + line)
        sys.stdout.flush()


def main():
    build = os.path.abspath(sys.argv[1])
    tap = Tap()
    skipped = []
    documents = ["README.md"] + sorted(glob.glob("docs/*.md"))
    total = 0
    for document in documents:
        directory = scratch_tree(build)
        for line, language, text, marker, argument in blocks(document):
            total += 1
            where = "%s:%d (%s)" % (document, line, language)
            if marker == "skip":
                skipped.append(where)
                print("ok %d - %s # SKIP %s" % (tap.count + 1, where, argument))
                tap.count += 1
                continue
            if language == "python" and not glob.glob(os.path.join(build, "Hyco-*.typelib")):
                print("ok %d - %s # SKIP built without introspection" % (tap.count + 1, where))
                tap.count += 1
                continue
            expected = int(argument) if marker == "exit" else 0
            result = run(text, directory, language)
            tap.result(result.returncode == expected, "%s exits %d" % (where, expected),
                       "exit %d\n%s\n%s%s" % (result.returncode, text, result.stdout,
                                              result.stderr))
        for line, command in table_commands(document):
            total += 1
            result = run(command, directory)
            tap.result(result.returncode == 0, "%s:%d %s exits 0" % (document, line, command),
                       "exit %d\n%s%s" % (result.returncode, result.stdout, result.stderr))
    directory = scratch_tree(build)
    for model in sorted(glob.glob("models/*.xml")):
        for line, command, expected in suggestions(model):
            total += 1
            result = run(command, directory)
            tap.result(result.returncode == expected,
                       "%s:%d %s exits %d" % (model, line, command, expected),
                       "exit %d\n%s%s" % (result.returncode, result.stdout, result.stderr))
    # The documents do show commands, and every example suggests what to try.
    tap.result(total > 30, "%d commands found" % total)
    untried = [m for m in sorted(glob.glob("models/*.xml")) if not suggestions(m)]
    tap.result(not untried, "every example model suggests a command", "\n".join(untried))
    tap.result(len(skipped) <= MAX_SKIPS, "at most %d blocks skipped" % MAX_SKIPS,
               "\n".join(skipped))
    print("1..%d" % tap.count)
    return 1 if tap.failures else 0


if __name__ == "__main__":
    try:
        status = main()
    finally:
        for scratch in SCRATCH:   # the links only: rmtree does not follow them
            shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(status)
