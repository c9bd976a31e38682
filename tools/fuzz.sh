#!/bin/sh
# Fuzzes the model-file reader and writer with libFuzzer (clang, from Debian's clang and
# libclang-rt-14-dev), seeded with every model in the repository.
#   tools/fuzz.sh [SECONDS]
set -eu
cd "$(dirname "$0")/.."
out=build-fuzz
mkdir -p "$out/corpus"
cp models/*.xml tests/models/*.xml "$out/corpus/"
# The whole library is compiled into the fuzzer so that coverage reaches it.
includes="-Ikernel -Idirectors -Iactors"
for folder in actors/*/; do includes="$includes -I$folder"; done
clang -g -O1 -fsanitize=fuzzer,address,undefined -DHYCO_COMPILATION -DG_LOG_DOMAIN='"Hyco"' \
  $includes $(pkg-config --cflags gio-2.0 libxml-2.0 plplot matio muparser) \
  kernel/*.c directors/*.c actors/*.c actors/*/*.c tests/fuzz/fuzz-model-file.c \
  $(pkg-config --libs gio-2.0 libxml-2.0 plplot matio muparser) -lsundials_cvode -lsundials_nvecserial \
  -lsundials_sunmatrixdense -lsundials_sunlinsoldense -lm -o "$out/fuzz-model-file"
"$out/fuzz-model-file" -max_total_time="${1:-60}" -max_len=4096 \
  -dict=tests/fuzz/model-file.dict "$out/corpus"
