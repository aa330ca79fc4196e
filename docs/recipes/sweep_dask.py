#!/usr/bin/env python3
"""A sweep's shards as tasks on a Dask cluster, merged here.

Usage: python3 sweep_dask.py SCHEDULER SHARDS TABLE SCENE [SWEEP OPTIONS...]
  e.g. python3 sweep_dask.py tcp://scheduler:8786 16 table.csv card.json \\
           --vary 'animations[0].damping=1:30:1000' --metric settle:a.position.x:1

Task i runs `dynsim sweep SCENE ... --shard i/SHARDS` on a worker (dynsim on the workers' PATH) into a folder of its
own and returns the part and its manifest; this process writes them into one folder and runs `dynsim sweep merge`,
so the workers share no file system. Tests/Sweep/dask.sh runs this file against a local scheduler and two workers.
"""

import os
import subprocess
import sys
import tempfile

from dask.distributed import Client, get_worker


def shard(i, n, sweep):
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run(
            ["dynsim", "sweep", *sweep, "--shard", f"{i}/{n}", "--output", out, "--jobs", "1"],
            capture_output=True, text=True)
        # 1 to 63 counts the runs that failed, each a row giving its reason: the part is complete.
        if not 0 <= run.returncode <= 63:
            raise RuntimeError(f"shard {i}/{n}: exit {run.returncode}: {run.stderr.strip()}")
        names = [name for name in os.listdir(out) if name.startswith("part-")]
        return get_worker().address, {name: open(os.path.join(out, name), "rb").read() for name in names}


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    scheduler, shards, table, *sweep = sys.argv[1:]
    n = int(shards)
    with Client(scheduler) as client, tempfile.TemporaryDirectory() as parts:
        futures = client.map(shard, range(n), n=n, sweep=sweep)
        workers = set()
        for worker, files in client.gather(futures):
            workers.add(worker)
            for name, data in files.items():
                with open(os.path.join(parts, name), "wb") as f:
                    f.write(data)
        print(f"sweep_dask: {n} shards on {len(workers)} workers", file=sys.stderr)
        subprocess.run(["dynsim", "sweep", "merge", parts, "--output", table], check=True)


if __name__ == "__main__":
    main()
