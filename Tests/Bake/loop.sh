#!/usr/bin/env bash
# The bake's loop through dynsim itself: for the swinging view, the buttons that drop and spread and the bouncing ball,
# in both profiles (and the spinning toss, for rotation), `dynsim bake --target scene` and then `dynsim run` of that scene (dynsim's own Core Animation
# model) reproduce the original run within the default bounds (0.5 pt, 0.5 deg) at every 1 ms row. loop_check.py
# reads both runs' CSVs; the expected values are the original run's own columns.
# Usage: bash Tests/Bake/loop.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for scene in swinging-view drop-and-spread bouncing-ball toss; do
    for profile in uikit precise; do
        "$bin" bake "$scene" --profile "$profile" --target scene --output "$work/baked.json" 2>"$work/report.txt"
        "$bin" run "$scene" --profile "$profile" --rate 1000 >"$work/original.csv"
        "$bin" run "$work/baked.json" --rate 1000 >"$work/replay.csv"
        python3 "$here/loop_check.py" "$scene" "$profile" "$work/original.csv" "$work/replay.csv" || status=1
    done
done
exit $status
