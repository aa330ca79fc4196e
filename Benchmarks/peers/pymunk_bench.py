"""pymunk peer for dynsim's benchmark scenes (the scenes of box2d_bench.cpp, identical here), run by
Benchmarks/peers/run.sh. pymunk is Chipmunk 7 driven from Python: same settings as chipmunk_bench.c (points, seconds,
dynsim's masses, gravity 1000 pt/s^2 down, two 1/120 s steps per 1/60 s frame, 10 iterations, no sleeping, pin joints,
space damping e^-0.1 in scene C). Only the stepping loop is timed, so the Python cost is the per-step call overhead.
Prints the same CSV rows as box2d_bench: scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error.
"""
import math
import sys
import time

from pendulum_period import Crossings, exact_period

import pymunk

SUBSTEPS = 2
STEP = 1.0 / 120.0


def box(space, bodies, x, y, size, collides, friction, elasticity):
    mass = size * size / 10000.0
    body = pymunk.Body(mass, pymunk.moment_for_box(mass, (size, size)))
    body.position = (x, y)
    space.add(body)
    if collides:  # scenes A and B have no collision behavior in dynsim: no shapes there, so none here either
        shape = pymunk.Poly.create_box(body, (size, size))
        shape.friction = friction
        shape.elasticity = elasticity
        space.add(shape)
    bodies.append(body)
    return body


def build(scene, n):
    space = pymunk.Space()
    space.gravity = (0, 1000)
    space.iterations = 10
    bodies, rest = [], []
    ground = space.static_body
    if scene == "A":
        for i in range(n):
            ax, ay = 20 + (i % 34) * 10.0, 100 + ((i // 34) % 40) * 12.0
            angle = math.radians(10 + (i * 7) % 71)
            bob = box(space, bodies, ax + 100 * math.sin(angle), ay + 100 * math.cos(angle), 20, False, 0.2, 0)
            space.add(pymunk.PinJoint(ground, bob, (ax, ay), (0, 0)))
            rest.append(ay + 100)
    elif scene == "B":
        previous, anchor = ground, (187.5, 100)
        for k in range(n):
            link = box(space, bodies, 187.5 + 15.0 * (k + 1), 100, 10, False, 0.2, 0)
            space.add(pymunk.PinJoint(previous, link, anchor, (0, 0)))
            previous, anchor = link, (0, 0)
            rest.append(100 + 15.0 * (k + 1))
    else:
        columns = int(math.ceil(math.sqrt(2.0 * n)))
        width = columns * 12.0 + 6
        corners = [(0, -10000), (0, 667), (width, 667), (width, -10000)]
        for a, b in zip(corners, corners[1:]):
            edge = pymunk.Segment(ground, a, b, 0)
            edge.friction = 0.2
            edge.elasticity = 0.2
            space.add(edge)
        space.damping = math.exp(-0.1)
        for k in range(n):
            column, row = k % columns, k // columns
            box(space, bodies, 8 + 12.0 * column + (0 if row % 2 == 0 else 3), 667 - 25 - 12.0 * row, 10, True, 0.2, 0.2)
    return space, bodies, rest


def frame(space):
    for _ in range(SUBSTEPS):
        space.step(STEP)


def energy(bodies):
    e = 0.0
    for b in bodies:
        v = b.velocity
        e += 0.5 * b.mass * (v.x * v.x + v.y * v.y) + 0.5 * b.moment * b.angular_velocity ** 2 - b.mass * 1000 * b.position.y
    return e


def time_scene(scene, n, repeats):
    frames = max(10, (1000000 if scene == "C" else 4000000) // (n * SUBSTEPS))
    # Python's per-call overhead makes the small scenes slow to run through millions of body-steps: cap at 20 s a repeat.
    frames = min(frames, max(10, 2000000 // (n * SUBSTEPS)))
    best, energy_error = float("inf"), None
    for _ in range(repeats):
        space, bodies, rest = build(scene, n)
        if scene == "C":
            for _ in range(30):
                frame(space)
        e0 = energy(bodies)
        start = time.perf_counter()
        for _ in range(frames):
            frame(space)
        best = min(best, time.perf_counter() - start)
        if scene != "C":
            rest_energy = -sum(b.mass * 1000 * h for b, h in zip(bodies, rest))
            energy_error = abs(energy(bodies) - e0) / abs(e0 - rest_energy)
    ns = best * 1e9 / (n * frames * SUBSTEPS)
    err = "%.3e" % energy_error if energy_error is not None else ""
    print("%s,%d,pymunk-%s,uikit-settings,%d,%d,%.1f,%s," % (scene, n, pymunk.version, SUBSTEPS, frames, ns, err), flush=True)


def pendulum_accuracy():
    space = pymunk.Space()
    space.gravity = (0, 1000)
    space.iterations = 10
    bodies = []
    bob = box(space, bodies, 287.5, 100, 20, False, 0.2, 0)
    space.add(pymunk.PinJoint(space.static_body, bob, (187.5, 100), (0, 0)))
    e0 = energy(bodies)
    crossings = Crossings(bob.position.x - 187.5)
    frames = 3600
    start = time.perf_counter()
    for f in range(1, frames + 1):
        frame(space)
        crossings.add(f, bob.position.x - 187.5)
    elapsed = time.perf_counter() - start
    period = crossings.period()
    exact = exact_period(100, 1000, math.pi / 2)
    print("pendulum-90,1,pymunk-%s,uikit-settings,%d,%d,%.1f,%.3e,%.3e" % (
        pymunk.version, SUBSTEPS, frames, elapsed * 1e9 / (frames * SUBSTEPS),
        abs(energy(bodies) - e0) / (bob.mass * 1000 * 100), (period - exact) / exact), flush=True)


def main():
    repeats = 3
    if "--repeats" in sys.argv:
        repeats = max(1, int(sys.argv[sys.argv.index("--repeats") + 1]))
    print("scene,N,engine,profile,substeps,frames,ns_per_body_step,energy_error,period_error", flush=True)
    for n in (100, 1000, 10000):
        time_scene("A", n, repeats)
    for n in (10, 100, 1000):
        time_scene("B", n, repeats)
    for n in (100, 1000, 4000):
        time_scene("C", n, repeats)
    pendulum_accuracy()


if __name__ == "__main__":
    main()
