#!/usr/bin/env bash
# Browser tests of `dynsim view` (Tests/Browser/check.py) and of the viewer's decoders (decode_check.py, which runs
# decode_test.js): installs what they need when it is missing (Debian's chromium; PyPI's websocket-client and Pillow),
# then runs them against the given dynsim binary. Exits 1 when any check of either fails.
# Usage: bash Tests/Browser/check.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../chromiumneed.sh"
chromiumneed "browser tests"
. "$here/../pyneed.sh"
pyneed "import websocket, PIL" websocket-client pillow
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
python3 "$here/check.py" "$bin" "$work" || status=1
python3 "$here/decode_check.py" "$bin" "$work/decode" || status=1
exit $status
