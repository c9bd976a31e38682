#!/usr/bin/python3
"""What an install gives: the man page (tools/hyco.1.in) against the command and the library,
`meson install` into a temporary root, where the Python overrides go, and what the install
says about search paths (tools/install-search-paths.py).

    test-packaging.py BUILD/tools/hyco BUILD

The Debian packages themselves are checked by tools/check-debian-package.sh, which installs
them on the machine."""
import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HYCO = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/tools/hyco"
BUILD = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else "build"
SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEARCH_PATHS = os.path.join(SOURCE, "tools", "install-search-paths.py")
SYSTEM_PYTHON = "/usr/bin/python3"
# The source folders of the library and the tool (not the tests, nor the test FMUs).
LIBRARY_DIRS = ("kernel", "directors", "actors", "modal", "fmi", "results", "library", "tools",
                "bindings")


def hyco(*args):
    return subprocess.run([HYCO, *args], capture_output=True, text=True, timeout=60)


def man_page_source():
    with open(os.path.join(os.path.dirname(HYCO), "hyco.1"), encoding="utf-8") as f:
        return f.read()


def man_page_text():
    """The man page's words without roff's escapes: `\\-\\-stop\\-time` reads --stop-time."""
    text = man_page_source()
    text = re.sub(r"\\f[BIRP]", "", text)
    for escape, plain in (("\\-", "-"), ("\\|", ""), ("\\&", ""), ("\\ ", " ")):
        text = text.replace(escape, plain)
    return text


def section(text, name):
    match = re.search(r'(?ms)^\.SH "?' + re.escape(name) + r'"?\n(.*?)(?=^\.SH |\Z)', text)
    return match.group(1) if match else ""


def system_sys_path():
    result = subprocess.run([SYSTEM_PYTHON, "-E", "-c", "import sys; print('\\n'.join(sys.path))"],
                            capture_output=True, text=True, check=True)
    return [p for p in result.stdout.splitlines() if p]


def meson_introspect(*args):
    result = subprocess.run(["meson", "introspect", BUILD, *args], capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout)


def build_option(name):
    return next(o["value"] for o in meson_introspect("--buildoptions") if o["name"] == name)


class ManPage(unittest.TestCase):
    def test_version_and_sections(self):
        source = man_page_source()
        version = hyco("--version").stdout.split()[-1]
        self.assertRegex(source, r'(?m)^\.TH HYCO 1 \S+ "hyco ' + re.escape(version) + '"')
        self.assertNotIn("@VERSION@", source)
        for name in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT",
                     "EXIT STATUS", "FILES", "EXAMPLES"):
            self.assertNotEqual(section(source, name).strip(), "", name)

    @staticmethod
    def commands(help_text):
        """The names a help text lists under "Commands:"."""
        listing = help_text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
        return re.findall(r"(?m)^  (\w+) +\S", listing)

    def test_every_command(self):
        text = man_page_text()
        commands = section(text, "COMMANDS")
        listed = self.commands(hyco("--help").stdout)
        self.assertEqual(listed[:3], ["run", "inspect", "actors"])
        fmu_listed = self.commands(hyco("fmu", "--help").stdout)
        self.assertEqual(fmu_listed[:2], ["info", "run"])
        for command in listed:
            if command == "fmu":
                continue
            self.assertRegex(commands, r"(?m)^\.BI? " + command + r"\b", command)
            self.assertRegex(section(text, "SYNOPSIS"), r"(?m)^\.B " + command + r"$", command)
        for command in fmu_listed:
            self.assertRegex(commands, r'(?m)^\.BI? "fmu ' + command + '"', command)
            self.assertRegex(section(text, "SYNOPSIS"), r"(?m)^\.B fmu " + command + "$",
                             command)

    def test_every_option_of_help_all(self):
        help_all = hyco("--help-all").stdout
        options = section(man_page_text(), "OPTIONS")
        long_options = set(re.findall(r"(?m)^  (?:-\w, )?(--[a-z][a-z-]*)", help_all))
        self.assertIn("--stop-time", long_options)
        self.assertIn("--solver", long_options)
        for option in sorted(long_options | {"--help", "--help-all", "--version"}):
            # The tag of a paragraph of its own, after its short form where it has one.
            self.assertIsNotNone(re.search(r'(?m)^\.TP\n\.B[IR]? (-\w ", " )?'
                                           + re.escape(option) + r"(\b|=|$)", options),
                                 "OPTIONS has no paragraph for " + option)
        for short, long in re.findall(r"(?m)^  (-\w), (--[a-z-]+)", help_all):
            self.assertIsNotNone(re.search(r'(?m)^\.TP\n\.BR ' + short + ' ", " ' + long
                                           + r"\b", options),
                                 "OPTIONS does not give %s as the short form of %s" % (short, long))

    def test_every_variable_the_library_reads(self):
        read = set()
        for folder in LIBRARY_DIRS:
            for path in glob.glob(os.path.join(SOURCE, folder, "**", "*.[ch]"), recursive=True):
                with open(path, encoding="utf-8") as f:
                    read |= set(re.findall(r'getenv \(\s*"(HYCO_\w+)"', f.read()))
        self.assertIn("HYCO_FMU_PATH", read)
        environment = section(man_page_text(), "ENVIRONMENT")
        for variable in sorted(read):
            self.assertIsNotNone(re.search(r"(?m)^\.TP\n\.B " + variable + "$", environment),
                                 "ENVIRONMENT has no paragraph for " + variable)

    @unittest.skipIf(shutil.which("groff") is None, "groff is not installed")
    def test_groff_reads_it_without_warnings(self):
        result = subprocess.run(["groff", "-man", "-ww", "-z",
                                 os.path.join(os.path.dirname(HYCO), "hyco.1")],
                                capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stderr), (0, ""))


