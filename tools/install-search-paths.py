#!/usr/bin/python3
"""Run by `meson install` (meson.add_install_script) after the files are copied: tells whether
the system finds what was installed with no variable set, and if not, which variables to set.

    install-search-paths.py [--configure] --prefix P --bindir D --libdir D --typelibdir D
                            --pythondir D --pkgconfigdir D

Each directory is absolute; an empty --typelibdir or --pythondir means none was installed.
What is looked at is what a fresh login finds: ld.so's configured folders, GObject
Introspection's default typelib folders and Debian's python3's sys.path, each asked without
the variables that would change them, Debian's default PATH, and pkg-config's default path.

With --configure (meson.build, for the summary of `meson setup`), it prints only the `export`
lines, nothing when none is needed, and runs nothing.

Installing as root with no DESTDIR into a folder ld.so is configured for also runs ldconfig,
which Meson does not do: without it, ld.so does not find a new library in
/usr/local/lib/<triplet> (it is not one of its trusted folders, only in its cache)."""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import sysconfig

SYSTEM_PYTHON = "/usr/bin/python3"
# Debian's PATH for a login shell (/etc/profile), and for root.
DEFAULT_PATH = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"]
# ld.so's trusted folders, searched even without its cache.
TRUSTED_LIBRARY_DIRS = ["/lib", "/usr/lib", "/lib64", "/usr/lib64"]


def ld_so_conf_dirs(path="/etc/ld.so.conf", seen=None):
    """The folders ld.so.conf lists, its include lines followed (glob patterns)."""
    seen = set() if seen is None else seen
    if path in seen or not os.path.isfile(path):
        return []
    seen.add(path)
    dirs = []
    with open(path, encoding="utf-8", errors="replace") as conf:
        for line in conf:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("include"):
                pattern = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
                if not os.path.isabs(pattern):
                    pattern = os.path.join(os.path.dirname(path), pattern)
                for included in sorted(glob.glob(pattern)):
                    dirs += ld_so_conf_dirs(included, seen)
            else:
                dirs.append(os.path.normpath(line))
    return dirs


def library_dirs():
    multiarch = sysconfig.get_config_var("MULTIARCH")
    dirs = list(TRUSTED_LIBRARY_DIRS)
    if multiarch:
        dirs += ["/lib/" + multiarch, "/usr/lib/" + multiarch]
    return dirs + ld_so_conf_dirs()


def clean_environment(*names):
    env = dict(os.environ)
    for name in names:
        env.pop(name, None)
    return env


def system_python_lines(code, *unset):
    """Lines printed by Debian's python3 running CODE with -E and without UNSET, or None."""
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        return None
    result = subprocess.run([SYSTEM_PYTHON, "-E", "-c", code], capture_output=True, text=True,
                            env=clean_environment(*unset), check=False)
    return result.stdout.splitlines() if result.returncode == 0 else None


def typelib_dirs():
    return system_python_lines(
        "import gi; gi.require_version('GIRepository', '2.0');"
        "from gi.repository import GIRepository;"
        "print('\\n'.join(GIRepository.Repository.get_search_path()))",
        "GI_TYPELIB_PATH")


def python_dirs():
    return system_python_lines("import sys; print('\\n'.join(p for p in sys.path if p))")


def pkg_config_dirs():
    pkg_config = shutil.which("pkg-config")
    if pkg_config is None:
        return None
    result = subprocess.run([pkg_config, "--variable", "pc_path", "pkg-config"],
                            capture_output=True, text=True, check=False,
                            env=clean_environment("PKG_CONFIG_PATH", "PKG_CONFIG_LIBDIR"))
    return result.stdout.strip().split(":") if result.returncode == 0 else None


def contains(dirs, directory):
    return dirs is not None and os.path.normpath(directory) in (os.path.normpath(d) for d in dirs)


def main():
    parser = argparse.ArgumentParser()
    for name in ("prefix", "bindir", "libdir", "typelibdir", "pythondir", "pkgconfigdir"):
        parser.add_argument("--" + name, default="")
    parser.add_argument("--configure", action="store_true")
    args = parser.parse_args()
    for name in ("prefix", "bindir", "libdir", "typelibdir", "pythondir", "pkgconfigdir"):
        if getattr(args, name):
            setattr(args, name, os.path.normpath(getattr(args, name)))
    destdir = os.environ.get("DESTDIR", "")

    libraries = library_dirs()
    if (not args.configure and not destdir and os.geteuid() == 0 and contains(libraries, args.libdir)
            and shutil.which("ldconfig", path="/usr/sbin:/sbin") is not None):
        subprocess.run([shutil.which("ldconfig", path="/usr/sbin:/sbin")], check=False)
        print("Ran ldconfig, so that ld.so finds the new library in " + args.libdir)

    # (variable, folder, whether it is found without it, what needs it)
    checks = [("PATH", args.bindir, contains(DEFAULT_PATH, args.bindir), "the hyco command"),
              ("LD_LIBRARY_PATH", args.libdir, contains(libraries, args.libdir),
               "the library")]
    if args.typelibdir:
        checks.append(("GI_TYPELIB_PATH", args.typelibdir,
                       contains(typelib_dirs(), args.typelibdir), "the typelib"))
    if args.pythondir:
        checks.append(("PYTHONPATH", args.pythondir, contains(python_dirs(), args.pythondir),
                       "the Python overrides"))
    checks.append(("PKG_CONFIG_PATH", args.pkgconfigdir,
                   contains(pkg_config_dirs(), args.pkgconfigdir), "pkg-config's hyco-1.0"))

    missing = [check for check in checks if not check[2]]
    exports = []
    for variable, directory, _, _ in missing:
        if variable == "PATH":
            exports.append('export PATH="%s:$PATH"' % directory)
        else:
            exports.append('export %s="%s${%s:+:$%s}"' % (variable, directory, variable,
                                                         variable))
    if args.configure:
        print("\n".join(exports))
        return 0
    if not missing:
        tell("Hyco is installed where the system looks: " +
             ", ".join(check[3] for check in checks) + " are found with no variable set.")
        return 0
    tell("Hyco is installed under %s, where the system does not find %s. To use it, set "
         "(in ~/.profile, say):\n%s\nThe Debian packages (README, \"Debian package\") need "
         "no variable." % (args.prefix, " or ".join(check[3] for check in missing),
                           "\n".join("  " + line for line in exports)))
    return 0


def tell(message):
    """Prints MESSAGE where the person installing sees it. Meson 1.0 (Debian 12) captures the
    output of an install script and drops it when the script succeeds (mesonbuild/meson#11368),
    so when standard output is not a terminal the message goes to the controlling terminal too
    where there is one (not with `meson install --quiet`); `meson setup` shows the same in its
    summary."""
    print(message, flush=True)
    if sys.stdout.isatty() or os.environ.get("MESON_INSTALL_QUIET"):
        return
    try:
        with open("/dev/tty", "w", encoding="utf-8") as tty:
            tty.write(message + "\n")
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
