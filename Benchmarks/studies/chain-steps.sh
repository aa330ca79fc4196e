#!/usr/bin/env bash
# Issue 19's chain-step study (Benchmarks/studies/chain_steps.swift): fixed-step RATTLE, exact projections and fast
# projection on scene B, energy error against ns per body per frame, to set beside Box2D v3's points in
# Benchmarks/results/<machine>/work-precision.txt.
#
# Usage: bash Benchmarks/studies/chain-steps.sh [--sizes 10,100,1000] [--repeats 3] [--save]
#   --sizes, --repeats: passed to chain_steps (sizes 1 to 10000 links, repeats 1 to 100).
#   --save also writes the table to Benchmarks/results/<machine>/chain-steps.txt (the machine named as
#   work-precision.sh names it: the CPU model's first two words and the core count). It keeps the whole study, so it
#   takes the default sizes only, and it replaces the file only when the run finished.
# About 4 minutes with the defaults on the 2-core EPYC. Rows print as they finish.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
save=0
args=()
for a in "$@"; do
    case "$a" in
        --save) save=1 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) args+=("$a") ;;
    esac
done
if [ "$save" = 1 ]; then
    for a in "${args[@]+"${args[@]}"}"; do
        case "$a" in
            --sizes|--sizes=*) echo "chain-steps: --save keeps the whole study (sizes 10, 100, 1000); leave --sizes out to save" >&2; exit 2 ;;
        esac
    done
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swiftc -O "$here/chain_steps.swift" -o "$work/chain_steps"
# tee -p: a reader that leaves early (| head) does not stop the run or the save.
"$work/chain_steps" "${args[@]+"${args[@]}"}" | tee -p "$work/table.txt"
if [ "$save" = 1 ]; then
    model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/(R)//g; s/(TM)//g' | awk '{print $1"-"$2}')
    out="$(cd "$here/.." && pwd)/results/${model:-unknown}-$(nproc)cores"
    mkdir -p "$out"
    { echo "# bash Benchmarks/studies/chain-steps.sh $* ($(date -u +%Y-%m-%d), commit $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown))"
      cat "$work/table.txt"; } > "$out/chain-steps.txt.tmp"
    mv "$out/chain-steps.txt.tmp" "$out/chain-steps.txt"
    echo "chain-steps: wrote $out/chain-steps.txt" >&2
fi
