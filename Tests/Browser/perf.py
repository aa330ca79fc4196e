"""The replay's cost on a large run (issue 17): a 4,000-box scene C, 10 s, as `dynsim view` writes it, opened in
headless Chromium (software rendering) on this machine. Prints the page's size, the time from navigation to the first
drawn frame, and the replay's frame rate at 1x (frames drawn per second of wall time while playing, each a new row).
Usage: [SCALE=2] python3 perf.py DYNSIM WORKDIR [BOXES]   (a benchmark, not a test: it prints, it does not judge)"""
import os
import subprocess
import sys
import time

import cdp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks"))
import boxes_scene  # noqa: E402

DYNSIM, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
N = int(sys.argv[3]) if len(sys.argv) > 3 else 4000
os.makedirs(WORK, exist_ok=True)

# Catalog.boxes(count:) laid out by Benchmarks/boxes_scene.py, every column kept, 10 s.
path = os.path.join(WORK, "boxes%d.json" % N)
boxes_scene.write(DYNSIM, N, path, duration=10, all_columns=True)
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
