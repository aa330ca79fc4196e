#!/usr/bin/env bash
# What a user waits for, on this machine: the README's main job (`dynsim > swing.csv`), a 1,000-box pile run for 10 s
# and `dynsim view` of 4,000 boxes for 10 s, with that view's run alone (`dynsim run` to /dev/null; again with its
# contact events, `--events /dev/null`, which the view records) beside it. Builds the release dynsim, writes the
# scenes (Benchmarks/boxes_scene.py: scene C, every column) to a temporary directory, runs each command --runs times
# in interleaved rounds (default 5) and prints a Markdown table: the minimum wall and CPU time, the largest peak RSS
# (/usr/bin/time -v) and the output's size. About 5 minutes at 5 runs on 2 cores.
#
#   bash Benchmarks/user-figures.sh [--runs N] [--save | --save-to DIR]
#
# --save writes the table and the command under Benchmarks/results/<machine>/ (user-figures.md,
# user-figures-command.txt); --save-to DIR writes them to DIR instead.
set -euo pipefail
runs=5
save=0
dir=""
saved="--save"
usage="usage: bash Benchmarks/user-figures.sh [--runs N] [--save | --save-to DIR]"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) [ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }; runs="$2"; shift 2 ;;
        --save) save=1; shift ;;
        --save-to) [ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }; save=1; dir="$2"; saved="--save-to $2"; shift 2 ;;
        *) echo "$usage" >&2; exit 64 ;;
    esac
done
case "$runs" in
    '' | *[!0-9]* | 0) echo "user-figures: --runs must be a positive integer, got \"$runs\"" >&2; exit 64 ;;
esac
[ -x /usr/bin/time ] || { echo "user-figures: needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [ -n "$dir" ]; then
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && swift build -c release --product dynsim >&2)
dynsim="$root/.build/release/dynsim"
python3 "$here/boxes_scene.py" "$dynsim" 1000 --duration 10 --all-columns --output "$work/boxes1000.json"
python3 "$here/boxes_scene.py" "$dynsim" 4000 --duration 10 --all-columns --output "$work/boxes4000.json"
python3 "$here/user_figures.py" "$dynsim" "$work" --runs "$runs" > "$work/table.md"
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
# Whether the binary's sources differ from that commit (Sources/ and Package.swift build it; scripts and docs do not).
dirty="$(git -C "$root" status --porcelain -- Sources Package.swift 2>/dev/null || true)"
swift_version="Swift (unknown version)"
if [[ "$(swift --version 2>/dev/null || true)" =~ Swift\ version\ ([^ ]+) ]]; then
    swift_version="Swift ${BASH_REMATCH[1]}"
fi
echo "dynsim $commit${dirty:+ with uncommitted changes to its sources}, $swift_version, $(uname -sr), $(date -u +%Y-%m-%d)." \
    >> "$work/table.md"
cat "$work/table.md"
if [ "$save" -eq 1 ]; then
    if [ -z "$dir" ]; then
        model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/(R)//g; s/(TM)//g' | awk '{print $1"-"$2}')
        dir="$root/Benchmarks/results/${model}-$(nproc)cores"
    fi
    mkdir -p "$dir"
    cp "$work/table.md" "$dir/user-figures.md"
    echo "bash Benchmarks/user-figures.sh --runs $runs $saved" > "$dir/user-figures-command.txt"
    echo "user-figures: saved in $dir" >&2
fi
