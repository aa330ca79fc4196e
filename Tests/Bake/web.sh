#!/usr/bin/env bash
# Browser check of `dynsim bake`'s css and waapi targets (Tests/Bake/web_check.py): installs what it needs when it is
# missing (Debian's chromium; PyPI's websocket-client), then plays the baked keyframes of five scenes in both
# profiles in headless Chromium, seeked to every 240 Hz sample, against the run itself. Exits 1 when any check fails.
# Chromium is stopped by its PID (Tests/Browser/cdp.py) and the temporary folder, its profile inside, removed on exit.
# Usage: bash Tests/Bake/web.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../chromiumneed.sh"
chromiumneed "bake web tests"
. "$here/../pyneed.sh"
pyneed "import websocket" websocket-client
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Chromium's profile (cdp.py's mkdtemp) goes inside $work too: what its helpers write after the kill goes with it.
mkdir "$work/tmp"
TMPDIR="$work/tmp" python3 "$here/web_check.py" "$bin" "$work"
