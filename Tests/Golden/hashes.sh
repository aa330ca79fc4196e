#!/usr/bin/env bash
# Golden output hashes: the sha256 of every built-in scene's output (CSV rows and events in both profiles, JSON Lines,
# and its scene file), so a refactor that changes a byte is caught.
#   bash Tests/Golden/hashes.sh [BINARY]            print the list
#   bash Tests/Golden/hashes.sh --check [BINARY]    compare with Tests/Golden/builtins.sha256 (exit 1 on a difference)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
bin="${1:-$here/../../.build/release/dynsim}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
list() {
    for name in $("$bin" scenes | awk '{print $1}'); do
        for profile in uikit precise; do
            "$bin" run "$name" --profile "$profile" --output "$tmp/rows.csv" --events "$tmp/events.csv"
            echo "$(sha256sum < "$tmp/rows.csv" | cut -c1-64)  $name $profile rows"
            echo "$(sha256sum < "$tmp/events.csv" | cut -c1-64)  $name $profile events"
        done
        echo "$("$bin" run "$name" --format jsonl | sha256sum | cut -c1-64)  $name uikit jsonl"
        echo "$("$bin" scenes "$name" | sha256sum | cut -c1-64)  $name scene"
    done
}
if [ "$check" = 1 ]; then
    list > "$tmp/now"
    if diff -u "$here/builtins.sha256" "$tmp/now"; then
        echo "golden hashes: $(wc -l < "$tmp/now") outputs match"
    else
        echo "golden hashes: outputs differ from Tests/Golden/builtins.sha256 (lines above)" >&2
        exit 1
    fi
else
    list
fi
