#!/usr/bin/env python3
"""Benchmark scene C with N boxes as a scene file: Catalog.boxes(count:) (Sources/Scenes/Catalog/Catalog.swift) laid out
from the built-in `dynsim scenes boxes` (its 100 boxes), so `dynsim run` and `dynsim view` can take any size. The one
copy of that layout outside Swift: Tests/Browser/perf.py and Benchmarks/user-figures.sh both use it.

Before writing, it checks that laying out the built-in's own box count gives the built-in back, key for key, so a
change to Catalog.boxes(count:) that this file misses fails here instead of timing another scene.

Usage: python3 Benchmarks/boxes_scene.py DYNSIM N [--duration S] [--all-columns] [--output FILE]
  DYNSIM           the dynsim executable (its `dynsim scenes boxes` is the template)
  N                the number of boxes, 1 to 100,000 (dynsim's limit on a scene's items)
  --duration S     the run's length in seconds, 0 to 1e6 (default: the built-in's, 5)
  --all-columns    drop the scene's `columns` (the built-in writes box0's alone), so a run writes every box's columns
  --output FILE    write there (default: stdout); the file appears only once complete, and it may not be DYNSIM
Python 3 standard library only."""
import argparse
import copy
import json
import math
import os
import subprocess
import sys

# dynsim refuses a scene of more items (Limits.maxItems, Sources/IO/Limits.swift); checked here before any is laid out,
# so a typo such as 10^9 boxes is refused at once instead of filling the memory.
MAX_BOXES = 100_000
# dynsim's range for a scene's duration (must be finite, from 0 to 1e6 s).
MAX_DURATION = 1e6
# The built-in prints about 20 kB; a DYNSIM that prints without end (a wrong program) is cut off here.
MAX_TEMPLATE_BYTES = 1 << 20
TEMPLATE_TIMEOUT = 60


class Refused(Exception):
    """A problem with the arguments or the files, reported as one line without a traceback."""


def builtin(dynsim):
    """The built-in scene C (100 boxes) as `dynsim scenes boxes` prints it."""
    argv = [dynsim, "scenes", "boxes"]
    try:
        p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise Refused("DYNSIM %r: cannot run it: %s" % (dynsim, e.strerror or e))
    try:
        out = p.stdout.read(MAX_TEMPLATE_BYTES + 1)
        if len(out) > MAX_TEMPLATE_BYTES:
            raise Refused("DYNSIM %r: `%s` printed more than %d bytes; is it dynsim?"
                          % (dynsim, " ".join(argv), MAX_TEMPLATE_BYTES))
        try:
            _, err = p.communicate(timeout=TEMPLATE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Refused("DYNSIM %r: `%s` did not finish in %d s" % (dynsim, " ".join(argv), TEMPLATE_TIMEOUT))
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    if p.returncode != 0:
        raise Refused("DYNSIM %r: `%s` exited %d: %s" % (
            dynsim, " ".join(argv), p.returncode, err.decode(errors="replace").strip()[-500:]))
    try:
        template = json.loads(out)
    except ValueError:
        raise Refused("DYNSIM %r: `%s` did not print a scene (JSON); is it dynsim?" % (dynsim, " ".join(argv)))
    if not isinstance(template, dict) or not template.get("items") or not isinstance(template.get("behaviors"), list):
        raise Refused("DYNSIM %r: `%s` printed no scene with items and behaviors" % (dynsim, " ".join(argv)))
    return template


def check_count(n):
    if not 1 <= n <= MAX_BOXES:
        raise Refused("N must be from 1 to %d (dynsim's limit on a scene's items), got %d" % (MAX_BOXES, n))


def check_duration(duration):
    if duration is not None and not (math.isfinite(duration) and 0 <= duration <= MAX_DURATION):
        raise Refused("--duration must be a finite number of seconds from 0 to %g, got %g" % (MAX_DURATION, duration))


def dump(scene, path, dynsim):
    """Writes `scene` to `path` whole or not at all: a regular file is written beside it and renamed over it once
    complete, so an interrupted or failed write never leaves a truncated scene (nor destroys the file it replaces).
    Refuses to write over DYNSIM itself or this script. A device such as /dev/stdout is written to directly."""
    real = os.path.realpath(path)
    for what, other in (("DYNSIM", dynsim), ("this script", os.path.abspath(__file__))):
        try:
            same = os.path.exists(real) and os.path.samefile(real, other)
        except OSError:
            same = False
        if same:
            raise Refused("--output %r is %s; give another file" % (path, what))
    if os.path.isdir(real):
        raise Refused("--output %r is a directory; give a file" % path)
    folder = os.path.dirname(real)
    if not os.path.isdir(folder):
        raise Refused("--output %r: no directory %r" % (path, folder))
    if os.path.exists(real) and not os.path.isfile(real):
        try:
            with open(real, "w") as f:
                json.dump(scene, f)
        except OSError as e:
            raise Refused("--output %r: %s" % (path, e.strerror or e))
        return
    temporary = os.path.join(folder, ".%s.%d.tmp" % (os.path.basename(real), os.getpid()))
    try:
        with open(temporary, "x") as f:
            json.dump(scene, f)
        os.replace(temporary, real)
    except OSError as e:
        raise Refused("--output %r: %s" % (path, e.strerror or e))
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def boxes(template, n, duration=None, all_columns=False):
    """Catalog.boxes(count: n) built from `template` (the built-in): ceil(sqrt(2n)) columns 12 pt apart, odd rows
    staggered by 3 pt, the lowest row 20 pt above the floor (y = 667) of a container as wide as the block."""
    if not 1 <= n <= MAX_BOXES:
        raise ValueError("boxes: n must be from 1 to %d, got %d" % (MAX_BOXES, n))
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
    """Checks the layout against the built-in, then writes scene C with n boxes to `path` (whole or not at all)."""
    check_count(n)
    check_duration(duration)
    template = builtin(dynsim)
    check(template)
    dump(boxes(template, n, duration, all_columns), path, dynsim)


def main():
    parser = argparse.ArgumentParser(
        prog="boxes_scene.py", description="Benchmark scene C with N boxes as a dynsim scene file.")
    parser.add_argument("dynsim", metavar="DYNSIM", help="the dynsim executable")
    parser.add_argument("n", metavar="N", type=int, help="the number of boxes, 1 to %d" % MAX_BOXES)
    parser.add_argument("--duration", metavar="S", type=float, help="the run's length, 0 to 1e6 s (default 5)")
    parser.add_argument("--all-columns", action="store_true", help="write every box's columns, not box0's alone")
    parser.add_argument("--output", metavar="FILE", help="write there (default: stdout)")
    args = parser.parse_args()
    try:
        check_count(args.n)
        check_duration(args.duration)
    except Refused as e:
        parser.error(str(e))
    duration = args.duration
    if duration is not None and duration.is_integer():
        duration = int(duration)
    try:
        template = builtin(args.dynsim)
        check(template)
        scene = boxes(template, args.n, duration, args.all_columns)
        if args.output:
            dump(scene, args.output, args.dynsim)
        else:
            text = json.dumps(scene) + "\n"
            try:
                sys.stdout.write(text)
                sys.stdout.flush()
            except BrokenPipeError:
                # The reader stopped early (`| head`): quiet, as other command-line tools are.
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                sys.exit(1)
            except OSError as e:
                raise Refused("writing to stdout: %s" % (e.strerror or e))
    except (Refused, ValueError) as e:
        sys.exit("boxes_scene.py: error: %s" % e)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
