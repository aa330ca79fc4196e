"""Compares two dynsim builds against Box2D 2.4.1 in interleaved rounds: each round runs the "before" benchmark, the
"after" one and Box2D once, in that order, so drifts of the machine touch both builds alike. For every scene, size
and profile (cells A, B, C x sizes x uikit, precise) it takes each engine's minimum ns per body-step over the rounds,
prints the dynsim / Box2D ratio before and after and their change, the geometric mean of the ratios before and after,
and checks a refactor's speed budget: geometric mean within 3% of before, no cell worse by more than 10%.

    python3 Benchmarks/peers/before-after.py BEFORE_BENCH AFTER_BENCH BOX2D_BENCH [--rounds 5] [--repeats 1]

--repeats is each engine's own repeats within a round (its minimum is what the round records).

BEFORE_BENCH and AFTER_BENCH are dynsim-bench binaries (swift build -c release --product dynsim-bench at two
commits); BOX2D_BENCH is Benchmarks/peers/box2d_bench.cpp built (see run.sh). Exit 1 when the budget does not hold.
"""
import csv
import io
import math
import subprocess
import sys


def run(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


REPEATS = ["--repeats", "1"]


def dynsim(binary):
    # --csv /dev/stdout would mix with the table: write the CSV to a temporary file.
    import tempfile
    import os
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "out.csv")
        subprocess.run([binary, "A", "B", "C"] + REPEATS + ["--csv", path], check=True, capture_output=True)
        with open(path, newline="") as f:
            return list(csv.DictReader(f))


def main():
    args = sys.argv[1:]
    rounds = 5
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i:i + 2]
    if "--repeats" in args:
        i = args.index("--repeats")
        REPEATS[1] = args[i + 1]
        del args[i:i + 2]
    before_bin, after_bin, box2d_bin = args
    best = {}

    def keep(engine, rows):
        for r in rows:
            if r["scene"] not in ("A", "B", "C"):
                continue
            key = (engine, r["scene"], int(r["N"]), r["profile"] if engine != "box2d" else "")
            ns = float(r["ns_per_body_step"])
            best[key] = min(best.get(key, math.inf), ns)

    for k in range(rounds):
        print("round %d of %d" % (k + 1, rounds), file=sys.stderr)
        keep("before", dynsim(before_bin))
        keep("after", dynsim(after_bin))
        keep("box2d", run([box2d_bin] + REPEATS))

    print("min of %d interleaved rounds (each engine's min of %s repeats a round); ratio = dynsim ns per body-step / Box2D 2.4.1's" % (rounds, REPEATS[1]))
    print("scene  N      profile   box2d ns  before ns  after ns  ratio before  ratio after  change")
    logs_before, logs_after, worst = [], [], (0.0, None)
    for (engine, scene, n, profile), _ in sorted(best.items()):
        if engine != "before":
            continue
        b2 = best[("box2d", scene, n, "")]
        rb = best[("before", scene, n, profile)] / b2
        ra = best[("after", scene, n, profile)] / b2
        change = ra / rb - 1
        logs_before.append(math.log(rb))
        logs_after.append(math.log(ra))
        if change > worst[0]:
            worst = (change, "%s %d %s" % (scene, n, profile))
        print("%-6s %-6d %-8s %9.1f %10.1f %9.1f %13.3f %12.3f %+7.1f%%" % (
            scene, n, profile, b2, best[("before", scene, n, profile)], best[("after", scene, n, profile)], rb, ra, 100 * change))
    gb = math.exp(sum(logs_before) / len(logs_before))
    ga = math.exp(sum(logs_after) / len(logs_after))
    print("geometric mean of the ratios: before %.3f, after %.3f (%+.1f%%)" % (gb, ga, 100 * (ga / gb - 1)))
    print("worst cell: %s (%+.1f%%)" % (worst[1] or "none", 100 * worst[0]))
    ok = ga / gb - 1 <= 0.03 and worst[0] <= 0.10
    print("budget (geometric mean within 3%%, no cell worse by more than 10%%): %s" % ("holds" if ok else "does NOT hold"))
    sys.exit(0 if ok else 1)


main()
