#!/usr/bin/env bash
# Browser tests of `dynsim view` (Tests/Browser/check.py) and of the viewer's decoders (decode_check.py, which runs
# decode_test.js): installs what they need when it is missing (Debian's chromium; PyPI's websocket-client and Pillow),
# then runs them against the given dynsim binary. Exits 1 when any check of either fails.
# Usage: bash Tests/Browser/check.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v chromium >/dev/null 2>&1; then
    echo "browser tests: installing chromium (Debian)"
    sudo_=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "browser tests: chromium is missing and installing it needs root: run as root, or apt-get install chromium first" >&2; exit 1; }
        sudo_="sudo"
    fi
    $sudo_ apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium >/dev/null
fi
. "$here/../pyneed.sh"
pyneed "import websocket, PIL" websocket-client pillow
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
python3 "$here/check.py" "$bin" "$work" || status=1
python3 "$here/decode_check.py" "$bin" "$work/decode" || status=1
exit $status
