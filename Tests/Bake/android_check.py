#!/usr/bin/env python3
"""`dynsim bake --target android` and `--target compose`, played as each platform plays them, against the run.

For swinging-view, drop-and-spread, bouncing-ball and toss (which spins) in both profiles (uikit, precise): bake android and compose,
parse the XML and the Kotlin, evaluate them the way the platforms do (written here from their published sources,
independently of the Swift writers), and compare with `dynsim run SCENE --profile P --rate 240` at every row:
position within 0.5 pt and rotation within 0.5 deg at every sample. Prints the worst error per scene, object and
target; exits 1 on any failure.

Android (AOSP): ValueAnimator fraction = elapsed / duration (Float), linear animator interpolator, then
KeyframeSet.getValue: the interval holding the fraction, the *next* keyframe's interpolator applied to the interval
fraction, prev + f * (next - prev), all in Float. Each keyframe's PathInterpolator is modelled faithfully: the path
(0,0) cubicTo (1,1) flattened as android_graphics_Path.cpp's Path.approximate(0.002) does (midpoint subdivision
until the curve's point at the middle parameter is within 0.002 of the chord's midpoint, with the quarter-point double
check until it first fires), in Float, then PathInterpolator.getInterpolation's binary search in x and linear
interpolation. Float rounding is emulated per operation (struct 'f'); no fused multiply-add is assumed.

Compose (androidx.compose.animation.core KeyframesSpec): the interval [t_k, t_k+1) holding the play time, the easing
given with `using` at keyframe k applied to its fraction, lerp of the values. CubicBezierEasing is evaluated here in
Double with the cubic solved to 1e-12 (Compose solves it in Float: the difference is far below the bound). Play time
is taken as the run's own time (not rounded to a frame's millisecond).

Positions are translations from the start centre the file's comment gives (`object NAME: start centre X Y dp`).
Usage: python3 Tests/Bake/android_check.py BIN WORKDIR
"""
import math
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

SCENES = ["swinging-view", "drop-and-spread", "bouncing-ball", "toss"]  # toss spins: rotation is measured
PROFILES = ["uikit", "precise"]
POSITION_BOUND, ROTATION_BOUND = 0.5, 0.5
ANDROID = "{http://schemas.android.com/apk/res/android}"
AAPT = "{http://schemas.android.com/aapt}"


def f32(x):
    """x rounded to the nearest IEEE single (Java/C++ float)."""
    return struct.unpack("f", struct.pack("f", x))[0]


class PathInterpolator:
    """android.view.animation.PathInterpolator(x1, y1, x2, y2) as AOSP computes it, in Float."""

    PRECISION = f32(0.002)

    def __init__(self, x1, y1, x2, y2):
        px = [0.0, f32(x1), f32(x2), 1.0]
        py = [0.0, f32(y1), f32(y2), 1.0]

        def coord(t, p):
            m = f32(1 - t)
            m2 = f32(m * m)
            m3 = f32(m2 * m)
            t2 = f32(t * t)
            t3 = f32(t2 * t)
            a = f32(m3 * p[0])
            b = f32(f32(f32(3 * m2) * t) * p[1])
            c = f32(f32(f32(3 * m) * t2) * p[2])
            d = f32(t3 * p[3])
            return f32(f32(f32(a + b) + c) + d)

        def point(t):
            return (coord(t, px), coord(t, py))

        err2 = f32(self.PRECISION * self.PRECISION)

        def subdivide(t0, p0, t1, p1):
            mid_t = f32(f32(t1 + t0) / 2)
            mx = f32(f32(p1[0] + p0[0]) / 2)
            my = f32(f32(p1[1] + p0[1]) / 2)
            mp = point(mid_t)
            dx = f32(mp[0] - mx)
            dy = f32(mp[1] - my)
            return f32(f32(dx * dx) + f32(dy * dy)) > err2, mid_t, mp

        ts, ps = [0.0, 1.0], [point(0.0), point(1.0)]
        double_check = True
        i = 0
        while i + 1 < len(ts):
            while True:
                needs, mid_t, mp = subdivide(ts[i], ps[i], ts[i + 1], ps[i + 1])
                if not needs and double_check:
                    needs = subdivide(ts[i], ps[i], mid_t, mp)[0]
                    if needs:
                        double_check = False
                if not needs:
                    break
                ts.insert(i + 1, mid_t)
                ps.insert(i + 1, mp)
            i += 1
        # Path.approximate: moveTo (0,0), then each point as a line, empty lines dropped.
        self.xs, self.ys = [0.0], [0.0]
        for x, y in ps:
            if (x, y) != (self.xs[-1], self.ys[-1]):
                self.xs.append(x)
                self.ys.append(y)
        if (self.xs[-1], self.ys[-1]) != (1.0, 1.0):
            raise ValueError("The Path must start at (0,0) and end at (1,1)")
        if any(b < a for a, b in zip(self.xs, self.xs[1:])):
            raise ValueError("The Path cannot loop back on itself.")

    def __call__(self, t):
        if t <= 0:
            return 0.0
        if t >= 1:
            return 1.0
        lo, hi = 0, len(self.xs) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if t < self.xs[mid]:
                hi = mid
            else:
                lo = mid
        rng = f32(self.xs[hi] - self.xs[lo])
        if rng == 0:
            return self.ys[lo]
        frac = f32(f32(t - self.xs[lo]) / rng)
        return f32(self.ys[lo] + f32(frac * f32(self.ys[hi] - self.ys[lo])))


