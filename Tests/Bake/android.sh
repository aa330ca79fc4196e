#!/usr/bin/env bash
# `dynsim bake --target android` and `--target compose` played as Android (AOSP's KeyframeSet and PathInterpolator with
# its 0.002 path flattening) and Compose (KeyframesSpec, CubicBezierEasing) play them, against the run at 240 Hz:
# within 0.5 pt and 0.5 deg at every row (Tests/Bake/android_check.py).
# Usage: bash Tests/Bake/android.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/android_check.py" "$bin" "$work"
