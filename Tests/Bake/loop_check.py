"""Compares a run with the run of its bake as a dynsim scene, at every row: positions within 0.5 pt, rotation within
0.5 degrees (the default bounds). Objects and their columns as docs/scene-format.md names them: items .x, .y, .angle;
subviews their place on the screen, .root.position.x, .y, .root.rotation.z. The baked scene has one top-level layer per
object: .position.x, .position.y, .transform.rotation.z."""
import csv
import math
import sys

OBJECTS = {
    "swinging-view": [("view", "view.x", "view.y", "view.angle")],
    "bouncing-ball": [("ball", "ball.x", "ball.y", "ball.angle")],
    "toss": [("card", "card.x", "card.y", "card.angle")],
    "drop-and-spread": [(f"b{i}", f"b{i}.root.position.x", f"b{i}.root.position.y", f"b{i}.root.rotation.z")
                        for i in range(5)],
}


def columns(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return {name: [float(r[k]) for r in rows[1:]] for k, name in enumerate(header) if name.count(".") >= 1 or k == 0}


def main():
    scene, profile, original, replay = sys.argv[1:5]
    a, b = columns(original), columns(replay)
    ok = len(a["t"]) == len(b["t"]) and len(a["t"]) > 1
    if not ok:
        print(f"loop {scene} {profile}: {len(a['t'])} rows against {len(b['t'])}")
        return 1
    for name, cx, cy, ca in OBJECTS[scene]:
        ex = max(abs(p - q) for p, q in zip(a[cx], b[name + ".position.x"]))
        ey = max(abs(p - q) for p, q in zip(a[cy], b[name + ".position.y"]))
        er = max(abs(math.remainder(p - q, 2 * math.pi)) for p, q in zip(a[ca], b[name + ".transform.rotation.z"]))
        er = math.degrees(er)
        good = ex <= 0.5 and ey <= 0.5 and er <= 0.5
        ok = ok and good
        print(f"loop {scene} {profile} {name}: x {ex:.4f} pt, y {ey:.4f} pt, rotation {er:.4f} deg"
              + ("" if good else "  FAIL (bound 0.5)"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
