#!/usr/bin/env bash
# Runs dynsim's benchmark catalog and the same scenes on Box2D 2.4.1, Box2D v3 (PyPI's pyb2d3, at 2, 4 and 8
# sub-steps), Chipmunk 7 and pymunk, in one run on this
# machine, and prints the ratio table (dynsim / peer) with each engine's 90° pendulum energy drift and period error.
# One command from a fresh clone (installs what is missing: Debian's g++, libbox2d-dev, libchipmunk-dev, and pymunk
# from PyPI):
#
#   bash Benchmarks/peers/run.sh [--repeats R] [--save]
#
# --save also writes the results under Benchmarks/results/<machine>/ (results.csv, table.txt, the command).
set -euo pipefail

repeats=3
save=0
while [ $# -gt 0 ]; do
    case "$1" in
        --repeats) repeats="$2"; shift 2 ;;
        --save) save=1; shift ;;
        *) echo "usage: bash Benchmarks/peers/run.sh [--repeats R] [--save]" >&2; exit 64 ;;
    esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi

need=()
command -v g++ >/dev/null || need+=(g++)
command -v gcc >/dev/null || need+=(gcc)
[ -f /usr/include/box2d/box2d.h ] || need+=(libbox2d-dev)
[ -f /usr/include/chipmunk/chipmunk.h ] || need+=(libchipmunk-dev)
python3 -c 'import pip' 2>/dev/null || need+=(python3-pip)
if [ ${#need[@]} -gt 0 ]; then
    echo "peers: installing ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >&2
fi
if ! python3 -c 'import pyb2d3' 2>/dev/null; then
    echo "peers: installing pyb2d3 (Box2D v3)" >&2
    python3 -m pip install -q pyb2d3 2>/dev/null || python3 -m pip install -q --break-system-packages pyb2d3
fi
if ! python3 -c 'import pymunk' 2>/dev/null; then
    echo "peers: installing pymunk" >&2
    python3 -m pip install -q pymunk 2>/dev/null || python3 -m pip install -q --break-system-packages pymunk
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 -o "$work/box2d_bench" "$here/box2d_bench.cpp" -lbox2d
gcc -O2 -std=c11 -D_GNU_SOURCE -o "$work/chipmunk_bench" "$here/chipmunk_bench.c" -lchipmunk -lm
(cd "$root" && swift build -c release --product dynsim-bench >&2)

echo "peers: dynsim" >&2
(cd "$root" && .build/release/dynsim-bench --repeats "$repeats" --csv "$work/dynsim.csv" >&2)
echo "peers: Box2D 2.4.1" >&2
"$work/box2d_bench" --repeats "$repeats" > "$work/box2d.csv"
echo "peers: Chipmunk 7" >&2
# Debian's Chipmunk is a debug build that prints a banner on stdout at each cpSpace: keep the CSV rows only.
"$work/chipmunk_bench" --repeats "$repeats" | grep -v -e '^Initializing cpSpace' -e '^Compile with' > "$work/chipmunk.csv"
echo "peers: Box2D v3 at 2, 4 and 8 sub-steps" >&2
python3 "$here/box2d_v3_bench.py" --repeats "$repeats" > "$work/box2d_v3.csv"
echo "peers: pymunk" >&2
python3 "$here/pymunk_bench.py" --repeats "$repeats" > "$work/pymunk.csv"

python3 "$here/compare.py" "$work/dynsim.csv" "$work/box2d.csv" "$work/chipmunk.csv" "$work/pymunk.csv" \
    --csv "$work/results.csv" | tee "$work/table.txt"
python3 "$here/work_precision.py" "$work/dynsim.csv" "$work/box2d_v3.csv" | tee -a "$work/table.txt"

if [ "$save" -eq 1 ]; then
    cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1 | tr -cs 'A-Za-z0-9' '-' | sed 's/-*$//')"
    dir="$root/Benchmarks/results/${cpu:-unknown}-$(nproc)cores"
    mkdir -p "$dir"
    cp "$work/results.csv" "$work/table.txt" "$dir/"
    {
        echo "bash Benchmarks/peers/run.sh --repeats $repeats --save"
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "commit: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown)"
        echo "swift: $(swift --version 2>&1 | head -1)"
        echo "box2d: $(dpkg-query -W -f='${Version}' libbox2d2 2>/dev/null), chipmunk: $(dpkg-query -W -f='${Version}' libchipmunk7 2>/dev/null), pymunk: $(python3 -c 'import pymunk; print(pymunk.version)')"
    } > "$dir/command.txt"
    echo "peers: saved to ${dir#$root/}" >&2
fi
