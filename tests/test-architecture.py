#!/usr/bin/python3
"""The structure issue 15 set up, checked: the kernel names no concrete class and includes
nothing above it, no include cycle runs through the kernel, and the library exports only its
public API.

Usage: test-architecture.py LIBRARY.so   (run from the source root, as meson does)
"""
import glob
import os
import re
import subprocess
import sys

MODULES = ["library", "directors", "actors", "modal", "fmi", "results", "sweep"]
# Modules a module may use besides the kernel: a sweep's plot is drawn as the results' are
# (PLplot's one lock, its drivers, the check of a whole file).
BUILDS_ON = {"sweep": {"results"}}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DECLARED = re.compile(r"G_DECLARE_\w+\s*\(\s*(\w+)\s*,\s*\w+\s*,\s*\w+\s*,\s*(\w+)")


def sources(folder):
    return sorted(glob.glob(os.path.join(folder, "**", "*.[ch]"), recursive=True))


def without_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)


class Checks:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        self.count += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.count, what))
        if not ok:
            self.failed += 1
            for line in detail.splitlines():
                print("# " + line)


def module_types():
    """The types the modules declare: HycoDEDirector and HYCO_TYPE_DE_DIRECTOR, ..."""
    names = set()
    for folder in MODULES:
        for path in sources(folder):
            for type_name, macro in DECLARED.findall(open(path).read()):
                names.add(type_name)
                names.add("HYCO_TYPE_" + macro)
    return names


def header_index():
    """Every file of the library by its name, as the flat include path finds it."""
    index = {}
    for folder in ["kernel"] + MODULES:
        for path in sources(folder):
            index.setdefault(os.path.basename(path), path)
    return index


def module(path):
    """A file's module: its top folder (actors/math/hyco-gain.c is in actors)."""
    return path.split("/")[0]


def find_cycle(graph, through):
    """A cycle of @graph (node -> set of nodes) that passes through a node @through accepts."""
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for child in sorted(graph.get(node, ())):
            if state.get(child) == "open":
                cycle = stack[stack.index(child):] + [child]
                if any(through(n) for n in cycle):
                    return cycle
            elif child not in state:
                found = visit(child)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def include_graphs(index):
    """The include graph between files, and between modules."""
    files, modules = {}, {}
    for path in index.values():
        for name in INCLUDE.findall(open(path).read()):
            if name in index:
                files.setdefault(path, set()).add(index[name])
                if module(index[name]) != module(path):
                    modules.setdefault(module(path), set()).add(module(index[name]))
    return files, modules


def main():
    checks = Checks()
    kernel = sources("kernel")
    index = header_index()

    outside = []
    for path in kernel:
        for name in INCLUDE.findall(open(path).read()):
            if name in index and not index[name].startswith("kernel/"):
                outside.append("%s includes %s" % (path, index[name]))
    checks.check(not outside, "the kernel includes only kernel headers", "\n".join(outside))

    types = module_types()
    checks.check(len(types) > 20, "the modules declare their classes (%d names)" % len(types))
    named = []
    for path in kernel:
        words = set(re.findall(r"\w+", without_comments(open(path).read())))
        named += ["%s names %s" % (path, word) for word in sorted(words & types)]
    checks.check(not named, "the kernel names no director, actor, FSM or FMU class",
                 "\n".join(named))

    files, modules = include_graphs(index)
    cycle = find_cycle(files, lambda path: path.startswith("kernel/"))
    checks.check(cycle is None, "no include cycle runs through a kernel file", " -> ".join(cycle or []))
    cycle = find_cycle(modules, lambda name: name == "kernel")
    checks.check(cycle is None, "no cycle of module dependencies runs through the kernel",
                 " -> ".join(cycle or []))

    crossing = ["%s uses %s" % (name, other) for name in MODULES if name != "library"
                for other in sorted(modules.get(name, ()))
                if other != "kernel" and other not in BUILDS_ON.get(name, ())]
    checks.check(not crossing, "each module includes only the kernel, itself and what it builds "
                 "on", "\n".join(crossing))
    tools = ["%s includes %s" % (path, name) for path in sources("tools")
             for name in INCLUDE.findall(open(path).read())
             if name != "hyco.h" and not os.path.exists(os.path.join("tools", name))]
    checks.check(not tools, "the command line uses the public API only (hyco.h, and its own "
                 "headers)", "\n".join(tools))
    kit = ["%s includes %s" % (path, name)
           for path in ("directors/hyco-de-director.c", "directors/hyco-sr-director.c")
           for name in INCLUDE.findall(open(path).read()) if name.endswith("-private.h")]
    checks.check(not kit, "the DE and SR directors are written with the director kit (no "
                 "private header)", "\n".join(kit))

    exported = subprocess.run(["nm", "-D", "--defined-only", sys.argv[1]], capture_output=True,
                              text=True, check=True).stdout.split()
    private = sorted(s for s in exported if s.startswith("_hyco"))
    checks.check(not private, "the library exports no internal _hyco_ symbol",
                 "%d exported, such as %s" % (len(private), ", ".join(private[:5])))
    public = [s for s in exported if s.startswith("hyco_")]
    checks.check(len(public) > 200, "the library exports its public API (%d functions)"
                 % len(public))

    print("1..%d" % checks.count)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
