#!/bin/sh
# Installs the Debian 12 packages Hyco builds and tests with, if any is missing.
set -eu

# Model files and FMUs' descriptions (XML): libexpat1-dev; plots: libplplot-dev (its svg driver is in libplplot17), plplot-driver-cairo (pngcairo and
# pdfcairo) and a font; result files: libmatio-dev; stiff models:
# libsundials-dev (CVODE); the Python tests: python3-pytest, python3-numpy (results as arrays);
# the README's SciPy snippet: python3-scipy;
# the API reference (`ninja -C build docs`): gi-docgen; Ptolemy's expression grammar: bison; FMUs
# (zip archives): libminizip-dev; their libraries checked from their ELF symbol tables without
# loading them (hyco fmu info, inspect): libelf-dev; the Debian packages
# (tools/check-debian-package.sh): dpkg-dev, debhelper, dh-python (dh-sequence-python3), lintian;
# the fuzzers (tools/fuzz.sh, built by the test suite): clang and libclang-rt-14-dev (libFuzzer);
# the HTML view's test
# (tests/test-html-view.py): chromium (headless, driven over its DevTools pipe) and python3-pil
# (its screenshots' pixels); sweeps' results (hyco sweep -o FILE.h5): libhdf5-dev, and
# python3-h5py, which the sweep tests read them back with; sweeps over MPI ranks (mpirun -n N
# hyco sweep, the sweep's MPI module and its test): libopenmpi-dev and openmpi-bin.
packages="build-essential meson ninja-build pkg-config libglib2.0-dev libexpat1-dev
  gobject-introspection libgirepository1.0-dev gir1.2-glib-2.0 python3 python3-gi valgrind
  libplplot-dev plplot-driver-cairo fonts-dejavu-core libmatio-dev libsundials-dev
  python3-pytest python3-numpy python3-scipy gi-docgen
  bison libminizip-dev libelf-dev dpkg-dev debhelper dh-python lintian clang libclang-rt-14-dev
  chromium python3-pil libhdf5-dev python3-h5py libopenmpi-dev openmpi-bin"

missing=""
for package in $packages; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $package"
  fi
done
[ -z "$missing" ] && exit 0

echo "Installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
