"""Benchmark scene C with N boxes as a scene file: Catalog.boxes(count:) (Sources/Scenes/Catalog/Catalog.swift) laid out
from the built-in `dynsim scenes boxes` (its 100 boxes), so `dynsim run` and `dynsim view` can take any size. The one
copy of that layout outside Swift: Tests/Browser/perf.py and Benchmarks/user-figures.sh both use it.

Before writing, it checks that laying out the built-in's own box count gives the built-in back, key for key, so a
change to Catalog.boxes(count:) that this file misses fails here instead of timing another scene.

Usage: python3 Benchmarks/boxes_scene.py DYNSIM N [--duration S] [--all-columns] [--output FILE]
  --duration S     the run's length in seconds (default: the built-in's, 5)
  --all-columns    drop the scene's `columns` (the built-in writes box0's alone), so a run writes every box's columns
  --output FILE    write there (default: stdout)
Python 3 standard library only."""
import argparse
import copy
import json
import math
import subprocess
import sys


def builtin(dynsim):
    """The built-in scene C (100 boxes) as `dynsim scenes boxes` prints it."""
    out = subprocess.run([dynsim, "scenes", "boxes"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def boxes(template, n, duration=None, all_columns=False):
    """Catalog.boxes(count: n) built from `template` (the built-in): ceil(sqrt(2n)) columns 12 pt apart, odd rows
    staggered by 3 pt, the lowest row 20 pt above the floor (y = 667) of a container as wide as the block."""
    if n < 1:
        raise ValueError("boxes: n must be >= 1, got %d" % n)
    scene = copy.deepcopy(template)
    first = template["items"][0]
    columns = math.ceil(math.sqrt(2 * n))  # Swift: (2 * Double(count)).squareRoot().rounded(.up), the same IEEE sqrt
    width = columns * 12 + 6
    items = []
    for k in range(n):
        column, row = k % columns, k // columns
        stagger = 0 if row % 2 == 0 else 3
        items.append(dict(first, name="box%d" % k, center=[8 + 12 * column + stagger, 667 - 25 - 12 * row]))
    scene["items"] = items
    scene["description"] = "Benchmark scene C: %d boxes falling into a container." % n
    collisions = [b for b in scene["behaviors"] if b.get("type") == "collision"]
    if len(collisions) != 1 or len(collisions[0]["boundaries"]) != 1:
        raise ValueError("boxes: the built-in no longer has one collision behavior with one boundary")
    collisions[0]["items"] = [item["name"] for item in items]
    collisions[0]["boundaries"][0]["path"] = [[0, -10000], [0, 667], [width, 667], [width, -10000]]
    if duration is not None:
        scene["duration"] = duration
    if all_columns:
        scene.pop("columns", None)
    return scene


def check(template):
    """Raises when laying out the built-in's own count does not give the built-in back."""
    again = boxes(template, len(template["items"]))
    if again != template:
        differ = sorted(k for k in set(again) | set(template) if again.get(k) != template.get(k))
        raise SystemExit("boxes_scene.py: the layout no longer matches Catalog.boxes(count:) (keys %s differ); "
                         "update Benchmarks/boxes_scene.py" % ", ".join(differ))


def write(dynsim, n, path, duration=None, all_columns=False):
    """Checks the layout against the built-in, then writes scene C with n boxes to `path`."""
    template = builtin(dynsim)
    check(template)
    with open(path, "w") as f:
        json.dump(boxes(template, n, duration, all_columns), f)


def main():
    parser = argparse.ArgumentParser(description="Benchmark scene C with N boxes as a dynsim scene file.")
    parser.add_argument("dynsim")
    parser.add_argument("n", type=int)
    parser.add_argument("--duration", type=float)
    parser.add_argument("--all-columns", action="store_true")
    parser.add_argument("--output")
    args = parser.parse_args()
    if args.n < 1:
        parser.error("N must be >= 1")
    duration = args.duration
    if duration is not None and duration.is_integer():
        duration = int(duration)
    template = builtin(args.dynsim)
    check(template)
    scene = boxes(template, args.n, duration, args.all_columns)
    if args.output:
        with open(args.output, "w") as f:
            json.dump(scene, f)
    else:
        json.dump(scene, sys.stdout)
        sys.stdout.write("\n")


if __name__ == "__main__":
    main()
