"""Joins dynsim's and Box2D v3's benchmark CSVs (rows scene,N,engine,profile,substeps,frames,ns_per_body_step,
energy_error,period_error,fall_max_overlap,settled_max_overlap,settle_time,end_ke; older files without the last four
columns read as well) into the two tables of issue 19: time per body per 1/60 s frame (and per sub-step) against Box2D
v3 at 4 sub-steps (uikit at its own 2), and the work–precision table (error against ns per body per frame, with ns per
body per sub-step beside it) of dynsim's precise profile at every sub-step count run and Box2D v3 at 2, 4 and 8: for
A, B and the 90° pendulum the energy (and period) error; for C, a pile, the maximum overlap in the settled pile (the
error measure: an exact solver leaves none) and the time to settle, with the fall's maximum overlap and the end
kinetic energy beside them (uikit at 2 sub-steps listed too, for reference).

    python3 work_precision.py dynsim.csv box2d_v3.csv
    python3 work_precision.py --merge OUT.csv ROUND1.csv ROUND2.csv ...

--merge joins the CSVs of interleaved rounds into OUT.csv: one row per scene, N, engine, profile and sub-step count,
with the minimum ns_per_body_step over the rounds and, for every other column, the first round's non-empty value (the
accuracy columns are deterministic and measured once).
"""
import csv
import sys

KEY = ("scene", "N", "engine", "profile", "substeps")


def merge(out, paths):
    header, merged, order = [], {}, []
    for path in paths:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            if len(reader.fieldnames or []) > len(header):
                header = list(reader.fieldnames)
            for r in reader:
                k = tuple(r[c] for c in KEY)
                if k not in merged:
                    merged[k] = dict(r)
                    order.append(k)
                    continue
                m = merged[k]
                if float(r["ns_per_body_step"]) < float(m["ns_per_body_step"]):
                    m["ns_per_body_step"] = r["ns_per_body_step"]
                for c, v in r.items():
                    if v and not m.get(c):
                        m[c] = v
    with open(out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for k in order:
            w.writerow({c: merged[k].get(c, "") for c in header})


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--merge":
        merge(sys.argv[2], sys.argv[3:])
        return
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

    def per_step(r):
        return float(r["ns_per_body_step"])

    def col(r, name):
        return r.get(name) or "-"

    print("ns per body per 1/60 s frame and per body per sub-step (minimum of the repeats); ratio (per frame) =")
    print("dynsim uikit / Box2D v3 at 4 sub-steps")
    print("scene  N      uikit(2)/frame v3(4)/frame uikit/step v3/step   ratio  target")
    targets = {"A": 0.3, "B": 0.5, "C": 1.0}
    for scene, sizes in (("A", (100, 1000, 10000)), ("B", (10, 100, 1000)), ("C", (100, 1000, 4000))):
        for n in sizes:
            u = find(scene, n, "dynsim", "uikit", 2)
            v = find(scene, n, "box2d-3.1", substeps=4)
            if not u or not v:
                continue
            ratio = per_frame(u) / per_frame(v)
            print("%-6s %-6d %14.1f %11.1f %10.1f %7.1f %7.2f  <= %.1f %s" % (
                scene, n, per_frame(u), per_frame(v), per_step(u), per_step(v), ratio, targets[scene],
                "met" if ratio <= targets[scene] else "NOT met"))
    print()
    print("work-precision: error against ns per body per frame (energy error over one simulated minute for A and B up")
    print("to 1000 bodies, over the timed run beyond; the 90° pendulum's energy drift and period error over 60 s)")
    print("scene        N      engine      ss   ns/body/frame  ns/body/step   energy error   period error")
    keyed = sorted((r for r in rows if r["scene"] in ("A", "B", "pendulum-90") and
                    (r["engine"] == "box2d-3.1" or r["profile"] == "precise")),
                   key=lambda r: (r["scene"], int(r["N"]), r["engine"], int(r["substeps"])))
    for r in keyed:
        print("%-12s %-6s %-11s %-4s %13.1f %13.1f %14s %14s" % (
            r["scene"], r["N"], r["engine"] if r["engine"] != "dynsim" else "precise", r["substeps"], per_frame(r),
            per_step(r), r["energy_error"] or "-", r["period_error"] or "-"))
    print()
    print("work-precision, scene C (N boxes into a container; an untimed run from release, sleeping off): maximum overlap")
    print("(pt) in the settled pile, the error measure, and in the fall; time to settle (s; the maximum point speed")
    print("|v| + r|w| below 5 pt/s for 1 s; >20: not settled by the 20 s cap); end kinetic energy per body (mass x pt^2/s^2)")
    print("scene N      engine      ss   ns/body/frame  ns/body/step  settled-ovl  fall-ovl  settle-s     end-KE")
    piles = sorted((r for r in rows if r["scene"] == "C" and r.get("settled_max_overlap") and
                    (r["engine"] == "box2d-3.1" or r["profile"] in ("precise", "uikit"))),
                   key=lambda r: (int(r["N"]), r["engine"], r["profile"] != "uikit", int(r["substeps"])))
    for r in piles:
        print("%-5s %-6s %-11s %-4s %13.1f %13.1f %12s %9s %9s %10s" % (
            r["scene"], r["N"], r["profile"] if r["engine"] == "dynsim" else r["engine"], r["substeps"], per_frame(r),
            per_step(r), col(r, "settled_max_overlap"), col(r, "fall_max_overlap"), col(r, "settle_time"),
            col(r, "end_ke")))


if __name__ == "__main__":
    main()
