"""Box2D v3 peer for dynsim's benchmark scenes (the scenes of box2d_bench.cpp, identical here), run by
Benchmarks/peers/run.sh. Box2D 3.1 from PyPI's pyb2d3 wheel (the C library behind a thin binding: one call per
1/60 s frame, so the Python cost is the per-frame call). Box2D v3's soft-step solver takes one 1/60 s step a frame
with S sub-steps; each scene runs at S = 2, 4 and 8. Units: 100 points per metre, gravity 1000 pt/s^2 down, sleeping
off, the same masses as dynsim (density 1 per 100 x 100 pt), rigid distance joints (spring off, no limits), scene C's
container as segments, friction 0.2, restitution 0.2, damping 0.1.

Prints CSV rows scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,fall_max_overlap,
settled_max_overlap,settle_time,end_ke (the header first), ns_per_body_step being per body per sub-step (multiply by
substeps for a frame), as the other peers print it. The last four are scene C's accuracy (up to --pile-up-to boxes,
default 1000), measured in an untimed run from release exactly as dynsim's bench measures it (Sources/Bench/
PileAccuracy.swift: the same windows, thresholds, overlap geometry and units; see pile_accuracy below).

    python3 box2d_v3_bench.py [--repeats R] [--substeps S1,S2,...] [--pile-up-to N]
"""
import math
import sys
import time

from pendulum_period import Crossings, exact_period

import numpy as np
import pyb2d3 as b2

PPM = 100.0
FRAME = 1.0 / 60.0


def m(x, y):
    return (x / PPM, y / PPM)


def box(world, x, y, size, damping, friction, restitution, shapes):
    d = b2.BodyDef()
    d.type = b2.BodyType.DYNAMIC
    d.position = m(x, y)
    d.linear_damping = damping
    d.angular_damping = damping
    d.enable_sleep = False
    body = world.create_body_from_def(d)
    half = size / 2 / PPM
    if shapes:
        sd = b2.ShapeDef()
        sd.density = 1.0
        mat = b2.SurfaceMaterial()
        mat.friction = friction
        mat.restitution = restitution
        sd.material = mat
        body.create_polygon_shape(sd, b2.box(half, half))
    else:
        # Scenes A and B have no collision behavior in dynsim: no shape, the mass and inertia of its 1 kg/m^2 box.
        md = b2.MassData()
        md.mass = (2 * half) ** 2
        md.rotational_inertia = md.mass * (2 * (2 * half) ** 2) / 12
        md.center = (0.0, 0.0)
        body.mass_data = md
    return body


def rigid(world, a, b, anchor_a, anchor_b_world):
    jd = b2.DistanceJointDef()
    jd.body_a = a
    jd.body_b = b
    jd.local_anchor_a = a.local_point(anchor_a)
    jd.local_anchor_b = b.local_point(anchor_b_world)
    jd.length = math.dist(anchor_a, anchor_b_world)
    jd.enable_spring = False
    jd.enable_limit = False
    jd.collide_connected = False
    world.create_joint(jd)


