#!/bin/sh
# The main job: install what is missing, build, and run the shipped example model, with its
# trace and a plot of its signals.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh
tools/build.sh >/dev/null
echo
build/tools/hyco run models/simultaneous-events.xml --trace build/simultaneous-events.csv \
  --plot build/simultaneous-events.png
echo
echo "Plot of the signals: build/simultaneous-events.png (open it with any image viewer)"
