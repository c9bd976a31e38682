#!/bin/sh
# Builds the Debian packages (debian/) with dpkg-buildpackage from a copy of the source tree,
# checks them with lintian, installs them on this machine, checks that the installed hyco,
# library, typelib, Python overrides, pkg-config file and man page work with no variable set,
# and removes them again. Needs root (or sudo): it installs packages.
#
#   tools/check-debian-package.sh [OUTPUT-DIRECTORY]
#
# The .deb files are left in OUTPUT-DIRECTORY (default: a temporary directory, removed at the
# end). Nothing is written to the source tree: dpkg-buildpackage writes its packages beside
# the tree it builds, so it builds a copy.
#
# The whole script is one function, read before it runs, so that editing the file while it
# runs (it takes minutes) changes nothing in the run.
set -eu

main() {
cd "$(dirname "$0")/.."
source_tree=$PWD

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo"
  else
    echo "check-debian-package: skipped: installing the packages needs root or sudo"
    exit 0
  fi
fi

packages="libhyco-1.0-0 gir1.2-hyco-1.0 python3-hyco libhyco-dev hyco hyco-mpi"
for package in $packages; do
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    echo "check-debian-package: $package is already installed; this check installs and then" \
         "removes it. Remove it first (dpkg -r $package)." >&2
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/hyco-deb.XXXXXX")
installed=""
cleanup() {
  status=$?
  if [ -n "$installed" ]; then
    echo "== removing the packages =="
    $sudo dpkg --purge $packages >/dev/null || status=1
  fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM
output=${1:-$work}
mkdir -p "$output"

echo "== building the Debian packages in $work =="
version=$(dpkg-parsechangelog -l debian/changelog -S Version)
tree="$work/hyco-$version"
mkdir "$tree"
# The files git knows, committed or not, and new files it does not ignore: no build directory.
# Outside a git checkout (a tarball), everything but the build directories.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c \
    'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh | tar --null -T - -cf - | tar -xf - -C "$tree"
else
  tar --exclude='./build*' --exclude='./_build*' --exclude='./obj-*' -cf - . | tar -xf - -C "$tree"
fi
# The suite has run already (tools/run-tests.sh). Meson compiles through ccache where it is
# installed: its cache stays where the user's is (debhelper gives the build a HOME of its own),
# and paths below the temporary directory are hashed relative to it, so that the next check,
# in another temporary directory, finds what this one compiled.
if [ -z "${CCACHE_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CCACHE_DIR="$HOME/.cache/ccache"
fi
export CCACHE_BASEDIR="$work"
# noddebs: no debug symbol packages, which nothing here installs.
(cd "$tree" && DEB_BUILD_OPTIONS="nocheck noddebs parallel=$(nproc)" \
  dpkg-buildpackage -us -uc -b >"$work/build.log" 2>&1) || {
  tail -n 60 "$work/build.log" >&2
  echo "check-debian-package: dpkg-buildpackage failed (log above)" >&2
  exit 1
}
arch=$(dpkg --print-architecture)
changes="$work/hyco_${version}_$arch.changes"
debs=""
for package in $packages; do
  deb=$(ls "$work/${package}_${version}_"*.deb)
  debs="$debs $deb"
done
if [ "$output" != "$work" ]; then
  cp $debs "$changes" "$output"/
fi
ls $debs

if command -v lintian >/dev/null 2>&1; then
  echo "== lintian =="
  # The packages, not the .changes file, whose UNRELEASED distribution lintian refuses.
  lintian --fail-on error $debs
else
  echo "lintian: not installed, skipped"
fi

echo "== installing the packages =="
installed=yes
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends \
  $debs >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  exit 1
}

echo "== checking the installed packages, with no variable set =="
check=$work/check
mkdir "$check"
cp models/simultaneous-events.xml "$check/model.xml"
clean_env() {
  (cd "$check" && env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$check" LANG=C.UTF-8 "$@")
}
[ "$(command -v hyco)" = /usr/bin/hyco ] || { echo "hyco is not /usr/bin/hyco" >&2; exit 1; }
clean_env /usr/bin/hyco --version | grep -qx "hyco $version" || {
  echo "hyco --version does not say $version" >&2; exit 1; }
clean_env /usr/bin/hyco run -q model.xml --trace trace.csv
# The installed command writes the trace the build tree's writes.
[ -x build/tools/hyco ] && {
  build/tools/hyco run -q models/simultaneous-events.xml --trace "$work/expected.csv"
  cmp "$check/trace.csv" "$work/expected.csv"
}
grep -qx "Clock1.output,0,1,1" "$check/trace.csv"
# The modules the library loads from /usr/lib/MULTIARCH/hyco when they are needed: libmatio's,
# PLplot's and SUNDIALS' (CVODE).
clean_env /usr/bin/hyco run -q model.xml --results results.mat --plot plot.svg
[ -s "$check/results.mat" ] && grep -q "</svg>" "$check/plot.svg" || {
  echo "hyco did not write the MAT file and the plot through its modules" >&2; exit 1; }
cp models/van-der-pol-stiff.xml "$check/stiff.xml"
clean_env /usr/bin/hyco run -q stiff.xml --stop-time 1
clean_env /usr/bin/python3 -c '
import gi
gi.require_version("Hyco", "1.0")
from gi.repository import Hyco
import gi.overrides.Hyco
assert gi.overrides.Hyco.__file__ == "/usr/lib/python3/dist-packages/gi/overrides/Hyco.py", \
    gi.overrides.Hyco.__file__
top = Hyco.CompositeActor.new("top")
top.set_director_by_class("DEDirector", stopTime=1)      # keyword parameters: the overrides
top.add_actor_by_class("DiscreteClock", "Clock", period=0.25)
top.add_actor_by_class("Recorder", "Recorder")
top.connect_ports("Clock.output", "Recorder.input")
model = Hyco.Model.new(top)
model.set_record_results(True)
model.run()
times = [t for t, _, _ in model.get_results().get_samples("Clock.output")]
assert times == [0, 0.25, 0.5, 0.75, 1], times
print("python3: Hyco", Hyco._version, "from", gi.overrides.Hyco.__file__)
'
# The development files: the embedding example, built against the installed library.
clean_env pkg-config --modversion hyco-1.0 | grep -qx "$version"
clean_env sh -c "cc -o embed '$source_tree/bindings/examples/hyco-embed.c' \$(pkg-config --cflags --libs hyco-1.0)"
clean_env ./embed model.xml >/dev/null
clean_env man -w hyco | grep -qx /usr/share/man/man1/hyco.1.gz
echo "check-debian-package: the packages build, install and work with no variable set"
}

main "$@"
