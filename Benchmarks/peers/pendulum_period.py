"""The 90° pendulum's accuracy for the Python peers (box2d_v3_bench.py, pymunk_bench.py), one definition for both:
the exact period of a rigid pendulum, and its measured mean period from the bob's upward crossings of the anchor's
vertical (dynsim's bench, Sources/Bench/Benchmark.swift, measures the same in Swift)."""
import math


def exact_period(l, g, theta0):
    """The exact period (s) of a rigid pendulum of length l (pt) released from rest at theta0 (rad) under gravity g
    (pt/s^2): 4 sqrt(l/g) K(sin^2(theta0/2)), K by the arithmetic-geometric mean."""
    k = math.sin(theta0 / 2)
    a, b = 1.0, math.sqrt(1 - k * k)
    for _ in range(40):
        a, b = (a + b) / 2, math.sqrt(a * b)
    return 4 * math.sqrt(l / g) * math.pi / (2 * a)


class Crossings:
    """The bob's upward crossings of the anchor's vertical: `add(f, x)` after 1/60 s frame f with the bob's horizontal
    offset x (pt) from the anchor, interpolated linearly within the frame; `period()` is their mean spacing (s)."""

    def __init__(self, x0):
        self.times, self.previous = [], x0

    def add(self, f, x):
        if self.previous < 0 <= x:
            self.times.append((f - 1 + -self.previous / (x - self.previous)) / 60.0)
        self.previous = x

    def period(self):
        return (self.times[-1] - self.times[0]) / (len(self.times) - 1)
