#!/usr/bin/python3
"""Prints the folder of this interpreter's sys.path where a package installed under PREFIX
belongs, or nothing when none is under PREFIX. Run by meson.build with Debian's python3 and -E
so that PYTHONPATH does not count: what matters is what the interpreter finds with no variable
set.

Debian's site.py puts /usr/local/lib/python3.X/dist-packages, /usr/lib/python3/dist-packages
and /usr/lib/python3.X/dist-packages on sys.path; the version-independent folder is the one
Debian's packages use, so it comes first where there is one under PREFIX."""
import os
import sys


def site_dir(prefix, path):
    prefix = os.path.normpath(prefix)
    candidates = []
    for entry in path:
        entry = os.path.normpath(entry) if entry else entry
        if not entry or os.path.basename(entry) not in ("dist-packages", "site-packages"):
            continue
        relative = os.path.relpath(entry, prefix)
        # Directly under PREFIX/lib: /usr/local/lib/... is not a folder of the prefix /usr.
        if relative.split(os.sep)[0] in ("lib", "lib64"):
            candidates.append(entry)
    for entry in candidates:
        if os.path.basename(os.path.dirname(entry)) == "python3":
            return entry
    return candidates[0] if candidates else ""


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python-site-dir.py PREFIX")
    print(site_dir(sys.argv[1], sys.path))
