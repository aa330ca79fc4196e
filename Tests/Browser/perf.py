"""The replay's cost on a large run (issue 17): a 4,000-box scene C, 10 s, as `dynsim view` writes it, opened in
headless Chromium (software rendering) on this machine. Prints the page's size, the time from navigation to the first
drawn frame, and the replay's frame rate at 1x (frames drawn per second of wall time while playing, each a new row).
Usage: [SCALE=2] python3 perf.py DYNSIM WORKDIR [BOXES]   (a benchmark, not a test: it prints, it does not judge)"""
import json
import os
import subprocess
import sys
import time

import cdp

DYNSIM, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
N = int(sys.argv[3]) if len(sys.argv) > 3 else 4000
os.makedirs(WORK, exist_ok=True)

# Catalog.boxes(count:) laid out as the benchmark does (Sources/Scenes/Catalog/Catalog.swift), every column kept, 10 s.
scene = json.loads(subprocess.run([DYNSIM, "scenes", "boxes"], capture_output=True, text=True, check=True).stdout)
template = scene["items"][0]
columns = -(-int((2 * N) ** 0.5 * 1e6) // 1_000_000)
columns = int(((2 * N) ** 0.5) // 1 + (0 if ((2 * N) ** 0.5).is_integer() else 1))
width = columns * 12 + 6
items = []
for k in range(N):
    column, row = k % columns, k // columns
    stagger = 0 if row % 2 == 0 else 3
    item = dict(template, name="box%d" % k, center=[8 + 12 * column + stagger, 667 - 25 - 12 * row])
    items.append(item)
scene["items"] = items
scene["duration"] = 10
scene.pop("columns", None)
for b in scene["behaviors"]:
    if b.get("type") == "collision":
        b["items"] = [i["name"] for i in items]
        b["boundaries"][0]["path"] = [[0, -10000], [0, 667], [width, 667], [width, -10000]] if "path" in b["boundaries"][0] else None
        if b["boundaries"][0]["path"] is None:
            b["boundaries"][0].pop("path")
path = os.path.join(WORK, "boxes%d.json" % N)
with open(path, "w") as f:
    json.dump(scene, f)
start = time.time()
p = subprocess.run([DYNSIM, "view", path, "--output", os.path.join(WORK, "boxes.html")], capture_output=True, text=True)
print("dynsim view: %.1f s; %s" % (time.time() - start, p.stderr.strip().replace("\n", "; ")))
size = os.path.getsize(os.path.join(WORK, "boxes.html"))
print("page: %.1f MB" % (size / 1e6))

SCALE = float(os.environ.get("SCALE", "1"))
browser = cdp.Browser(width=1300, height=1000, scale=SCALE)
print("device pixels per CSS pixel: %g" % SCALE)
try:
    results = []
    for attempt in range(3):
        browser.open("file://" + os.path.join(WORK, "boxes.html") + "?hide=labels")
        first = browser.evaluate("dynsimView.stats().firstDrawMs")
        browser.evaluate("dynsimView.seek(0); dynsimView.play()")
        time.sleep(4)
        stats = browser.evaluate("dynsimView.stats()")
        browser.evaluate("dynsimView.pause()")
        fps = stats["playDraws"] / (stats["playMs"] / 1000)
        results.append((first, fps))
        print("open %d: first frame drawn %.0f ms after navigation; replay %.1f frames/s (%d frames in %.1f s)" % (
            attempt + 1, first, fps, stats["playDraws"], stats["playMs"] / 1000))
    print("problems:", browser.problems("file://" + os.path.join(WORK, "boxes.html")))
finally:
    browser.close()
