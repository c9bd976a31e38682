#!/bin/sh
# Fuzzes with libFuzzer (clang, from Debian's clang and libclang-rt-14-dev), each target for
# SECONDS (default 60):
#   - the model-file reader and writer, seeded with every model in the repository;
#   - the FMU loader's modelDescription.xml reader, seeded with the test FMUs' descriptions;
#   - the unpacking of FMU archives, seeded with the test FMUs (never loaded);
#   - building and running models through the C API, from programs of small operations.
#   tools/fuzz.sh [SECONDS]
#   tools/fuzz.sh --seeds-only    builds the fuzzers and runs each over its seeds once (the
#                                 test suite does this, so that the fuzzers keep building)
# Needs a configured build in build/ (the generated sources come from there, and the test FMUs
# seed the archive fuzzer).
set -eu
cd "$(dirname "$0")/.."
out=${HYCO_FUZZ_DIR:-build-fuzz}
build_dir=${HYCO_BUILD_DIR:-build}
if [ "${1:-}" = "--seeds-only" ]; then
  runs="-runs=0"
else
  runs="-max_total_time=${1:-60}"
fi
mkdir -p "$out/corpus" "$out/fmu-corpus" "$out/archive-corpus" "$out/api-corpus"
cp models/*.xml tests/models/*.xml "$out/corpus/"
for description in tests/fmus/*/*/modelDescription.xml tests/fmus/*/modelDescription.xml; do
  [ -f "$description" ] && cp "$description" "$out/fmu-corpus/$(echo "$description" | tr / _)"
done
for archive in "$build_dir"/tests/fmus/*.fmu "$build_dir"/tests/fmus/*/*.fmu; do
  [ -f "$archive" ] && cp "$archive" "$out/archive-corpus/"
done
# A few programs for the API fuzzer: every operation, in varied orders.
printf '\000\000\001\000\002\002\003\000\000\000\004\001\001' > "$out/api-corpus/seed-1"
printf '\001\002\000\003\004\000\005\002\003\001\000\001\003\000\004\002\005\001' > "$out/api-corpus/seed-2"
# The whole library is compiled into each fuzzer so that coverage reaches it (the generated list
# of actors and the expression parser bison generates come from the normal build).
includes="-Ikernel -I$build_dir/kernel -Idirectors -Iactors -Imodal -Ifmi -Iresults -Isweep -Ilibrary
  -I$build_dir/actors -I$build_dir/results"
for folder in actors/*/ fmi/*/; do includes="$includes -I$folder"; done
packages="gio-2.0 gmodule-2.0 expat plplot matio minizip libelf hdf5-serial"
build_root=$(cd "$build_dir" && pwd)
# What meson defines for the fmi and sweep layers and the module loader: where the FMU host and
# the sweep's MPI part are (the fuzzers never start or load them), where the modules are (those
# of the normal build: a stiff solver, a results writer), and the version, which they check.
version=$(sed -n "/^project(/,/)$/s/^  version: '\(.*\)',$/\1/p" meson.build)
flags="-g -O1 -fsanitize=fuzzer-no-link,address,undefined -DHYCO_COMPILATION -DG_LOG_DOMAIN=\"Hyco\"
  -DHYCO_BUILD_ROOT=\"$build_root\" -DHYCO_FMU_HOST_BUILT=\"$build_root/fmi/isolation/hyco-fmu-host\"
  -DHYCO_FMU_HOST_INSTALLED=\"/nonexistent/hyco-fmu-host\" -DHYCO_VERSION=\"$version\"
  -DHYCO_SWEEP_MPI_BUILT=\"/nonexistent/hyco-sweep-mpi.so\"
  -DHYCO_SWEEP_MPI_INSTALLED=\"/nonexistent/hyco-sweep-mpi.so\"
  -DHYCO_MODULE_BUILD_ROOT=\"$build_root\" -DHYCO_MODULE_DIR=\"/nonexistent\""
# Each source compiled once, for all the fuzzers (not the FMU host, a program of its own, nor
# the modules, which the library loads from the normal build); only today's sources' objects
# are linked, not those an older tree left.
mkdir -p "$out/obj"
sources=$(ls kernel/*.c directors/*.c actors/*.c actors/*/*.c modal/*.c fmi/*.c fmi/*/*.c \
  results/*.c sweep/*.c library/*.c "$build_dir/kernel/hyco-expr-parser.c" \
  "$build_dir/results/hyco-results-html-resources.c" |
  grep -v -e 'fmi/isolation/hyco-fmu-host.c' -e 'directors/hyco-cvode.c')
objects=$(for source in $sources; do echo "$out/obj/$(echo "$source" | tr / _).o"; done)
# An object is kept only if newer than its source and than every header (a changed structure
# must not meet code compiled against the old one).
newest_header=$(ls -t kernel/*.h directors/*.h actors/*.h actors/*/*.h modal/*.h fmi/*.h \
  fmi/*/*.h results/*.h sweep/*.h library/*.h "$build_dir"/*/*.h 2>/dev/null | head -n 1)
echo "$sources" |
  xargs -P "$(nproc)" -I{} sh -c 'o="$1/obj/$(echo "$2" | tr / _).o"; \
    [ "$o" -nt "$2" ] && [ "$o" -nt "$6" ] || clang $3 $4 $(pkg-config --cflags $5) -c "$2" -o "$o"' \
    sh "$out" {} "$flags" "$includes" "$packages" "$newest_header"
build () {
  clang -g -O1 -fsanitize=fuzzer,address,undefined -DHYCO_COMPILATION $includes \
    $(pkg-config --cflags $packages) $objects "tests/fuzz/$1.c" \
    $(pkg-config --libs $packages) -lm -o "$out/$1"
}
build fuzz-model-file
build fuzz-fmu-description
build fuzz-fmu-archive
build fuzz-model-api
"$out/fuzz-model-file" $runs -max_len=4096 -dict=tests/fuzz/model-file.dict "$out/corpus"
"$out/fuzz-fmu-description" $runs -max_len=8192 -dict=tests/fuzz/fmu-description.dict \
  "$out/fmu-corpus"
"$out/fuzz-fmu-archive" $runs -max_len=262144 "$out/archive-corpus"
"$out/fuzz-model-api" $runs -max_len=512 -timeout=20 "$out/api-corpus"
