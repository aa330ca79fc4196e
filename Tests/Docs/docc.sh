#!/usr/bin/env bash
# The API reference of every library product, built with the toolchain's own DocC (no plugin): symbol graphs from the
# built modules (swift-symbolgraph-extract), `docc convert --transform-for-static-hosting --warnings-as-errors` with
# each product's catalog (Sources/M/M.docc), then headless Chromium opens one symbol page of each from the static
# output (served by Python's http.server in a temporary folder, stopped by PID on exit) and finds its title.
# Usage: bash Tests/Docs/docc.sh [OUTPUT_DIR]   (after `swift build`; default output: a temporary folder)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
# The compiler's tools leave an empty TemporaryDirectory.* in TMPDIR each call: keep them in the work folder.
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
out="${1:-$work/site}"
mkdir -p "$out"
modules="$(cd "$root" && swift build --show-bin-path)/Modules"
[ -d "$modules" ] || { echo "docc: no built modules at $modules: run swift build first" >&2; exit 1; }
triple="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
# product: a symbol whose page Chromium opens
# docc copies its page template (the toolchain's share/docc/render) into each site keeping the files' owner; as a user
# who does not own the toolchain that copy stops after the first folder, silently, and leaves a site without its
# scripts (measured: 258 of 299 files, a blank page). A copy of the template in the work folder is the user's own.
render="$(dirname "$(readlink -f "$(command -v docc)")")/../share/docc/render"
[ -d "$render" ] || { echo "docc: the toolchain's page template is not at $render" >&2; exit 1; }
cp -R "$render" "$work/render"
export DOCC_HTML_DIR="$work/render"
products="Springs:Spring Animation:Layer Dynamics:World IO:NumberFormat Scenes:Scene Playback:SceneRun Replay:ScenePage Traces:SpringFit Sweeps:Sweep Bake:KeyframeReduction"
for entry in $products; do
    m="${entry%%:*}"
    mkdir -p "$work/graphs/$m"
    swift-symbolgraph-extract -module-name "$m" -I "$modules" -target "$triple" -output-dir "$work/graphs/$m" \
        -minimum-access-level public >/dev/null
    docc convert "$root/Sources/$m/$m.docc" --additional-symbol-graph-dir "$work/graphs/$m" \
        --fallback-display-name "$m" --fallback-bundle-identifier "org.dynsim.$m" \
        --output-dir "$out/$m" --transform-for-static-hosting --hosting-base-path "$m" --warnings-as-errors \
        >"$work/docc-$m.log" 2>&1 \
        || { grep -E "warning|error" "$work/docc-$m.log" >&2; echo "docc: $m: the documentation has warnings or errors (above)" >&2; exit 1; }
    [ -d "$out/$m/js" ] || { echo "docc: $m: the site has no scripts (js/): the page template was not copied" >&2; exit 1; }
    echo "docc: $m built, no warnings"
done
command -v chromium >/dev/null 2>&1 || { echo "docc: chromium is missing (bash Tests/Browser/check.sh installs it)" >&2; exit 1; }
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
(cd "$out" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
for _ in $(seq 50); do python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break; sleep 0.1; done
failed=0
for entry in $products; do
    m="${entry%%:*}"; symbol="${entry##*:}"
    url="http://127.0.0.1:$port/$m/documentation/$(echo "$m" | tr 'A-Z' 'a-z')/$(echo "$symbol" | tr 'A-Z' 'a-z')/"
    dom="$(timeout 90 chromium --headless=new --no-sandbox --disable-gpu --user-data-dir="$work/profile" \
        --virtual-time-budget=10000 --dump-dom "$url" 2>/dev/null | sed -E 's/<wbr[^>]*>//g' || true)"
    if grep -qE "class=\"title\"><span[^>]*>$symbol</span>" <<<"$dom"; then
        echo "docc: $m: Chromium shows the page of $symbol"
    else
        echo "docc: $m: Chromium did not show the page of $symbol at $url" >&2; failed=1
    fi
done
exit "$failed"
