"""`dynsim bake --target lottie` played by a real Lottie player, rlottie (PyPI's rlottie-python, which bundles it).

For each scene and profile: bakes the Lottie file, validates it against the Lottie specification's JSON Schema (PyPI's
lottie-specs), renders each object's layer with rlottie at 240 samples a second and measures where it is and how it
is turned, and compares that with `dynsim run` of the same scene at 240 Hz. Every sample's position must be within
E (0.5 pt) of the run on each axis (the bake bounds the x and y channels each) and its angle within 0.5 degrees, each plus the probe's own error, measured first on static
layers placed at known spots.

How it measures (the file under test is changed only as the measuring needs, its transforms never):
- Time is rescaled in the copy rendered: fr, every keyframe's t, ip and op times 240/fr. rlottie draws whole frames
  only; the easing handles are in normalized time, so this is the same animation sampled at 240 Hz.
- Each layer's drawing is replaced by two probe discs in its own coordinates, red at the origin and green at
  (PROBE_ARM, 0), inside its group so that the group's transform (which may carry the y scale) stays. The red disc's
  centroid is the layer's position; the direction to the green one its angle. Layer opacity is held at 100% (opacity
  is not measured here), and the layer is parented to a null layer that moves it MARGIN points, plus the farthest the
  run takes the object off the screen, into a canvas that much larger on every side, so a probe is never cut off, and scales everything SCALE times
  (rlottie draws a canvas of the file's own size many times faster than one it has to scale).
- Each object is rendered alone, at SCALE pixels a point; a centroid is weighted by the premultiplied channel, which
  is the disc's coverage of each pixel, so the antialiased edge counts as it should.

Usage: python3 lottie_check.py BIN WORKDIR
"""

import copy
import csv
import io
import json
import math
import os
import random
import subprocess
import sys
import time

import jsonschema
import numpy as np
from rlottie_python import LottieAnimation

import lottie_specs

RATE = 240  # samples a second
SCALE = 2  # pixels a point
MARGIN = 40  # points added on every side of the canvas, past the farthest the run takes the object off it
PROBE_RADIUS = 4  # points
PROBE_ARM = 24  # points from the red disc's centre to the green one's
SCENES = ["swinging-view", "drop-and-spread", "bouncing-ball", "toss"]  # toss: the one that turns
PROFILES = ["uikit", "precise"]
POSITION_BOUND = 0.5  # points, the bake's default --max-error for positions
ANGLE_BOUND = 0.5  # degrees, its default for rotation

bin_path, work = sys.argv[1], sys.argv[2]
start = time.monotonic()


def elapsed():
    return f"{time.monotonic() - start:.1f}s"


def schema_validator():
    path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(path) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def scale_times(node, k):
    """Every keyframe time (t of an animated property's keyframes) times k, in place."""
    if isinstance(node, dict):
        if node.get("a") == 1 and isinstance(node.get("k"), list):
            for key in node["k"]:
                key["t"] = key["t"] * k
        for v in node.values():
            scale_times(v, k)
    elif isinstance(node, list):
        for v in node:
            scale_times(v, k)


def static(v):
    return {"a": 0, "k": v}


def disc(x, color):
    return {
        "ty": "gr",
        "nm": "probe",
        "it": [
            {"ty": "el", "p": static([x, 0]), "s": static([2 * PROBE_RADIUS, 2 * PROBE_RADIUS])},
            {"ty": "fl", "c": static(color), "o": static(100), "r": 1},
            {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
             "o": static(100)},
        ],
    }


