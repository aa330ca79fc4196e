"""Joins the benchmark CSVs of dynsim and its peers (rows scene,N,engine,profile,substeps,frames,ns_per_body_step,
energy_error,period_error, then fall_max_overlap,settled_max_overlap,settle_time,end_ke where the writer has them:
dynsim and Box2D v3 fill them for scene C, Box2D 2.4.1 leaves them empty, Chipmunk's and pymunk's writers omit them)
and prints, from one run: ns per body-step of every engine per scene and size with the ratios dynsim / peer (below 1:
dynsim is faster), scene C's pile accuracy where measured, the 90° pendulum's energy drift over 60 s and period error
per engine, and dynsim's timing rows. Checks the issue's targets and prints which hold.

    python3 compare.py dynsim.csv box2d.csv chipmunk.csv pymunk.csv [--csv combined.csv]
"""
import csv
import sys


def load(paths):
    rows = []
    for path in paths:
        with open(path, newline="") as f:
            rows += list(csv.DictReader(f))
    return rows


def main():
    args = sys.argv[1:]
    out = None
    if "--csv" in args:
        i = args.index("--csv")
        out = args[i + 1]
        del args[i:i + 2]
    rows = load(args)
    if out:
        # Every file's columns, in order of first appearance (files with fewer columns leave the rest empty).
        fields = []
        for r in rows:
            fields += [k for k in r.keys() if k not in fields]
        with open(out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields, restval="")
            w.writeheader()
            w.writerows(rows)

    def ns(scene, n, engine_prefix, profile=None):
        for r in rows:
            if r["scene"] == scene and r["N"] == str(n) and r["engine"].startswith(engine_prefix) \
                    and (profile is None or r["profile"] == profile):
                return float(r["ns_per_body_step"])
        return None

    def fmt(x, spec="%8.1f"):
        return spec % x if x is not None else "%8s" % "-"

    peers = [("box2d", "Box2D 2.4.1"), ("chipmunk", "Chipmunk 7"), ("pymunk", "pymunk")]
    print("ns per body-step (one body, one solver sub-step; 1/60 s frames, sleeping off); ratio = dynsim uikit / peer")
    print("scene  N      uikit  precise    box2d chipmunk   pymunk   u/box2d u/chipmunk u/pymunk  p/box2d")
    sizes = {"A": [100, 1000, 10000], "B": [10, 100, 1000], "C": [100, 1000, 4000]}
    targets_ok = True
    for scene, ns_list in sizes.items():
        for n in ns_list:
            u, p = ns(scene, n, "dynsim", "uikit"), ns(scene, n, "dynsim", "precise")
            vals = [ns(scene, n, key) for key, _ in peers]
            ratios = [(u / v if u and v else None) for v in vals]
            pb = p / vals[0] if p and vals[0] else None
            print("%-6s %-6d %s %s %s %s %s  %s %s %s %s" % (
                scene, n, fmt(u), fmt(p), fmt(vals[0]), fmt(vals[1]), fmt(vals[2]),
                fmt(ratios[0], "%8.2f"), fmt(ratios[1], "%10.2f"), fmt(ratios[2], "%8.2f"), fmt(pb, "%8.2f")))
            if ratios[0] is None or ratios[0] > 0.5:
                targets_ok = False
    print()
    print("scene C's pile (untimed run from release): max overlap (pt) in the fall and the settled pile, time to settle (s;")
    print(">20: not settled by the 20 s cap), end kinetic energy per body (mass x pt^2/s^2)")
    print("N      engine                 profile          ss   fall-ovl settled-ovl  settle-s     end-KE")
    for r in rows:
        if r["scene"] == "C" and r.get("settled_max_overlap"):
            print("%-6s %-22s %-16s %-3s %9s %11s %9s %10s" % (r["N"], r["engine"], r["profile"], r["substeps"],
                                                               r["fall_max_overlap"], r["settled_max_overlap"],
                                                               r["settle_time"], r["end_ke"]))
    print()
    print("90° pendulum, 100 pt, 60 s: energy drift (of m g L) and period error (vs 4 sqrt(L/g) K(1/2))")
    print("engine                 profile          energy drift   period error")
    for r in rows:
        if r["scene"] == "pendulum-90":
            print("%-22s %-16s %12s %14s" % (r["engine"], r["profile"], r["energy_error"], r["period_error"]))
    print()
    print("dynsim timing: " + ", ".join("%s %s ns" % (r["scene"], r["ns_per_body_step"]) for r in rows
                                          if r["engine"] == "dynsim" and r["scene"] in ("spring-sample", "curve-solve", "csv-number")))
    print()
    print("target uikit <= 0.5 x Box2D 2.4.1 in every scene and size: %s" % ("met" if targets_ok else "NOT met"))


if __name__ == "__main__":
    main()
