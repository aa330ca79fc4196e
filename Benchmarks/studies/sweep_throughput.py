#!/usr/bin/env python3
"""Sweep throughput: N runs of the pendulum scene as one `dynsim sweep` at --jobs 1 and --jobs 2, against the same
runs as separate `dynsim run` processes, and the sweep's overhead per run (its wall time beyond the runs' own, which
--timings reports). A benchmark, not a test: build with `swift build -c release` and run on a quiet machine.

Usage: python3 Benchmarks/studies/sweep_throughput.py .build/release/dynsim [N]   (N default 10000)"""
import csv, os, subprocess, sys, tempfile, time


def timed(args, **kw):
    t = time.perf_counter()
    subprocess.run(args, check=True, **kw)
    return time.perf_counter() - t


def main():
    binary, n = os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    work = tempfile.mkdtemp()
    sweep = [binary, "sweep", "pendulum", "--vary", f"items[0].center[0]=100:300:{n}", "--metric", "max:bob.vy"]
    tables, walls = {}, {}
    for jobs in (1, 2):
        table, times = os.path.join(work, f"t{jobs}.csv"), os.path.join(work, f"s{jobs}.csv")
        walls[jobs] = timed(sweep + ["--jobs", str(jobs), "--output", table, "--timings", times],
                            stderr=subprocess.DEVNULL)
        tables[jobs] = open(table, "rb").read()
    assert tables[1] == tables[2], "--jobs 1 and --jobs 2 differ"
    runs = sum(float(r["seconds"]) for r in csv.DictReader(open(os.path.join(work, "s1.csv"))))
    # Separate processes: the same scene, each its own `dynsim run` (at most 2,000, scaled to N).
    m = min(n, 2000)
    with open(os.devnull, "wb") as null:
        t = time.perf_counter()
        for _ in range(m):
            subprocess.run([binary, "run", "pendulum"], stdout=null, check=True)
        processes = (time.perf_counter() - t) * n / m
    print(f"| runs | separate processes | sweep --jobs 1 | sweep --jobs 2 | speed-up from the 2nd core | sweep overhead per run |")
    print(f"| --- | --- | --- | --- | --- | --- |")
    print(f"| {n} | {processes:.1f} s | {walls[1]:.1f} s | {walls[2]:.1f} s | {walls[1] / walls[2]:.2f}x "
          f"| {100 * (walls[1] - runs) / runs:.1f} % ({1e3 * (walls[1] - runs) / n:.3f} ms of {1e3 * runs / n:.3f} ms) |")


if __name__ == "__main__":
    main()