def probe_doc(doc, layer, margin=MARGIN):
    """A copy of `doc` at RATE frames a second drawing `layer` alone as probe discs (see the module's comment)."""
    k = RATE / doc["fr"]
    d = copy.deepcopy(doc)
    layer = copy.deepcopy(layer)
    d["fr"] = RATE
    d["ip"] = doc["ip"] * k
    d["op"] = doc["op"] * k
    d["w"] = (doc["w"] + 2 * margin) * SCALE
    d["h"] = (doc["h"] + 2 * margin) * SCALE
    layer["ip"] = layer["ip"] * k
    layer["op"] = layer["op"] * k
    scale_times(layer["ks"], k)
    scale_times(layer["shapes"], k)
    layer["ks"]["o"] = static(100)
    for group in layer["shapes"]:
        assert group["ty"] == "gr", group["ty"]
        tr = [s for s in group["it"] if s["ty"] == "tr"]
        group["it"] = [disc(0, [1, 0, 0]), disc(PROBE_ARM, [0, 1, 0])] + tr
        group["np"] = 2
    parent = {
        "ddd": 0, "ind": 100000, "ty": 3, "nm": "margin", "sr": 1, "ao": 0, "st": 0,
        "ip": d["ip"], "op": layer["op"],
        "ks": {"a": static([0, 0]), "p": static([margin * SCALE, margin * SCALE]), "r": static(0),
               "s": static([SCALE * 100, SCALE * 100]),
               "o": static(100)},
    }
    layer["parent"] = 100000
    d["layers"] = [layer, parent]
    return d


def load(doc, name):
    path = os.path.join(work, name + ".json")
    with open(path, "w") as f:
        json.dump(doc, f)
    anim = LottieAnimation.from_file(path)
    return anim


def measure(anim, doc, frame, around=None, margin=MARGIN):
    """(x, y, angle in degrees clockwise) of the probe in frame `frame`, points on the bake's canvas."""
    w, h = int(doc["w"]), int(doc["h"])
    buf = anim.lottie_animation_render(frame_num=frame, width=w, height=h)
    img = np.frombuffer(buf, dtype=np.uint8).reshape(h, w, 4)  # BGRA, premultiplied
    x0 = y0 = 0
    if around is not None:
        # Only a window around where the run says the object is (the rest of the canvas is empty but costs time).
        r = (PROBE_ARM + 4 * PROBE_RADIUS) * SCALE
        cx, cy = (around[0] + margin) * SCALE, (around[1] + margin) * SCALE
        x0, y0 = max(0, int(cx - r)), max(0, int(cy - r))
        img = img[y0:max(y0, int(cy + r)), x0:max(x0, int(cx + r))]
    out = []
    for channel in (2, 1):
        wgt = img[:, :, channel].astype(np.float64)
        total = wgt.sum()
        if total <= 0:
            return None
        ys, xs = np.indices(wgt.shape)
        out.append((((xs + 0.5 + x0) * wgt).sum() / total / SCALE - margin,
                    ((ys + 0.5 + y0) * wgt).sum() / total / SCALE - margin))
    (ax, ay), (bx, by) = out
    return ax, ay, math.degrees(math.atan2(by - ay, bx - ax))


def angle_diff(a, b):
    return abs((a - b + 180) % 360 - 180)


def frame_count(anim, doc, what):
    n = anim.lottie_animation_get_totalframe()
    if n <= 0:
        sys.exit(f"lottie: rlottie read {what} as 0 frames (it refuses a bad file silently)")
    return n


def probe_accuracy():
    """The probe's own error: static layers at seeded sub-pixel places, angles and scales on a 400 x 300 canvas."""
    rng = random.Random(7)
    worst_p = worst_a = 0.0
    for i in range(24):
        x, y = rng.uniform(40, 360), rng.uniform(40, 260)
        r, sx, sy = rng.uniform(-180, 180), rng.uniform(0.5, 2), rng.uniform(0.5, 2)
        layer = {
            "ddd": 0, "ind": 1, "ty": 4, "nm": "static", "sr": 1, "ao": 0, "st": 0, "ip": 0, "op": 11,
            "ks": {"a": static([0, 0]), "p": {"s": True, "x": static(x), "y": static(y)}, "r": static(r),
                   "s": static([sx * 100, 100]), "o": static(100)},
            "shapes": [{"ty": "gr", "it": [{"ty": "tr", "p": static([0, 0]), "a": static([0, 0]),
                                             "s": static([100, sy * 100]), "r": static(0), "o": static(100)}]}],
        }
        doc = {"v": "5.7.4", "fr": 60, "ip": 0, "op": 10, "w": 400, "h": 300, "ddd": 0, "assets": [], "layers": [layer]}
        pd = probe_doc(doc, layer)
        anim = load(pd, "static")
        frame_count(anim, pd, "the static probe")
        m = measure(anim, pd, 5)
        worst_p = max(worst_p, abs(m[0] - x), abs(m[1] - y))
        worst_a = max(worst_a, angle_diff(m[2], r))
    return worst_p, worst_a


