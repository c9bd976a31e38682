# conftest.py: the Python tests run against the uninstalled build (tests/meson.build sets
# GI_TYPELIB_PATH, LD_LIBRARY_PATH and PYTHONPATH=bindings/python for the overrides), from the
# source root.
import gi

gi.require_version("Hyco", "1.0")