def build(scene, n):
    world = b2.World(gravity=(0, 10))
    world.sleeping_enabled = False
    ground = world.create_static_body(position=(0, 0))
    bodies, rest = [], []
    if scene == "A":
        for i in range(n):
            ax, ay = 20 + (i % 34) * 10.0, 100 + ((i // 34) % 40) * 12.0
            angle = math.radians(10 + (i * 7) % 71)
            bob = box(world, ax + 100 * math.sin(angle), ay + 100 * math.cos(angle), 20, 0, 0.2, 0, False)
            rigid(world, ground, bob, m(ax, ay), tuple(bob.position))
            bodies.append(bob)
            rest.append(ay + 100)
    elif scene == "B":
        previous, anchor = ground, m(187.5, 100)
        for k in range(n):
            link = box(world, 187.5 + 15.0 * (k + 1), 100, 10, 0, 0.2, 0, False)
            rigid(world, previous, link, anchor, tuple(link.position))
            previous, anchor = link, tuple(link.position)
            bodies.append(link)
            rest.append(100 + 15.0 * (k + 1))
    else:
        columns = math.ceil(math.sqrt(2.0 * n))
        width = columns * 12.0 + 6
        corners = [m(0, -10000), m(0, 667), m(width, 667), m(width, -10000)]
        sd = b2.ShapeDef()
        mat = b2.SurfaceMaterial()
        mat.friction = 0.2
        mat.restitution = 0.2
        sd.material = mat
        for i in range(3):
            seg = b2.Segment()
            seg.point1 = corners[i]
            seg.point2 = corners[i + 1]
            ground.create_segment_shape(sd, seg)
        for k in range(n):
            column, row = k % columns, k // columns
            stagger = 0 if row % 2 == 0 else 3
            bodies.append(box(world, 8 + 12.0 * column + stagger, 667 - 25 - 12.0 * row, 10, 0.1, 0.2, 0.2, True))
    return world, bodies, rest


def energy(bodies):
    """Mechanical energy in kg pt^2/s^2 (dynsim's units), potential with y down."""
    e = 0.0
    for b in bodies:
        mass = b.mass
        v = b.linear_velocity
        w = b.angular_velocity
        e += 0.5 * mass * (v[0] ** 2 + v[1] ** 2) * PPM * PPM
        e += 0.5 * b.rotational_inertia() * w * w * PPM * PPM
        e -= mass * 1000 * b.position[1] * PPM
    return e


# Scene C's accuracy: the definitions of dynsim's PileAccuracy (Sources/Bench/PileAccuracy.swift), in points.
SETTLE_SPEED = 5.0     # pt/s on the maximum point speed |v| + r |w| (Box2D's 0.05 m/s sleep threshold at 100 pt/m)
SETTLE_HOLD = 1.0      # s the speed must stay below SETTLE_SPEED
FALL_WINDOW = 2.0      # s: the fall is release through the time to settle or this, whichever is earlier
SETTLE_CAP = 20.0      # s: the settling search stops here ("not settled", written >20)
SETTLED_WINDOW = 1.0   # s after the search stops: the settled pile


def rect_radius(u, h, axis):
    """Half extents along unit axes (rows) of rectangles with x axes u = (cos, sin) and half sizes h (rows)."""
    return h[:, 0] * np.abs(u[:, 0] * axis[:, 0] + u[:, 1] * axis[:, 1]) \
        + h[:, 1] * np.abs(-u[:, 1] * axis[:, 0] + u[:, 0] * axis[:, 1])


def perp(u):
    return np.stack((-u[:, 1], u[:, 0]), axis=1)


def max_overlap(c, u, h, segments):
    """The deepest overlap (points) between two rectangles (centers c, x axes u, half sizes h; rows) and between a
    rectangle and a segment: per pair the separating-axis penetration depth (least projection overlap over both
    rectangles' edge normals, or the rectangle's and the segment's normal), 0 when nothing overlaps. Candidate pairs
    from a sweep along x, as in dynsim's PileAccuracy.maxOverlap."""
    n = len(c)
    reach = np.hypot(h[:, 0], h[:, 1])
    order = np.argsort(c[:, 0], kind="stable")
    c, u, h, reach = c[order], u[order], h[order], reach[order]
    deepest = 0.0
    widest = reach.max() if n else 0.0
    for k in range(1, n):
        i = np.nonzero(c[k:, 0] - c[:-k, 0] <= reach[:-k] + widest)[0]
        if len(i) == 0:
            break
        j = i + k
        d = c[j] - c[i]
        depth = np.full(len(i), np.inf)
        for axis in (u[i], perp(u[i]), u[j], perp(u[j])):
            o = rect_radius(u[i], h[i], axis) + rect_radius(u[j], h[j], axis) - np.abs(d[:, 0] * axis[:, 0] + d[:, 1] * axis[:, 1])
            depth = np.minimum(depth, o)
        deepest = max(deepest, float(depth.max()))
    for p, q in segments:
        e = np.array(q, dtype=float) - np.array(p, dtype=float)
        normal = np.array([-e[1], e[0]]) / math.hypot(e[0], e[1])
        depth = np.full(n, np.inf)
        for axis in (np.tile(normal, (n, 1)), u, perp(u)):
            r = rect_radius(u, h, axis)
            m = c[:, 0] * axis[:, 0] + c[:, 1] * axis[:, 1]
            s0, s1 = p[0] * axis[:, 0] + p[1] * axis[:, 1], q[0] * axis[:, 0] + q[1] * axis[:, 1]
            o = np.minimum(np.maximum(s0, s1) - (m - r), (m + r) - np.minimum(s0, s1))
            depth = np.minimum(depth, o)
        deepest = max(deepest, float(depth.max()))
    return max(deepest, 0.0)


def container(n):
    """Scene C's container segments in points (as dynsim's Catalog.boxes builds it)."""
    columns = math.ceil(math.sqrt(2.0 * n))
    width = columns * 12.0 + 6
    corners = [(0, -10000), (0, 667), (width, 667), (width, -10000)]
    return [(corners[i], corners[i + 1]) for i in range(3)]


def pile_accuracy(n, substeps):
    """Scene C from release, untimed, sleeping off: (fall max overlap pt, settled max overlap pt, settle time s or None,
    end kinetic energy per body in kg pt^2/s^2 (dynsim's mass x pt^2/s^2), the cap s). See dynsim's PileAccuracy."""
    world, bodies, _ = build("C", n)
    batch = b2.Bodies()
    for b in bodies:
        batch.append(b)
    half = np.full((n, 2), 5.0)                       # the 10 x 10 pt boxes
    reach = np.hypot(half[:, 0], half[:, 1])          # the half diagonal, pt
    segments = container(n)

    def overlap():
        c = batch.get_positions().astype(np.float64) * PPM
        u = batch.get_rotations().astype(np.float64)   # (cos, sin), as dynsim's angle
        return max_overlap(c, u, half, segments)

    def max_point_speed():
        v = batch.get_linear_velocities().astype(np.float64) * PPM
        w = batch.get_angular_velocities().astype(np.float64)
        return float((np.hypot(v[:, 0], v[:, 1]) + reach * np.abs(w)).max())

    hold, cap, fall = round(SETTLE_HOLD * 60), round(SETTLE_CAP * 60), round(FALL_WINDOW * 60)
    fall_overlap, streak, settled, frame = [], None, None, 0
    while frame < cap:
        world.step(FRAME, substeps)
        frame += 1
        if frame <= fall:
            fall_overlap.append(overlap())
        if max_point_speed() < SETTLE_SPEED:
            if streak is None:
                streak = frame
            if frame - streak + 1 >= hold:
                settled = streak
                break
        else:
            streak = None
    fall_max = max(fall_overlap[:min(settled or fall, fall)], default=0.0)
    settled_max = 0.0
    for _ in range(round(SETTLED_WINDOW * 60)):
        world.step(FRAME, substeps)
        frame += 1
        settled_max = max(settled_max, overlap())
    ke = 0.0
    for b in bodies:
        v, w = b.linear_velocity, b.angular_velocity
        ke += 0.5 * b.mass * (v[0] ** 2 + v[1] ** 2) * PPM * PPM + 0.5 * b.rotational_inertia() * w * w * PPM * PPM
    return fall_max, settled_max, None if settled is None else settled / 60.0, ke / n, cap / 60.0


def pile_columns(pile):
    """The four accuracy columns as dynsim writes them (%.4g overlaps, %.3f s or >cap, %.3e energy)."""
    if pile is None:
        return ",,,"
    fall_max, settled_max, settle, ke, cap = pile
    return "%.4g,%.4g,%s,%.3e" % (fall_max, settled_max, ">%g" % cap if settle is None else "%.3f" % settle, ke)


def time_scene(scene, n, substeps, repeats, pile_up_to=1000):
    frames = max(10, (1000000 if scene == "C" else 4000000) // (n * 2))
    best, error = float("inf"), None
    for _ in range(repeats):
        world, bodies, rest = build(scene, n)
        if scene == "C":
            for _ in range(30):
                world.step(FRAME, substeps)
        e0 = energy(bodies)
        start = time.perf_counter()
        for _ in range(frames):
            world.step(FRAME, substeps)
        best = min(best, time.perf_counter() - start)
        if scene != "C":
            rest_energy = -sum(b.mass * 1000 * h for b, h in zip(bodies, rest))
            error = abs(energy(bodies) - e0) / abs(e0 - rest_energy)
    # Accuracy over one simulated minute (3600 frames, untimed) up to 1000 bodies, as dynsim's bench measures it.
    if scene != "C" and n <= 1000:
        world, bodies, rest = build(scene, n)
        e0 = energy(bodies)
        for _ in range(3600):
            world.step(FRAME, substeps)
        rest_energy = -sum(b.mass * 1000 * h for b, h in zip(bodies, rest))
        error = abs(energy(bodies) - e0) / abs(e0 - rest_energy)
    pile = pile_accuracy(n, substeps) if scene == "C" and n <= pile_up_to else None
    row = "%s,%d,box2d-3.1,v3-substeps-%d,%d,%d,%.1f,%s,,%s" % (
        scene, n, substeps, substeps, frames, best * 1e9 / (n * frames * substeps), "" if error is None else "%.3e" % error,
        pile_columns(pile))
    print(row, flush=True)


def pendulum_accuracy(substeps):
    world = b2.World(gravity=(0, 10))
    world.sleeping_enabled = False
    ground = world.create_static_body(position=(0, 0))
    bob = box(world, 287.5, 100, 20, 0, 0.2, 0, False)
    rigid(world, ground, bob, m(187.5, 100), tuple(bob.position))
    mass = bob.mass
    e0 = energy([bob])
    crossings = Crossings(bob.position[0] * PPM - 187.5)
    frames = 3600
    start = time.perf_counter()
    for f in range(1, frames + 1):
        world.step(FRAME, substeps)
        crossings.add(f, bob.position[0] * PPM - 187.5)
    elapsed = time.perf_counter() - start
    period = crossings.period()
    exact = exact_period(100, 1000, math.pi / 2)
    print("pendulum-90,1,box2d-3.1,v3-substeps-%d,%d,%d,%.1f,%.3e,%.3e,,,," % (
        substeps, substeps, frames, elapsed * 1e9 / (frames * substeps), abs(energy([bob]) - e0) / (mass * 1000 * 100),
        (period - exact) / exact), flush=True)


def main():
    repeats = 3
    substeps = [2, 4, 8]
    args = sys.argv[1:]
    if "--repeats" in args:
        repeats = max(1, int(args[args.index("--repeats") + 1]))
    if "--substeps" in args:
        substeps = [int(s) for s in args[args.index("--substeps") + 1].split(",")]
    pile_up_to = 1000
    if "--pile-up-to" in args:
        pile_up_to = int(args[args.index("--pile-up-to") + 1])
    print("scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error,"
          "fall_max_overlap,settled_max_overlap,settle_time,end_ke")
    for s in substeps:
        for n in (100, 1000, 10000):
            time_scene("A", n, s, repeats)
        for n in (10, 100, 1000):
            time_scene("B", n, s, repeats)
        for n in (100, 1000, 4000):
            time_scene("C", n, s, repeats, pile_up_to)
        pendulum_accuracy(s)


if __name__ == "__main__":
    main()
