#!/usr/bin/env python3
"""`dynsim fit` on long traces (tens of thousands of rows and more), where it searches on a strided few thousand rows
before polishing on all of them: the answers stay right.

- `fit spring` on 40,000 and 200,000 rows of a noisy spring (zeta 0.6, response 0.8 s, 100 pt, sigma 0.1 pt): the 95%
  intervals of dampingRatio and response hold the truth.
- `fit spring` on 40,000 rows at 10 kHz of a spring of response 0.01 s (10 rows an oscillation, two oscillations
  between the strided rows, where the strided search alone would alias): the intervals hold the truth.
- `fit spring` on 100,000 rows at 60 Hz of an undamped spring of response 0.05 s (3 rows an oscillation), which the
  strided rows alias: it once came back as zeta 1.3e-6 [1.30e-6, 1.35e-6], from -44, exit 0; the intervals hold the
  truth (or the fit exits 1).
- `fit spring` and `fit curve` on clean traces stamped from an epoch (t from 1.7e9 s, 1 ms apart): once refused as a
  residual far above the noise, which the times' own rounding made; the intervals hold the truth.
- `fit curve` on 40,000 rows of CSS ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), with noise of sigma 0.002: the
  control values within 0.01.

The traces come from this file's closed forms, never from dynsim. Usage: long.py DYNSIM."""
import math, random, subprocess, sys, tempfile, os

def spring(z, r, t, to=100.0):
    w = 2 * math.pi / r
    wd = w * math.sqrt(1 - z * z)
    return to * (1 - math.exp(-z * w * t) * (math.cos(wd * t) + z * w / wd * math.sin(wd * t)))

def bezier(u, p1, p2):
    return 3 * (1 - u) ** 2 * u * p1 + 3 * (1 - u) * u * u * p2 + u ** 3

def fit(binary, kind, rows, folder, name):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("t,value\n")
        f.writelines(f"{t!r},{v!r}\n" for t, v in rows)
    p = subprocess.run([binary, "fit", kind, path], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise SystemExit(f"long.py: {name}: exit {p.returncode}: {p.stderr.strip()}")
    return {line.split(",")[0]: line.split(",")[1:] for line in p.stdout.splitlines()[1:]}

def holds(name, out, key, truth):
    value, low, high = (float(x) for x in out[key][:3])
    if not low <= truth <= high:
        raise SystemExit(f"long.py: {name}: {key} {value} [{low}, {high}] does not hold {truth}")
    print(f"{name}: {key} {value} [{low}, {high}] holds {truth}")

def main():
    binary = os.path.abspath(sys.argv[1])
    rng = random.Random(30)
    with tempfile.TemporaryDirectory() as folder:
        for n in [40_000, 200_000]:
            rows = [(i / (n / 4), spring(0.6, 0.8, i / (n / 4)) + rng.gauss(0, 0.1)) for i in range(n)]
            name = f"spring-{n}.csv"
            out = fit(binary, "spring", rows, folder, name)
            holds(name, out, "dampingRatio", 0.6)
            holds(name, out, "response", 0.8)
        rows = [(i / 10_000, spring(0.1, 0.01, i / 10_000) + rng.gauss(0, 0.01)) for i in range(40_000)]
        out = fit(binary, "spring", rows, folder, "fast.csv")
        holds("fast.csv", out, "dampingRatio", 0.1)
        holds("fast.csv", out, "response", 0.01)
        rows = [(i / 60, spring(0.0, 0.05, i / 60, to=300.0)) for i in range(100_000)]
        out = fit(binary, "spring", rows, folder, "aliased.csv")
        holds("aliased.csv", out, "dampingRatio", 0.0)
        holds("aliased.csv", out, "response", 0.05)
        rows = [(1.7e9 + i / 1000, spring(0.3, 0.4, i / 1000)) for i in range(10_000)]
        out = fit(binary, "spring", rows, folder, "epoch.csv")
        holds("epoch.csv", out, "dampingRatio", 0.3)
        holds("epoch.csv", out, "response", 0.4)
        rows = [(1.7e9 + k / 1000, bezier(k / 9999, 0, 1)) for k in range(10_000)]
        fit(binary, "curve", rows, folder, "epoch-curve.csv")
        print("epoch-curve.csv: fitted (exit 0)")
        n = 40_000
        rows = []
        for k in range(n):
            u = k / (n - 1)
            noise = 0 if k in (0, n - 1) else rng.gauss(0, 0.002)
            rows.append((bezier(u, 0.42, 0.58), bezier(u, 0, 1) + noise))
        out = fit(binary, "curve", rows, folder, "ease.csv")
        for key, truth in [("x1", 0.42), ("y1", 0.0), ("x2", 0.58), ("y2", 1.0)]:
            got = float(out[key][0])
            if abs(got - truth) > 0.01:
                raise SystemExit(f"long.py: ease.csv: {key} {got}, not within 0.01 of {truth}")
        print(f"ease.csv: {', '.join(f'{k} {out[k][0]}' for k in ['x1', 'y1', 'x2', 'y2'])} within 0.01 of 0.42, 0, 0.58, 1")

if __name__ == "__main__":
    main()