def load_python_site_dir():
    spec = importlib.util.spec_from_file_location(
        "python_site_dir", os.path.join(SOURCE, "tools", "python-site-dir.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class PythonSiteDir(unittest.TestCase):
    DEBIAN_PATH = ["/usr/lib/python311.zip", "/usr/lib/python3.11", "/usr/lib/python3.11/lib-dynload",
                   "/usr/local/lib/python3.11/dist-packages", "/usr/lib/python3/dist-packages",
                   "/usr/lib/python3.11/dist-packages"]

    def test_debian_folders(self):
        site_dir = load_python_site_dir().site_dir
        # For /usr, Debian's version-independent folder; /usr/local/... is not under /usr's lib.
        self.assertEqual(site_dir("/usr", self.DEBIAN_PATH), "/usr/lib/python3/dist-packages")
        self.assertEqual(site_dir("/usr/local", self.DEBIAN_PATH),
                         "/usr/local/lib/python3.11/dist-packages")
        self.assertEqual(site_dir("/usr/local/", self.DEBIAN_PATH),
                         "/usr/local/lib/python3.11/dist-packages")
        self.assertEqual(site_dir("/opt/hyco", self.DEBIAN_PATH), "")
        self.assertEqual(site_dir("/home/me/.local",
                                  self.DEBIAN_PATH + ["/home/me/.local/lib/python3.11/site-packages"]),
                         "/home/me/.local/lib/python3.11/site-packages")


class MesonInstall(unittest.TestCase):
    _installed = None

    def installed(self):
        if MesonInstall._installed is None:
            MesonInstall._installed = meson_introspect("--installed")
        return MesonInstall._installed

    def test_overrides_where_python_finds_them(self):
        prefix = build_option("prefix")
        if os.path.normpath(prefix) not in ("/usr", "/usr/local"):
            self.skipTest("prefix %s: Debian's python3 has no folder there" % prefix)
        destinations = [d for d in self.installed().values() if d.endswith("/Hyco.py")]
        self.assertEqual(len(destinations), 1, destinations)
        self.assertTrue(destinations[0].endswith("/gi/overrides/Hyco.py"), destinations[0])
        site_dir = os.path.dirname(os.path.dirname(os.path.dirname(destinations[0])))
        self.assertIn(site_dir, system_sys_path())

    def test_install_into_a_temporary_root(self):
        prefix = build_option("prefix")
        libdir = os.path.join(prefix, build_option("libdir"))
        with tempfile.TemporaryDirectory() as root:
            # --quiet: the install script then writes nothing to the terminal.
            result = subprocess.run(["meson", "install", "-C", BUILD, "--no-rebuild", "--quiet",
                                     "--destdir", root], capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

            def inside(path):
                return os.path.join(root, os.path.relpath(path, "/"))
            self.assertTrue(os.access(inside(os.path.join(prefix, "bin", "hyco")), os.X_OK))
            with open(inside(os.path.join(prefix, "share", "man", "man1", "hyco.1")),
                      encoding="utf-8") as f:
                self.assertEqual(f.read(), man_page_source())
            self.assertTrue(os.path.islink(inside(os.path.join(libdir, "libhyco-1.0.so.0"))))
            self.assertTrue(os.path.isfile(inside(os.path.join(libdir, "pkgconfig",
                                                                 "hyco-1.0.pc"))))
            overrides = [d for d in self.installed().values() if d.endswith("/Hyco.py")]
            for destination in overrides:
                self.assertTrue(os.path.isfile(inside(destination)), destination)
            if not any(d.endswith(".typelib") for d in self.installed().values()):
                return
            typelib_dir = os.path.join(libdir, "girepository-1.0")
            self.assertTrue(os.path.isfile(inside(os.path.join(typelib_dir, "Hyco-1.0.typelib"))))
            # What was installed works from where it was put: the typelib names the library
            # that was installed, and gi finds the overrides beside it.
            site_dir = os.path.dirname(os.path.dirname(os.path.dirname(overrides[0])))
            env = {"PATH": "/usr/bin:/bin", "GI_TYPELIB_PATH": inside(typelib_dir),
                   "LD_LIBRARY_PATH": inside(libdir), "PYTHONPATH": inside(site_dir),
                   "PYTHONDONTWRITEBYTECODE": "1"}
            result = subprocess.run([SYSTEM_PYTHON, "-c", """
import gi
gi.require_version("Hyco", "1.0")
from gi.repository import Hyco
import gi.overrides.Hyco
top = Hyco.CompositeActor.new("top")
top.set_director_by_class("DEDirector", stopTime=0.5)
top.add_actor_by_class("DiscreteClock", "Clock", period=0.25)
model = Hyco.Model.new(top)
model.run()
print(gi.overrides.Hyco.__file__)
"""], capture_output=True, text=True, env=env, cwd=root)
            self.assertEqual((result.returncode, result.stderr), (0, ""))
            self.assertEqual(result.stdout, inside(overrides[0]) + "\n")


def search_paths(prefix, libdir, typelibdir, pythondir, *extra):
    result = subprocess.run(
        [SYSTEM_PYTHON, SEARCH_PATHS, *extra, "--prefix", prefix, "--bindir", prefix + "/bin",
         "--libdir", libdir, "--typelibdir", typelibdir, "--pythondir", pythondir,
         "--pkgconfigdir", libdir + "/pkgconfig"],
        capture_output=True, text=True, env=dict(os.environ, DESTDIR="/nonexistent"))
    return result.returncode, result.stdout


class SearchPaths(unittest.TestCase):
    """What tools/install-search-paths.py tells, on this machine's configuration (Debian 12's
    ld.so, GObject Introspection, python3 and pkg-config)."""

    def setUp(self):
        import sysconfig
        self.multiarch = sysconfig.get_config_var("MULTIARCH")
        if not self.multiarch:
            self.skipTest("not a multiarch (Debian) system")

    def test_a_prefix_nothing_searches(self):
        status, out = search_paths("/opt/hyco-test", "/opt/hyco-test/lib",
                                   "/opt/hyco-test/lib/girepository-1.0",
                                   "/opt/hyco-test/lib/python3/dist-packages/")
        self.assertEqual(status, 0)
        lines = out.splitlines()
        self.assertTrue(lines[0].startswith("Hyco is installed under /opt/hyco-test, where the "
                                            "system does not find the hyco command or"), out)
        self.assertEqual(lines[1:6], [
            '  export PATH="/opt/hyco-test/bin:$PATH"',
            '  export LD_LIBRARY_PATH="/opt/hyco-test/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"',
            '  export GI_TYPELIB_PATH="/opt/hyco-test/lib/girepository-1.0'
            '${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}"',
            '  export PYTHONPATH="/opt/hyco-test/lib/python3/dist-packages'
            '${PYTHONPATH:+:$PYTHONPATH}"',
            '  export PKG_CONFIG_PATH="/opt/hyco-test/lib/pkgconfig'
            '${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"'])

    def test_usr_needs_nothing(self):
        libdir = "/usr/lib/" + self.multiarch
        status, out = search_paths("/usr", libdir, libdir + "/girepository-1.0",
                                   "/usr/lib/python3/dist-packages")
        self.assertEqual((status, out), (0, "Hyco is installed where the system looks: the hyco "
                                            "command, the library, the typelib, the Python "
                                            "overrides, pkg-config's hyco-1.0 are found with no "
                                            "variable set.\n"))

    def test_usr_local_needs_the_typelib_path_only(self):
        # GObject Introspection looks in /usr/lib/<triplet>/girepository-1.0 only; the
        # library's folder is in ld.so.conf, the overrides go where python3 looks.
        libdir = "/usr/local/lib/" + self.multiarch
        pythondir = load_python_site_dir().site_dir("/usr/local", system_sys_path())
        if not pythondir:
            self.skipTest("python3 has no folder under /usr/local on its path")
        status, out = search_paths("/usr/local", libdir, libdir + "/girepository-1.0", pythondir,
                                   "--configure")
        self.assertEqual((status, out), (0, 'export GI_TYPELIB_PATH="%s/girepository-1.0'
                                            '${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}"\n' % libdir))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
