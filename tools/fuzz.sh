#!/bin/sh
# Fuzzes with libFuzzer (clang, from Debian's clang and libclang-rt-14-dev), each target for
# SECONDS (default 60):
#   - the model-file reader and writer, seeded with every model in the repository;
#   - the FMU loader's modelDescription.xml reader, seeded with the test FMUs' descriptions.
#   tools/fuzz.sh [SECONDS]
set -eu
cd "$(dirname "$0")/.."
out=build-fuzz
mkdir -p "$out/corpus" "$out/fmu-corpus"
cp models/*.xml tests/models/*.xml "$out/corpus/"
for description in tests/fmus/*/*/modelDescription.xml tests/fmus/*/modelDescription.xml; do
  [ -f "$description" ] && cp "$description" "$out/fmu-corpus/$(echo "$description" | tr / _)"
done
# The whole library is compiled into each fuzzer so that coverage reaches it (the generated list
# of actors and the expression parser bison generates come from the normal build, in build/).
includes="-Ikernel -Ibuild/kernel -Idirectors -Iactors -Imodal -Ifmi -Ifmi/fmi2 -Iresults -Ilibrary -Ibuild/actors"
for folder in actors/*/; do includes="$includes -I$folder"; done
packages="gio-2.0 gmodule-2.0 libxml-2.0 plplot matio minizip"
build () {
  clang -g -O1 -fsanitize=fuzzer,address,undefined -DHYCO_COMPILATION -DG_LOG_DOMAIN='"Hyco"' \
    $includes $(pkg-config --cflags $packages) \
    kernel/*.c build/kernel/hyco-expr-parser.c directors/*.c actors/*.c actors/*/*.c modal/*.c fmi/*.c fmi/fmi2/*.c results/*.c \
    library/*.c "tests/fuzz/$1.c" \
    $(pkg-config --libs $packages) -lsundials_cvode -lsundials_nvecserial \
    -lsundials_sunmatrixdense -lsundials_sunlinsoldense -lm -o "$out/$1"
}
build fuzz-model-file
build fuzz-fmu-description
"$out/fuzz-model-file" -max_total_time="${1:-60}" -max_len=4096 \
  -dict=tests/fuzz/model-file.dict "$out/corpus"
"$out/fuzz-fmu-description" -max_total_time="${1:-60}" -max_len=8192 \
  -dict=tests/fuzz/fmu-description.dict "$out/fmu-corpus"
