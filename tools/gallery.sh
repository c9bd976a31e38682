#!/bin/sh
# Plots every example model (models/*.xml except the *-error.xml ones, which are meant to
# fail) into DIR/NAME.png. Usage: gallery.sh PATH/TO/hyco DIR (`ninja -C build gallery`).
set -eu
hyco=$(realpath "$1")
out=$(realpath -m "$2")
cd "$(dirname "$0")/.."
mkdir -p "$out"
failed=0
for model in models/*.xml; do
  name=$(basename "$model" .xml)
  case $name in *-error) continue ;; esac
  if "$hyco" run --quiet "$model" --plot "$out/$name.png"; then
    echo "$out/$name.png"
  else
    echo "gallery: $model failed" >&2
    failed=1
  fi
done
exit $failed
