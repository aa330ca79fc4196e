"""Joins dynsim's and Box2D v3's benchmark CSVs (rows scene,N,engine,profile,substeps,frames,ns_per_body_step,
energy_error,period_error) into the two tables of issue 19: time per body per 1/60 s frame against Box2D v3 at 4
sub-steps (uikit at its own 2), and the work–precision table (error against ns per body per frame) of dynsim's precise
profile at every sub-step count run and Box2D v3 at 2, 4 and 8.

    python3 work_precision.py dynsim.csv box2d_v3.csv
"""
import csv
import sys


def main():
    rows = []
    for path in sys.argv[1:]:
        with open(path, newline="") as f:
            rows += list(csv.DictReader(f))

    def per_frame(r):
        return float(r["ns_per_body_step"]) * int(r["substeps"])

    def find(scene, n, engine, profile=None, substeps=None):
        for r in rows:
            if r["scene"] == scene and r["N"] == str(n) and r["engine"] == engine \
                    and (profile is None or r["profile"] == profile) and (substeps is None or r["substeps"] == str(substeps)):
                return r
        return None

    print("ns per body per 1/60 s frame (minimum of the repeats); ratio = dynsim uikit / Box2D v3 at 4 sub-steps")
    print("scene  N       uikit(2)   v3(4)   ratio  target")
    targets = {"A": 0.3, "B": 0.5, "C": 1.0}
    for scene, sizes in (("A", (100, 1000, 10000)), ("B", (10, 100, 1000)), ("C", (100, 1000, 4000))):
        for n in sizes:
            u = find(scene, n, "dynsim", "uikit", 2)
            v = find(scene, n, "box2d-3.1", substeps=4)
            if not u or not v:
                continue
            ratio = per_frame(u) / per_frame(v)
            print("%-6s %-6d %9.1f %7.1f %7.2f  <= %.1f %s" % (scene, n, per_frame(u), per_frame(v), ratio, targets[scene],
                                                             "met" if ratio <= targets[scene] else "NOT met"))
    print()
    print("work-precision: error against ns per body per frame (energy error over one simulated minute for A and B up")
    print("to 1000 bodies, over the timed run beyond; the 90° pendulum's energy drift and period error over 60 s)")
    print("scene        N      engine      ss   ns/body/frame   energy error   period error")
    keyed = sorted((r for r in rows if r["scene"] in ("A", "B", "pendulum-90") and
                    (r["engine"] == "box2d-3.1" or r["profile"] == "precise")),
                   key=lambda r: (r["scene"], int(r["N"]), r["engine"], int(r["substeps"])))
    for r in keyed:
        print("%-12s %-6s %-11s %-4s %13.1f %14s %14s" % (r["scene"], r["N"], r["engine"] if r["engine"] != "dynsim" else "precise",
                                                       r["substeps"], per_frame(r), r["energy_error"] or "-", r["period_error"] or "-"))


if __name__ == "__main__":
    main()