def bezier(x1, y1, x2, y2):
    """The exact cubic-bezier easing (CSS / Compose semantics), in Double."""

    def bx(t):
        return 3 * x1 * t * (1 - t) ** 2 + 3 * x2 * t * t * (1 - t) + t ** 3

    def by(t):
        return 3 * y1 * t * (1 - t) ** 2 + 3 * y2 * t * t * (1 - t) + t ** 3

    def f(u):
        if u <= 0:
            return 0.0
        if u >= 1:
            return 1.0
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if bx(mid) < u:
                lo = mid
            else:
                hi = mid
        return by((lo + hi) / 2)

    return f


class AndroidChannel:
    def __init__(self, duration_ms, frames):
        self.duration = duration_ms
        self.fractions = [f32(fr) for fr, _, _ in frames]
        self.values = [f32(v) for _, v, _ in frames]
        self.interpolators = [PathInterpolator(*c) if c else None for _, _, c in frames]

    def __call__(self, t):
        fraction = f32(f32(t * 1000) / self.duration)
        fraction = min(max(fraction, 0.0), 1.0)
        fr, vs, ips = self.fractions, self.values, self.interpolators
        if fraction <= 0:
            return vs[0]
        if fraction >= 1:
            # KeyframeSet: the last two keyframes, the interpolator applied to 1 first: the last value.
            return vs[-1]
        for i in range(1, len(fr)):
            if fraction < fr[i]:
                f = f32(f32(fraction - fr[i - 1]) / f32(fr[i] - fr[i - 1]))
                if ips[i] is not None:
                    f = ips[i](f)
                return f32(vs[i - 1] + f32(f * f32(vs[i] - vs[i - 1])))
        return vs[-1]


def parse_android(text):
    """{object: (start centre, {property: AndroidChannel})} from the XML."""
    starts = re.findall(r"<!-- object (\S+): start centre (\S+) (\S+) dp", text)
    root = ET.fromstring(text.encode())
    objects = {}
    sets = [s for s in root if s.tag == "set"]
    assert len(sets) == len(starts), f"{len(sets)} object sets, {len(starts)} object comments"
    for (name, x0, y0), s in zip(starts, sets):
        channels = {}
        for anim in s:
            assert anim.tag == "objectAnimator", anim.tag
            assert anim.get(ANDROID + "interpolator") == "@android:anim/linear_interpolator"
            duration = int(anim.get(ANDROID + "duration"))
            for pvh in anim:
                frames = []
                for kf in pvh:
                    curve = None
                    for attr in kf:
                        assert attr.tag == AAPT + "attr" and attr.get("name") == "android:interpolator"
                        (pi,) = list(attr)
                        assert pi.tag == "pathInterpolator"
                        curve = tuple(float(pi.get(ANDROID + k)) for k in ("controlX1", "controlY1", "controlX2", "controlY2"))
                    frames.append((float(kf.get(ANDROID + "fraction")), float(kf.get(ANDROID + "value")), curve))
                assert frames[0][0] == 0 and frames[-1][0] == 1
                channels[pvh.get(ANDROID + "propertyName")] = AndroidChannel(duration, frames)
        objects[name] = ((float(x0), float(y0)), channels)
    return objects


