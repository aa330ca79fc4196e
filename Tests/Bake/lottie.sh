#!/usr/bin/env bash
# `dynsim bake --target lottie` played by a real Lottie player: installs PyPI's rlottie-python (which bundles rlottie),
# lottie-specs (the Lottie specification's JSON Schema), jsonschema and numpy when missing (Tests/pyneed.sh's private
# folder, never the system's Python), then Tests/Bake/lottie_check.py bakes swinging-view, drop-and-spread and
# bouncing-ball in both profiles, validates each file against the schema, renders every object with rlottie at 240
# samples a second and checks where it is and how it is turned against `dynsim run` at 240 Hz (0.5 pt and 0.5 degrees,
# plus the probe's own measured error). Works in a temporary folder removed on the way out, as root or not, from any
# directory.
# Usage: bash Tests/Bake/lottie.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
start=$(date +%s%N)
elapsed() { echo "$(((($(date +%s%N) - start) / 1000000)))ms"; }
. "$here/../pyneed.sh"
pyneed "import rlottie_python, lottie_specs, jsonschema, numpy" rlottie-python lottie-specs jsonschema numpy
echo "lottie: rlottie-python $(python3 -c 'from importlib.metadata import version as v; print(v("rlottie-python"))'), lottie-specs $(python3 -c 'from importlib.metadata import version as v; print(v("lottie-specs"))') ready at $(elapsed)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
python3 "$here/lottie_check.py" "$bin" "$work"
echo "lottie: passed in $(elapsed)"
