#!/bin/sh
# The whole test suite: install what is missing, build, run every test; then the C tests and
# the command line again under valgrind and under AddressSanitizer/UBSan; last, the Debian
# packages are built, installed on this machine, checked and removed.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh
tools/build.sh
meson test -C build --print-errorlogs

echo "== valgrind (memcheck) =="
meson test -C build --setup valgrind --print-errorlogs \
  --suite kernel --suite directors --suite actors --suite model-file --suite models \
  --suite results --suite examples --suite fmi

echo "== AddressSanitizer + UndefinedBehaviorSanitizer =="
BUILD_DIR=build-asan tools/build.sh -Db_sanitize=address,undefined -Db_lundef=false \
  -Dbuildtype=debug
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
LSAN_OPTIONS=suppressions="$PWD/tests/lsan.supp":print_suppressions=0 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  meson test -C build-asan --print-errorlogs --timeout-multiplier 3

echo "== Debian packages (build, install, check with no variable set, remove) =="
tools/check-debian-package.sh
