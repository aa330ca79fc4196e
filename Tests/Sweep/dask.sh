#!/usr/bin/env bash
# docs/recipes/sweep_dask.py against a real Dask cluster on the loopback: installs PyPI's dask and distributed when
# missing (Tests/pyneed.sh's private folder), starts `dask scheduler` and `dask worker --nworkers 2` as processes of
# their own, runs the recipe's 4 shards on them, and checks the merged table is the bytes one `dynsim sweep` writes.
# The scheduler and the workers are stopped by their PIDs on the way out, failure too, and the script fails if any of
# their processes is still running.
# Usage: bash Tests/Sweep/dask.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
recipe=$(cd "$here/../../docs/recipes" && pwd)/sweep_dask.py
start=$(date +%s%N)
elapsed() { echo "$(((($(date +%s%N) - start) / 1000000)))ms"; }
. "$here/../pyneed.sh"
pyneed "import dask, distributed" dask distributed
echo "dask: dask $(python3 -c 'import dask; print(dask.__version__)') ready at $(elapsed)"

name=dask
work=$(mktemp -d)
. "$here/daemons.sh"
trap stop_daemons EXIT
trap 'exit 130' INT TERM
mkdir -p "$work"/{log,bin,dask}
chmod 700 "$work"
ln -s "$bin" "$work/bin/dynsim"
export PATH="$work/bin:$PATH"
cd "$work"

# No dashboards, no config from the user's ~/.config/dask, temporary files in the folder.
export DASK_CONFIG="$work/dask" DASK_TEMPORARY_DIRECTORY="$work/dask"
daemon scheduler.out python3 -m dask scheduler --host 127.0.0.1 --port 0 --no-dashboard \
    --scheduler-file "$work/scheduler.json"
for _ in $(seq 300); do [ -s "$work/scheduler.json" ] && break; sleep 0.1; done
address=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["address"])' "$work/scheduler.json")
daemon workers.out python3 -m dask worker "$address" --nworkers 2 --nthreads 1 --no-dashboard \
    --local-directory "$work/dask" --host 127.0.0.1
python3 - "$address" <<'PY'
import sys
from dask.distributed import Client
with Client(sys.argv[1], timeout=30) as c:
    c.wait_for_workers(2, timeout=30)
PY
echo "dask: scheduler and 2 workers up at $(elapsed)"

sweep=(pendulum --vary 'items[0].center[0]=100:300:13' --metric max:bob.vy --duration 0.5)
python3 "$recipe" "$address" 4 "$work/merged.csv" "${sweep[@]}"
echo "dask: 4 shards run and merged at $(elapsed)"
dynsim sweep "${sweep[@]}" --output "$work/local.csv" 2>"$work/log/local.err"
cmp "$work/merged.csv" "$work/local.csv" || { echo "dask: the merged table differs from one process's" >&2; exit 1; }
echo "dask: merged table of $(($(wc -l <"$work/merged.csv") - 1)) runs from 4 shards = one process's bytes ($(elapsed))"
