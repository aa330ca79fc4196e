#!/usr/bin/env bash
# Issue 19's two tables from one run on this machine: dynsim (uikit at 2 sub-steps; precise at 1, 2, 4, 8 and 16) and
# Box2D v3 (PyPI's pyb2d3, installed when missing) at 2, 4 and 8 sub-steps, on scenes A, B, C and the 90° pendulum
# (precise: A and B at 10 and 100 bodies, the pendulum; C at 100, 1000 and 4000 boxes), in --rounds interleaved rounds
# (default 1; the tables take each row's minimum time). Scene C's pile accuracy (overlap,
# settling, end kinetic energy; untimed runs of at most 21 simulated seconds) for every engine up to --pile-up-to boxes
# (default 4000: all of them; about 10 minutes in all on 2 cores).
#
#   bash Benchmarks/peers/work-precision.sh [--rounds N] [--repeats R] [--pile-up-to N] [--save | --save-to DIR]
#
# --save writes them under Benchmarks/results/<machine>/ (work-precision.csv, work-precision.txt, the command);
# --save-to DIR writes the same files to DIR instead.
set -euo pipefail
repeats=3
rounds=1
save=0
pile=4000
dir=""
usage="usage: bash Benchmarks/peers/work-precision.sh [--rounds N] [--repeats R] [--pile-up-to N] [--save | --save-to DIR]"
while [ $# -gt 0 ]; do
    case "$1" in
        --repeats) repeats="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --pile-up-to) pile="$2"; shift 2 ;;
        --save) save=1; shift ;;
        --save-to) save=1; dir="$2"; shift 2 ;;
        *) echo "$usage" >&2; exit 64 ;;
    esac
done
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python3 -c 'import pyb2d3' 2>/dev/null || python3 -m pip install -q pyb2d3 2>/dev/null || python3 -m pip install -q --break-system-packages pyb2d3
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && swift build -c release --product dynsim-bench >&2)
# Interleaved rounds: each round runs dynsim uikit, dynsim precise and Box2D v3 once (each with --repeats), so a drift
# of the machine touches every engine alike; the tables take each row's minimum time over the rounds. The pile's
# accuracy (deterministic) is measured in the first round only.
for round in $(seq 1 "$rounds"); do
    p=$([ "$round" -eq 1 ] && echo "$pile" || echo 0)
    echo "work-precision: round $round of $rounds: dynsim uikit" >&2
    (cd "$root" && .build/release/dynsim-bench A B C pendulum --profile uikit --repeats "$repeats" --pile-up-to "$p" --csv "$work/uikit-$round.csv" >&2)
    echo "work-precision: round $round of $rounds: dynsim precise at 1, 2, 4, 8, 16 sub-steps" >&2
    (cd "$root" && .build/release/dynsim-bench A B pendulum --profile precise --substeps 1,2,4,8,16 --sizes 10,100 --repeats "$repeats" --csv "$work/precise-$round.csv" >&2)
    (cd "$root" && .build/release/dynsim-bench C --profile precise --substeps 1,2,4,8,16 --sizes 100,1000,4000 --repeats "$repeats" --pile-up-to "$p" --csv "$work/precise-c-$round.csv" >&2)
    echo "work-precision: round $round of $rounds: Box2D v3" >&2
    python3 "$here/box2d_v3_bench.py" --repeats "$repeats" --pile-up-to "$p" > "$work/box2d_v3-$round.csv"
done
python3 "$here/work_precision.py" --merge "$work/dynsim.csv" "$work"/uikit-*.csv "$work"/precise-*.csv
python3 "$here/work_precision.py" --merge "$work/box2d_v3.csv" "$work"/box2d_v3-*.csv
python3 "$here/work_precision.py" "$work/dynsim.csv" "$work/box2d_v3.csv" | tee "$work/table.txt"
if [ "$save" -eq 1 ]; then
    if [ -z "$dir" ]; then
        model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/(R)//g; s/(TM)//g' | awk '{print $1"-"$2}')
        dir="$root/Benchmarks/results/${model}-$(nproc)cores"
    fi
    mkdir -p "$dir"
    cat "$work/dynsim.csv" > "$dir/work-precision.csv"
    tail -n +2 "$work/box2d_v3.csv" >> "$dir/work-precision.csv"
    cp "$work/table.txt" "$dir/work-precision.txt"
    echo "bash Benchmarks/peers/work-precision.sh --rounds $rounds --repeats $repeats --pile-up-to $pile --save" > "$dir/work-precision-command.txt"
    echo "work-precision: saved in $dir" >&2
fi
