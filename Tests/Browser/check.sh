#!/usr/bin/env bash
# Browser tests of `dynsim view` (Tests/Browser/check.py): installs what they need when it is missing (Debian's
# chromium; PyPI's websocket-client and Pillow), then runs them against the given dynsim binary.
# Usage: bash Tests/Browser/check.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v chromium >/dev/null 2>&1; then
    echo "browser tests: installing chromium (Debian)"
    sudo_=""; [ "$(id -u)" = 0 ] || sudo_="sudo"
    $sudo_ apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium >/dev/null
fi
python3 -c "import websocket, PIL" 2>/dev/null || python3 -m pip install -q websocket-client pillow 2>&1 | grep -v "^WARNING: Running pip as" || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/check.py" "$bin" "$work"
