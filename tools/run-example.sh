#!/bin/sh
# The main job: install what is missing, build, and run the shipped example model.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh
tools/build.sh >/dev/null
echo
build/tools/hyco run models/simultaneous-events.xml --trace build/simultaneous-events.csv
