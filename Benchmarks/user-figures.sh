#!/usr/bin/env bash
# What a user waits for, on this machine: the README's main job (`dynsim > swing.csv`), a 1,000-box pile run for 10 s
# and `dynsim view` of 4,000 boxes for 10 s, with that view's run alone (`dynsim run` to /dev/null; again with its
# contact events, `--events /dev/null`, which the view records) beside it. Builds the release dynsim, writes the
# scenes (Benchmarks/boxes_scene.py: scene C, every column) to a temporary directory, runs each command --runs times
# in interleaved rounds (default 5) and prints a Markdown table: the minimum wall and CPU time, the largest peak RSS
# (/usr/bin/time -v) and the output's size. About 5 minutes at 5 runs on 2 cores.
#
#   bash Benchmarks/user-figures.sh [--runs N] [--save | --save-to DIR] [--dynsim PATH]
#
# --save writes the table and the command under Benchmarks/results/<machine>/ (user-figures.md,
# user-figures-command.txt); --save-to DIR writes them to DIR instead. --dynsim PATH times that release binary instead
# of building one (for a clone this user cannot write). Interrupted (Ctrl-C, kill), it stops the run under way and
# removes its temporary directory.
set -euo pipefail
runs=5
max_runs=100
save=0
dir=""
saved=(--save)
dynsim=""
usage="usage: bash Benchmarks/user-figures.sh [--runs N] [--save | --save-to DIR] [--dynsim PATH]"
fail() { echo "user-figures: $1" >&2; exit "${2:-1}"; }
while [ $# -gt 0 ]; do
    case "$1" in
        -h | --help)
            echo "$usage"
            echo "  --runs N        interleaved rounds, 1 to $max_runs (default 5; about 1 minute a round on 2 cores)"
            echo "  --save          write the table under Benchmarks/results/<machine>/"
            echo "  --save-to DIR   write the table to DIR (created if missing)"
            echo "  --dynsim PATH   time that dynsim binary instead of building the release one"
            exit 0 ;;
        --runs | --save-to | --dynsim)
            [ $# -ge 2 ] || fail "$1 needs a value; $usage" 64
            case "$1" in
                --runs) runs="$2" ;;
                --save-to) save=1; dir="$2"; [ -n "$dir" ] || fail "--save-to needs a directory, got \"\"" 64 ;;
                --dynsim) dynsim="$2" ;;
            esac
            shift 2 ;;
        --save) save=1; shift ;;
        *) fail "unknown argument \"$1\"; $usage" 64 ;;
    esac
done
case "$runs" in
    '' | *[!0-9]*) fail "--runs must be a positive integer, got \"$runs\"" 64 ;;
esac
runs_value="${runs#"${runs%%[!0]*}"}" # without leading zeros, which bash would read as octal
[ -n "$runs_value" ] || fail "--runs must be a positive integer, got \"$runs\"" 64
if [ "${#runs_value}" -gt 3 ] || [ "$runs_value" -gt "$max_runs" ]; then
    fail "--runs must be at most $max_runs (about a minute a round), got \"$runs\"" 64
fi
runs="$runs_value"
[ -x /usr/bin/time ] || fail "needs /usr/bin/time (Debian: apt-get install time)"
command -v python3 > /dev/null || fail "needs python3"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [ -n "$dynsim" ]; then
    [ -f "$dynsim" ] && [ -x "$dynsim" ] || fail "--dynsim must be an executable file, got \"$dynsim\"" 64
    dynsim="$(cd "$(dirname "$dynsim")" && pwd)/$(basename "$dynsim")"
    saved+=(--dynsim "$dynsim")
elif [ ! -w "$root" ] || { [ -e "$root/.build" ] && [ ! -w "$root/.build" ]; }; then
    fail "cannot build in $root (not writable by $(id -un)); build there as its owner and give --dynsim \"$root/.build/release/dynsim\"" 1
fi
# Where --save writes, made and checked now rather than after the minutes of timing.
if [ "$save" -eq 1 ]; then
    if [ -n "$dir" ]; then
        saved=(--save-to "$dir" "${saved[@]:1}")
    else
        model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/(R)//g; s/(TM)//g' | awk '{print $1"-"$2}')
        dir="$root/Benchmarks/results/${model}-$(nproc)cores"
    fi
    if [ -e "$dir" ] && [ ! -d "$dir" ]; then
        fail "--save-to: \"$dir\" is not a directory" 64
    fi
    mkdir -p -- "$dir" 2> /dev/null || fail "cannot create the directory \"$dir\" to save in"
    dir="$(cd "$dir" && pwd)"
    probe="$(mktemp "$dir/.user-figures.XXXXXX" 2> /dev/null)" || fail "cannot write in \"$dir\" to save there"
    rm -f -- "$probe"
fi
work="$(mktemp -d)"
child=""
cleanup() { rm -rf -- "$work"; }
# A signal while a step runs: stop that step (user_figures.py stops its own dynsim in turn), then exit; EXIT cleans up.
stop() {
    trap - INT TERM HUP
    if [ -n "$child" ]; then
        kill -TERM "$child" 2> /dev/null || true
        wait "$child" 2> /dev/null || true
    fi
    echo "user-figures: interrupted" >&2
    exit "$1"
}
trap cleanup EXIT
trap 'stop 130' INT
trap 'stop 143' TERM
trap 'stop 129' HUP
# Runs a step in the background and waits for it, so that a signal reaches the trap at once, not after the step.
step() {
    "$@" &
    child=$!
    wait "$child"
    child=""
}
if [ -z "$dynsim" ]; then
    step swift build --package-path "$root" -c release --product dynsim >&2
    dynsim="$root/.build/release/dynsim"
fi
step python3 "$here/boxes_scene.py" "$dynsim" 1000 --duration 10 --all-columns --output "$work/boxes1000.json"
step python3 "$here/boxes_scene.py" "$dynsim" 4000 --duration 10 --all-columns --output "$work/boxes4000.json"
step python3 "$here/user_figures.py" "$dynsim" "$work" --runs "$runs" > "$work/table.md"
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
    # Each file is written beside its name and renamed over it, so an old table is replaced only by a whole new one.
    cp -- "$work/table.md" "$dir/.user-figures.md.tmp"
    printf 'bash Benchmarks/user-figures.sh --runs %s' "$runs" > "$dir/.user-figures-command.txt.tmp"
    printf ' %q' "${saved[@]}" >> "$dir/.user-figures-command.txt.tmp"
    echo >> "$dir/.user-figures-command.txt.tmp"
    mv -f -- "$dir/.user-figures.md.tmp" "$dir/user-figures.md"
    mv -f -- "$dir/.user-figures-command.txt.tmp" "$dir/user-figures-command.txt"
    echo "user-figures: saved in $dir" >&2
fi