def run_table(scene, profile):
    out = subprocess.run([bin_path, "run", scene, "--profile", profile, "--rate", str(RATE)], check=True,
                         capture_output=True, text=True).stdout
    rows = list(csv.reader(io.StringIO(out)))
    header, rows = rows[0], rows[1:]
    return {name: np.array([float(r[i]) for r in rows]) for i, name in enumerate(header)}


def columns(table, name):
    """The run's screen place of object `name`: x, y (points) and angle (degrees clockwise), or None."""
    for x, y, a in ((f"{name}.root.position.x", f"{name}.root.position.y", f"{name}.root.rotation.z"),
                    (f"{name}.x", f"{name}.y", f"{name}.angle"), (f"{name}.x", f"{name}.y", f"{name}.rotation")):
        if x in table and y in table:
            angle = np.degrees(table[a]) if a in table else np.zeros_like(table[x])
            return table[x], table[y], angle
    return None


def main():
    validator = schema_validator()
    acc_p, acc_a = probe_accuracy()
    print(f"lottie: probe accuracy on 24 static layers: position {acc_p:.4f} pt, angle {acc_a:.4f} deg "
          f"({SCALE} px/pt) at {elapsed()}")
    failures = 0
    for scene in SCENES:
        for profile in PROFILES:
            path = os.path.join(work, f"{scene}-{profile}.json")
            subprocess.run([bin_path, "bake", scene, "--target", "lottie", "--profile", profile, "--output", path],
                           check=True, stderr=subprocess.DEVNULL)
            with open(path) as f:
                doc = json.load(f)
            errors = list(validator.iter_errors(doc))
            for e in errors[:5]:
                print(f"lottie: {scene} {profile}: schema: {'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
            if errors:
                failures += 1
                continue
            table = run_table(scene, profile)
            times = table[list(table)[0]]
            for layer in doc["layers"]:
                name = layer["nm"]
                cols = columns(table, name)
                if cols is None:
                    print(f"lottie: {scene} {profile} {name}: no screen place in the run's columns, not probed")
                    continue
                off = max(0, -cols[0].min(), -cols[1].min(), cols[0].max() - doc["w"], cols[1].max() - doc["h"])
                margin = MARGIN + math.ceil(off)
                pd = probe_doc(doc, layer, margin)
                anim = load(pd, f"{scene}-{profile}-{name}")
                n = frame_count(anim, pd, f"{scene} {profile} {name}")
                expected = round(pd["op"] - pd["ip"]) + 1
                if n != expected or n != len(times):
                    print(f"lottie: {scene} {profile} {name}: rlottie has {n} frames, expected {expected} "
                          f"(the run has {len(times)} rows)")
                    failures += 1
                    continue
                worst_p, worst_a, at_p, at_a, bad = 0.0, 0.0, 0, 0, 0
                count = min(n, len(times))
                for i in range(count):
                    x, y, a = cols[0][i], cols[1][i], cols[2][i]
                    m = measure(anim, pd, i, around=(x, y), margin=margin)
                    if m is None:
                        ep = ea = math.inf
                    else:
                        ep, ea = max(abs(m[0] - x), abs(m[1] - y)), angle_diff(m[2], a)
                    if ep > worst_p:
                        worst_p, at_p = ep, i
                    if ea > worst_a:
                        worst_a, at_a = ea, i
                    if ep > POSITION_BOUND + acc_p or ea > ANGLE_BOUND + acc_a:
                        bad += 1
                verdict = "ok" if bad == 0 else f"FAIL ({bad} samples out of bounds)"
                print(f"lottie: {scene} {profile} {name}: {count} samples, worst position {worst_p:.3f} pt "
                      f"(t {times[at_p]:.4f} s), worst angle {worst_a:.3f} deg (t {times[at_a]:.4f} s): {verdict}")
                failures += bad > 0
    print(f"lottie: done at {elapsed()}")
    sys.exit(1 if failures else 0)


main()