class ComposeChannel:
    def __init__(self, duration_ms, frames):
        self.duration = duration_ms
        self.times = [t for t, _, _ in frames]
        self.values = [v for _, v, _ in frames]
        self.easings = [bezier(*c) if c else (lambda u: u) for _, _, c in frames]

    def __call__(self, t):
        ms = min(max(t * 1000, 0), self.duration)
        ts, vs = self.times, self.values
        if ms <= ts[0]:
            return vs[0]
        if ms >= ts[-1]:
            return vs[-1]
        for i in range(len(ts) - 1):
            if ts[i] <= ms < ts[i + 1]:
                u = (ms - ts[i]) / (ts[i + 1] - ts[i])
                return vs[i] + (vs[i + 1] - vs[i]) * self.easings[i](u)
        return vs[-1]


def parse_compose(text):
    objects = {}
    current = None
    spec = None
    for line in text.splitlines():
        m = re.match(r"// object (\S+): start centre (\S+) (\S+) dp", line)
        if m:
            current = {}
            objects[m.group(1)] = ((float(m.group(2)), float(m.group(3))), current)
            continue
        m = re.match(r"\s+val (\w+): KeyframesSpec<Float> = keyframes \{", line)
        if m:
            spec = (m.group(1), [], [])
            continue
        m = re.match(r"\s+durationMillis = (\d+)$", line)
        if m:
            spec[2].append(int(m.group(1)))
            continue
        m = re.match(r"\s+(-?[\d.eE+-]+)f at (\d+)(?: using CubicBezierEasing\((.*)\))?$", line)
        if m:
            curve = tuple(float(c.strip().rstrip("f")) for c in m.group(3).split(",")) if m.group(3) else None
            spec[1].append((int(m.group(2)), f32(float(m.group(1))), curve))
            continue
        if re.match(r"\s+\}$", line) and spec is not None:
            current[spec[0]] = ComposeChannel(spec[2][0], spec[1])
            spec = None
    return objects


def run_columns(bin_, scene, profile):
    out = subprocess.run([bin_, "run", scene, "--profile", profile, "--rate", "240"], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    header = out[0].split(",")
    rows = [[float(v) for v in line.split(",")] for line in out[1:] if line]
    return {h: [r[i] for r in rows] for i, h in enumerate(header)}


def pick(cols, name, options):
    for o in options:
        if name + o in cols:
            return cols[name + o]
    raise KeyError(f"no column for {name} among {options}")


def main():
    bin_, work = sys.argv[1], sys.argv[2]
    failed = False
    worst_all = {}
    for scene in SCENES:
        for profile in PROFILES:
            cols = run_columns(bin_, scene, profile)
            times = cols["t"]
            for target, parse in (("android", parse_android), ("compose", parse_compose)):
                path = f"{work}/{scene}-{profile}.{target}"
                subprocess.run([bin_, "bake", scene, "--profile", profile, "--target", target, "--output", path],
                               check=True, capture_output=True)
                objects = parse(open(path).read())
                assert objects, f"{path}: no objects"
                for name, ((x0, y0), ch) in objects.items():
                    xs = pick(cols, name, [".root.position.x", ".x", ".position.x"])
                    ys = pick(cols, name, [".root.position.y", ".y", ".position.y"])
                    rs = pick(cols, name, [".root.rotation.z", ".angle", ".rotation", ".transform.rotation.z"])
                    ep = er = 0.0
                    at_p = at_r = 0.0
                    for t, x, y, r in zip(times, xs, ys, rs):
                        px = x0 + ch["translationX"](t)
                        py = y0 + ch["translationY"](t)
                        e = max(abs(px - x), abs(py - y))
                        if e > ep:
                            ep, at_p = e, t
                        if "rotation" in ch:
                            d = (ch["rotation"](t) - math.degrees(r) + 180) % 360 - 180
                            if abs(d) > er:
                                er, at_r = abs(d), t
                    ok = ep <= POSITION_BOUND and er <= ROTATION_BOUND
                    failed |= not ok
                    worst_all[target] = (max(worst_all.get(target, (0, 0))[0], ep), max(worst_all.get(target, (0, 0))[1], er))
                    print(f"{'ok  ' if ok else 'FAIL'} {scene} {profile} {name} {target}: worst position "
                          f"{ep:.4f} pt (t {at_p:.4f} s), rotation {er:.4f} deg (t {at_r:.4f} s)")
    for target, (ep, er) in worst_all.items():
        print(f"{target}: worst position {ep:.4f} pt, rotation {er:.4f} deg over every scene and profile")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
