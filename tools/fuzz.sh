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
clang -g -O1 -fsanitize=fuzzer,address,undefined -DHYCO_COMPILATION -DG_LOG_DOMAIN='"Hyco"' \
  -Ikernel -Idirectors -Iactors -Iactors/sources -Iactors/math -Iactors/flow -Iactors/sinks \
  $(pkg-config --cflags gio-2.0 libxml-2.0) \
  kernel/*.c directors/*.c actors/*.c actors/*/*.c tests/fuzz/fuzz-model-file.c \
  $(pkg-config --libs gio-2.0 libxml-2.0) -lm -o "$out/fuzz-model-file"
"$out/fuzz-model-file" -max_total_time="${1:-60}" -max_len=4096 \
  -dict=tests/fuzz/model-file.dict "$out/corpus"
