"""Browser tests of `dynsim view` (issue 17), in Debian's headless Chromium through the DevTools protocol:

1. Pixel probes: for the swinging view, boxes and card-flip, the page is opened with one item or layer drawn alone in
   magenta (?highlight=NAME), at a known scale (?zoom=1.5&origin=20,20, CSS px; the screenshot is 2 device px per CSS
   px, so 3 px per point), seeked to three times; for each time the screenshot is probed across every edge of the
   highlighted shape where the CSV of `dynsim run` puts it (the shape's outline computed here from the CSV columns),
   and the edge found in the pixels must lie within 1 pt of it. The page must show the frame of that time (its row).
2. No console error or warning, no exception, no network request (other than the page itself).
3. Overlay: pendulum with the precise run as --overlay: the plot of bob.x holds two series, and the ghost bob is drawn.
4. The still: `dynsim view --svg` parses with a real XML parser and its strobes match the CSV.
5. Bad overlay CSVs exit 65 naming the line or column, and write no page.
6. A sweep's page (sweep_check.py): a known cell's colour and hover value against the table and viridis.
Usage: python3 check.py DYNSIM WORKDIR
"""
import csv
import io
import json
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from PIL import Image

import cdp
import sweep_check

DYNSIM, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ZOOM, ORIGIN = 1.5, (20.0, 20.0)
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def dynsim(*args, check=True):
    p = subprocess.run([DYNSIM] + list(args), cwd=WORK, capture_output=True, text=True)
    if check and p.returncode != 0:
        raise SystemExit("dynsim %s failed (%d): %s" % (" ".join(args), p.returncode, p.stderr))
    return p


def read_csv(path):
    with open(os.path.join(WORK, path)) as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return [dict(zip(header, r)) for r in rows[1:]]


def row_at(rows, t):
    return min(rows, key=lambda r: abs(float(r["t"]) - t))


# ---------- expected outlines from the CSV (independent of the page's code) ----------

def item_outline(row, name, w, h):
    x, y, a = float(row[name + ".x"]), float(row[name + ".y"]), float(row[name + ".angle"])
    c, s = math.cos(a), math.sin(a)
    return [(x + c * px - s * py, y + s * px + c * py) for px, py in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def layer_outline(row, name, bounds, anchor=(0.5, 0.5)):
    """Core Animation's layer geometry as docs/view.md states it, row-vector (CATransform3D) form:
    T(-pivot) . transform . S . Rx . Ry . Rz . T(position + translation), the point (x, y, 0, 1), screen (X/W, Y/W)."""
    g = lambda k, d=0.0: float(row.get(name + "." + k, d))
    bx, by, bw, bh = bounds[0], bounds[1], g("bounds.size.width", bounds[2]), g("bounds.size.height", bounds[3])
    pivot = (bx + anchor[0] * bw, by + anchor[1] * bh)
    ident = [[1.0 if i == j else 0.0 for j in range(4)] for i in range(4)]

    def translate(tx, ty):
        m = [r[:] for r in ident]
        m[3][0], m[3][1] = tx, ty
        return m

    def scale(sx, sy):
        m = [r[:] for r in ident]
        m[0][0], m[1][1] = sx, sy
        return m

    def rot(axis, a):
        c, s = math.cos(a), math.sin(a)
        m = [r[:] for r in ident]
        i, j = {"x": (1, 2), "y": (2, 0), "z": (0, 1)}[axis]
        m[i][i], m[i][j], m[j][i], m[j][j] = c, s, -s, c
        return m

    whole = [[g("transform.m%d%d" % (i, j), 1.0 if i == j else 0.0) for j in range(1, 5)] for i in range(1, 5)]
    m = translate(-pivot[0], -pivot[1])
    for step in (whole, scale(g("transform.scale.x", 1), g("transform.scale.y", 1)), rot("x", g("transform.rotation.x")),
                 rot("y", g("transform.rotation.y")), rot("z", g("transform.rotation.z")),
                 translate(g("position.x") + g("transform.translation.x"), g("position.y") + g("transform.translation.y"))):
        m = mat_mul(m, step)
    out = []
    for px, py in ((bx, by), (bx + bw, by), (bx + bw, by + bh), (bx, by + bh)):
        X = px * m[0][0] + py * m[1][0] + m[3][0]
        Y = px * m[0][1] + py * m[1][1] + m[3][1]
        W = px * m[0][3] + py * m[1][3] + m[3][3]
        out.append((X / W, Y / W))
    return out


# ---------- probing the screenshot ----------

def magenta(img, x, y):
    """How magenta (#ff00ff) the pixel at device (x, y) is, bilinear, 0 ... 1."""
    x, y = x - 0.5, y - 0.5  # pixel (i, j) covers [i, i + 1): its value belongs at its center
    x0, y0 = int(math.floor(x)), int(math.floor(y))
    fx, fy = x - x0, y - y0
    total = 0.0
    for dx, dy, w in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
        r, g, b = img.getpixel((min(max(x0 + dx, 0), img.width - 1), min(max(y0 + dy, 0), img.height - 1)))[:3]
        total += w * max(0.0, min(1.0, (min(r, b) - g) / 255.0))
    return total


def probe(img, outline, canvas_left, canvas_top, scale):
    """For each edge of the (convex) outline, scans across it at its midpoint and quarter points, from 3 pt inside to
    3 pt outside; returns the largest distance (pt) between where the pixels change from magenta and the edge."""
    n = len(outline)
    cx = sum(p[0] for p in outline) / n
    cy = sum(p[1] for p in outline) / n
    worst = 0.0
    to_px = lambda wx, wy: ((canvas_left + ORIGIN[0] + wx * ZOOM) * scale, (canvas_top + ORIGIN[1] + wy * ZOOM) * scale)
    px_per_pt = ZOOM * scale
    for k in range(n):
        (ax, ay), (bx, by) = outline[k], outline[(k + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        if length * px_per_pt < 12:
            continue  # an edge seen edge-on (a card at 90°): nothing to probe across
        nx, ny = (by - ay) / length, -(bx - ax) / length
        if (ax - cx) * nx + (ay - cy) * ny < 0:
            nx, ny = -nx, -ny
        for f in (0.25, 0.5, 0.75):
            mx, my = ax + f * (bx - ax), ay + f * (by - ay)
            depth = min(3.0, 0.45 * min(math.hypot(mx - cx, my - cy), length))
            steps = int((depth + 3.0) * px_per_pt * 4)
            prev_s, prev_v, crossing = None, None, None
            for i in range(steps + 1):
                s = -depth + i * (depth + 3.0) / steps
                v = magenta(img, *to_px(mx + nx * s, my + ny * s))
                if prev_v is not None and prev_v >= 0.5 > v:
                    crossing = prev_s + (prev_v - 0.5) / (prev_v - v) * (s - prev_s)
                    break
                prev_s, prev_v = s, v
            if crossing is None:
                crossing = float("inf") if (prev_v or 0) >= 0.5 else -depth
            worst = max(worst, abs(crossing))
    return worst


def frame_promise():
    return "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"


def check_probes(browser, page, csv_rows, name, outline_of, times, rate, extra=""):
    slips = []
    url = "file://%s?highlight=%s&zoom=%g&origin=%g,%g&hide=labels,anchors,paths,contacts%s" % (
        os.path.join(WORK, page), name, ZOOM, ORIGIN[0], ORIGIN[1], extra)
    browser.open(url)
    for t in times:
        browser.evaluate("dynsimView.seek(%r)" % t)
        browser.evaluate(frame_promise(), await_promise=True)
        state = browser.evaluate("dynsimView.state()")
        expected_frame = round(t * rate)
        if state["frame"] != expected_frame:
            fail("%s t=%g: the page shows row %d, expected %d" % (page, t, state["frame"], expected_frame))
        rect = browser.evaluate("(() => { const c = document.getElementById('stage'); const r = c.getBoundingClientRect();"
                                " return [r.left + c.clientLeft, r.top + c.clientTop]; })()")
        img = Image.open(io.BytesIO(browser.screenshot_png())).convert("RGB")
        row = row_at(csv_rows, t)
        outline = outline_of(row)
        error = probe(img, outline, rect[0], rect[1], browser.scale)
        # What a one-frame slip would have moved the shape by (so the probe can tell frames apart).
        neighbours = [r for r in csv_rows if abs(float(r["t"]) - t - 1 / rate) < 1e-9]
        slip = max(math.hypot(p[0] - q[0], p[1] - q[1]) for p, q in zip(outline, outline_of(neighbours[0]))) if neighbours else 0
        slips.append(slip)
        print("  %s%s %s t=%g: edges within %.3f pt of the CSV (a frame later moves it %.2f pt)" % (page, extra, name, t, error, slip))
        if error > 1.0:
            img.save(os.path.join(WORK, "probe-%s-%g.png" % (name, t)))
            fail("%s %s t=%g: drawn %.3f pt from where the CSV puts it" % (page, name, t, error))
    if max(slips) <= 1.0:
        fail("%s: no probed time where a frame's slip moves %s more than 1 pt: pick faster times" % (page, name))
    problems = browser.problems(url)
    if problems:
        fail("%s: %s" % (page, problems))


def main():
    os.makedirs(WORK, exist_ok=True)
    browser = cdp.Browser()
    try:
        # 1-2. Swinging view: the item `view`, 100 x 100.
        dynsim("run", "swinging-view", "--output", "swing.csv")
        dynsim("view", "swinging-view", "--output", "swing.html")
        check_probes(browser, "swing.html", read_csv("swing.csv"), "view", lambda r: item_outline(r, "view", 100, 100),
                     [1.5, 2.7, 5.3], 60)
        # Boxes: every box's columns (the built-in keeps box0's only), box 57 probed.
        scene = json.loads(dynsim("scenes", "boxes").stdout)
        scene.pop("columns", None)
        with open(os.path.join(WORK, "boxes.json"), "w") as f:
            json.dump(scene, f)
        dynsim("run", "boxes.json", "--output", "boxes.csv")
        dynsim("view", "boxes.json", "--output", "boxes.html")
        check_probes(browser, "boxes.html", read_csv("boxes.csv"), "box57", lambda r: item_outline(r, "box57", 10, 10),
                     [0.15, 0.3, 2.0], 60)
        # The same in the page's own rasterizer (what it uses past 300 items: no antialiasing, half a pixel).
        check_probes(browser, "boxes.html", read_csv("boxes.csv"), "box57", lambda r: item_outline(r, "box57", 10, 10),
                     [0.15, 0.3, 2.0], 60, extra="&raster=1")
        # Card flip: the layer `card`, 200 x 300, its whole transform turning about y, then its x scale springing.
        dynsim("run", "card-flip", "--output", "card.csv")
        dynsim("view", "card-flip", "--output", "card.html")
        check_probes(browser, "card.html", read_csv("card.csv"), "card", lambda r: layer_outline(r, "card", (0, 0, 200, 300)),
                     [0.3, 0.8, 2.0], 60)
        # A scroll view clips its content: row4 of scroll-pull (content y 504 to 621) pulled down past the frame's
        # bottom (667) is drawn only up to it.
        dynsim("run", "scroll-pull", "--output", "pull.csv")
        dynsim("view", "scroll-pull", "--output", "pull.html")

        def clipped_row4(r):
            oy = float(r["feed.contentOffset.y"])
            top, bottom = 504 - oy, min(621 - oy, 667)
            return [(8, top), (367, top), (367, bottom), (8, bottom)]
        check_probes(browser, "pull.html", read_csv("pull.csv"), "row4", clipped_row4, [0.5, 1.8, 1.9], 60)
        # 3. Overlay: the precise run of the pendulum over its uikit run.
        dynsim("run", "pendulum", "--profile", "precise", "--output", "precise.csv")
        dynsim("view", "pendulum", "--overlay", "precise.csv", "--output", "overlay.html")
        url = "file://" + os.path.join(WORK, "overlay.html") + "?plot=bob.x&zoom=1.5&origin=20,20"
        browser.open(url)
        plot = browser.evaluate("dynsimView.plot()")
        print("  overlay plot series:", plot["labels"][1:])
        if plot["labels"][1:] != ["bob.x", "bob.x (precise.csv)"]:
            fail("overlay: the plot of bob.x holds %s, expected bob.x and bob.x (precise.csv)" % plot["labels"][1:])
        # Picking one more column in the list (as a user's click does: the options' selection, then a change event)
        # plots it for both runs, and the replay still plays.
        browser.evaluate("(() => { const s = document.getElementById('columns'); for (const o of s.options) "
                         "if (o.value === 'bob.angle') o.selected = true; s.dispatchEvent(new Event('change')); })()")
        plot = browser.evaluate("dynsimView.plot()")
        if plot["labels"][1:] != ["bob.x", "bob.x (precise.csv)", "bob.angle", "bob.angle (precise.csv)"]:
            fail("overlay: after picking bob.angle the plot holds %s" % plot["labels"][1:])
        browser.evaluate("dynsimView.seek(0); dynsimView.play()")
        browser.evaluate("new Promise(r => setTimeout(r, 500))", await_promise=True)
        state = browser.evaluate("dynsimView.state()")
        browser.evaluate("dynsimView.pause()")
        if state["frame"] < 5:
            fail("overlay: after picking a column the replay did not play (row %d after 0.5 s)" % state["frame"])
        browser.evaluate("dynsimView.seek(3)")
        browser.evaluate(frame_promise(), await_promise=True)
        img = Image.open(io.BytesIO(browser.screenshot_png())).convert("RGB")
        rect = browser.evaluate("(() => { const c = document.getElementById('stage'); const r = c.getBoundingClientRect();"
                                " return [r.left + c.clientLeft, r.top + c.clientTop]; })()")
        ghost = row_at(read_csv("precise.csv"), 3.0)
        size = json.loads(dynsim("scenes", "pendulum").stdout)["items"][0]["size"]
        outline = item_outline(ghost, "bob", size[0], size[1])
        orange = samples = 0
        for k in range(4):
            (ax, ay), (bx, by) = outline[k], outline[(k + 1) % 4]
            for i in range(100):
                f = (i + 0.5) / 100
                X = (rect[0] + ORIGIN[0] + (ax + f * (bx - ax)) * ZOOM) * 2
                Y = (rect[1] + ORIGIN[1] + (ay + f * (by - ay)) * ZOOM) * 2
                hit = False
                for dx in (-2, -1, 0, 1, 2):
                    for dy in (-2, -1, 0, 1, 2):
                        r, g, b = img.getpixel((int(X) + dx, int(Y) + dy))
                        hit = hit or (r > 180 and 80 < g < 150 and b < 80)
                orange += hit
                samples += 1
        print("  overlay: the precise bob's outline drawn at %d of %d points along it (dashed)" % (orange, samples))
        if orange < samples * 0.4:
            fail("overlay: the precise run's bob is not drawn")
        problems = browser.problems(url)
        if problems:
            fail("overlay.html: %s" % problems)
        # Device traces: t,x,y (the precise bob's center, as a recording would give it) is a dot on its path, and
        # t,value (its angle) a series in the plot.
        rows = read_csv("precise.csv")
        with open(os.path.join(WORK, "trace.csv"), "w") as f:
            f.write("t,x,y\n" + "".join("%s,%s,%s\n" % (r["t"], r["bob.x"], r["bob.y"]) for r in rows[::2]))
        with open(os.path.join(WORK, "angle.csv"), "w") as f:
            f.write("t,value\n" + "".join("%s,%s\n" % (r["t"], r["bob.angle"]) for r in rows[::3]))
        dynsim("view", "pendulum", "--overlay", "trace.csv", "--overlay", "angle.csv", "--output", "traces.html")
        url = "file://" + os.path.join(WORK, "traces.html") + "?plot=bob.angle&zoom=1.5&origin=20,20&hide=anchors"
        browser.open(url)
        labels = browser.evaluate("dynsimView.plot()")["labels"][1:]
        if labels != ["bob.angle", "angle.csv"]:
            fail("traces: the plot holds %s, expected bob.angle and angle.csv" % labels)
        browser.evaluate("dynsimView.seek(2)")
        browser.evaluate(frame_promise(), await_promise=True)
        img = Image.open(io.BytesIO(browser.screenshot_png())).convert("RGB")
        rect = browser.evaluate("(() => { const c = document.getElementById('stage'); const r = c.getBoundingClientRect();"
                                " return [r.left + c.clientLeft, r.top + c.clientTop]; })()")
        dot = row_at(rows, 2.0)
        X = int((rect[0] + ORIGIN[0] + float(dot["bob.x"]) * ZOOM) * 2)
        Y = int((rect[1] + ORIGIN[1] + float(dot["bob.y"]) * ZOOM) * 2)
        r, g, b = img.getpixel((X, Y))
        print("  traces: the t,x,y dot at the trace's point is", (r, g, b))
        if not (r > 180 and 80 < g < 150 and b < 80):
            fail("traces: no dot where the t,x,y trace is at t = 2 (pixel %s)" % ((r, g, b),))
        problems = browser.problems(url)
        if problems:
            fail("traces.html: %s" % problems)
        # Nonsense in the URL is ignored: the page opens at its defaults, without an error.
        url = "file://" + os.path.join(WORK, "overlay.html") + "?zoom=-2&origin=abc&speed=abc&t=abc&plot=&play=1"
        browser.open(url)
        state = browser.evaluate("dynsimView.pause(); dynsimView.state()")
        if state["speed"] != 1 or browser.problems(url):
            fail("bad URL parameters: %s, %s" % (state, browser.problems(url)))
        check_css_linear(browser)
        check_decay_page(browser)
        check_row_times(browser)
        check_contacts_and_format(browser)
        sweep_check.check(browser, dynsim, WORK, fail)
    finally:
        browser.close()
    check_still()
    check_bad_overlays()


def check_row_times(browser):
    """Every row of a 100 kHz run is reachable by its exact time: the page's times are row / rate, as the CSV's are
    (they were once rounded to 2^-18 of the span, 2^-16 s for 4 to 8 s, so a third of the rows shared a time with
    another). The pendulum for 5 s at 100,000 rows a second (500,001 rows): 10,000 of them, every 100th and the next
    one, each seeked by its time from the CSV, and the row index and the page's time for it read back: the same row,
    and the CSV's time to the bit."""
    dynsim("run", "pendulum", "--duration", "5", "--rate", "100000", "--output", "fast.csv")
    dynsim("view", "pendulum", "--duration", "5", "--rate", "100000", "--output", "fast.html")
    times = [float(r["t"]) for r in read_csv("fast.csv")]
    picked = sorted({k for j in range(0, len(times) - 1, 100) for k in (j, j + 1)})[:10000]
    browser.open("file://" + os.path.join(WORK, "fast.html"))
    wrong = browser.evaluate("((ks, ts) => { const bad = []; for (let i = 0; i < ks.length; i++) { dynsimView.seek(ts[i]); "
                             "const st = dynsimView.state(); if (st.frame !== ks[i] || st.time !== ts[i]) bad.push([ks[i], st.frame, st.time]); } "
                             "return bad; })(%s, %s)"
                             % (json.dumps(picked), json.dumps([times[k] for k in picked])))
    rows = browser.evaluate("dynsimView.state().rows")
    print("  row times: %d rows, %d seeked by their times, %d reached another row or time" % (rows, len(picked), len(wrong)))
    if rows != len(times) or len(picked) != 10000 or wrong:
        fail("row times: %d rows in the page for %d in the CSV; rows reached another row: %s" % (rows, len(times), wrong[:5]))


def check_contacts_and_format(browser):
    """Contact points come from prefix sums of the per-frame counts, made once (each frame once re-added every earlier
    frame's count): the boxes' page draws its last frame, contacts shown, without an error. And a page whose payload
    names another format, or lacks a key the contract requires, says so on the page and stops, without an error."""
    dynsim("view", "boxes", "--duration", "3", "--output", "boxes.html")
    browser.open("file://" + os.path.join(WORK, "boxes.html"))
    state = browser.evaluate("dynsimView.seek(1e9); dynsimView.state()")
    print("  contacts: the last frame", state.get("frame"), "of", state.get("rows"), "rows drawn without an error")
    if browser.problems("file://" + os.path.join(WORK, "boxes.html")):
        fail("boxes.html: %s" % browser.problems("file://" + os.path.join(WORK, "boxes.html")))
    with open(os.path.join(WORK, "boxes.html"), encoding="utf-8") as f:
        page = f.read()
    if page.count('"format":"dynsim-replay 1"') != 1:
        fail("boxes.html: the payload's format is not stated once")
    with open(os.path.join(WORK, "future.html"), "w", encoding="utf-8") as f:
        f.write(page.replace('"format":"dynsim-replay 1"', '"format":"dynsim-replay 2"', 1))
    url = "file://" + os.path.join(WORK, "future.html")
    browser.open(url)
    text = browser.evaluate("(document.getElementById('format-error') || {}).textContent || ''")
    print("  format: a page of format 2 says:", text[:80])
    if "dynsim-replay 2" not in text or browser.problems(url):
        fail("future.html: no clear refusal of another payload format (%r, %s)" % (text, browser.problems(url)))
    # A payload of the right format without a key its kind must have (the contract, docs/view.md "The payload").
    with open(os.path.join(WORK, "broken.html"), "w", encoding="utf-8") as f:
        f.write(page.replace('"items":', '"itemz":', 1))
    url = "file://" + os.path.join(WORK, "broken.html")
    browser.open(url)
    text = browser.evaluate("(document.getElementById('payload-error') || {}).textContent || ''")
    print("  contract: a page without items says:", text[:90])
    if "no items (array)" not in text or browser.problems(url):
        fail("broken.html: no clear refusal of a payload without items (%r, %s)" % (text, browser.problems(url)))


def evaluate_linear(css, x):
    """CSS Easing Level 2's linear(): "output [input%]" points, the first input 0% and the last 100% when missing;
    linear between the points (inner inputs all given here)."""
    parts = [p.split() for p in css[len("linear("):-1].split(",")]
    points = []
    for k, p in enumerate(parts):
        points.append((float(p[1][:-1]) / 100 if len(p) > 1 else (0.0 if k == 0 else 1.0), float(p[0])))
    i = 0
    while i + 2 < len(points) and points[i + 1][0] <= x:
        i += 1
    (x0, y0), (x1, y1) = points[i], points[i + 1]
    return y1 if x1 <= x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def spring_progress(zeta, response, t):
    """0 -> 1 from rest, mass 1, k = (2 pi / response)^2, underdamped: the closed form."""
    w0 = 2 * math.pi / response
    wd = w0 * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-zeta * w0 * t) * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))


def check_css_linear(browser):
    """`dynsim export css` for a spring and for a flick's deceleration (per millisecond at rate c, progress
    1 - c^(1000 t), the geometric sum of the recurrence v *= c, x += v): Chromium's own evaluation of the linear()
    string (an element's animation sampled with getComputedStyle) agrees with this file's evaluator, and both stay
    within the asked error of the motion."""
    cases = [
        ("spring", ["--damping-ratio", "0.4", "--response", "0.5"], lambda t: spring_progress(0.4, 0.5, t)),
        ("decay", ["--velocity", "1000", "--deceleration-rate", "fast"], lambda t: 1 - 0.99 ** (1000 * t)),
    ]
    with open(os.path.join(WORK, "blank.html"), "w") as f:
        f.write("<!DOCTYPE html><div id=d style='width:10px;height:10px'></div>")
    url = "file://" + os.path.join(WORK, "blank.html")
    for name, args, truth in cases:
        out = dynsim("export", "css", *args, "--max-error", "0.002").stdout
        line = [l for l in out.splitlines() if l.startswith("transition:")][0]
        ms = float(line.split()[2][:-2])
        css = line[line.index("linear("):].rstrip(";")
        browser.open(url)
        times = [ms * k / 200 for k in range(201)]
        got = browser.evaluate("(() => { const d = document.getElementById('d'); const a = d.animate("
                               "[{transform: 'translateX(0px)'}, {transform: 'translateX(1000px)'}], {duration: %r, easing: %s, fill: 'both'});"
                               "a.pause(); return %s.map(t => { a.currentTime = t; return new DOMMatrix(getComputedStyle(d).transform).m41 / 1000; }); })()"
                               % (ms, json.dumps(css), json.dumps(times)))
        worst_browser = max(abs(g - evaluate_linear(css, t / ms)) for g, t in zip(got, times))
        worst_motion = max(abs(g - truth(t / 1000)) for g, t in zip(got, times))
        print("  css linear() of a %s: Chromium within %.2g of the CSS Easing 2 evaluator, %.2g of the %s (asked 0.002)"
              % (name, worst_browser, worst_motion, name))
        if worst_browser > 1e-4 or worst_motion > 0.002 + 1e-4:
            fail("css linear() of a %s: Chromium %.3g from the evaluator, %.3g from the %s"
                 % (name, worst_browser, worst_motion, name))
        problems = browser.problems(url)
        if problems:
            fail("css linear() of a %s: %s" % (name, problems))


def check_decay_page(browser):
    """Flings side by side (`dynsim view --velocity`): the page, a spring page of two curves, plays to its last row,
    until the slower (UIScrollView at normal: ln(0.5/499)/ln(0.998) ms) stops, without an error."""
    dynsim("view", "--velocity", "1000", "--versus", "android", "--output", "decay.html")
    url = "file://" + os.path.join(WORK, "decay.html")
    browser.open(url)
    state = browser.evaluate("dynsimView.seek(1e9); dynsimView.state()")
    rows = int(240 * math.log(0.5 / 499) / math.log(0.998) / 1000) + 1
    print("  decay page: the last frame", state.get("frame"), "of", state.get("rows"), "rows drawn without an error")
    if state.get("rows") != rows or state.get("frame") != rows - 1 or browser.problems(url):
        fail("decay.html: %s of %d rows, %s" % (state, rows, browser.problems(url)))


def check_still():
    """The SVG still against the CSV."""
    dynsim("run", "pendulum", "--output", "pendulum.csv")
    dynsim("view", "pendulum", "--svg", "pendulum.svg", "--every", "30")
    rows = read_csv("pendulum.csv")
    tree = ET.parse(os.path.join(WORK, "pendulum.svg"))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    strobes = [g for g in tree.getroot().iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "strobe"]
    expected = list(range(0, len(rows), 30)) + ([len(rows) - 1] if (len(rows) - 1) % 30 else [])
    if len(strobes) != len(expected):
        fail("still: %d strobes, expected %d (every 30th of %d rows and the last)" % (len(strobes), len(expected), len(rows)))
    worst = 0.0
    for g in strobes:
        t = float(g.get("data-t"))
        row = row_at(rows, t)
        if abs(float(row["t"]) - t) > 1e-9:
            fail("still: a strobe at t=%s, no row there" % t)
        nums = [float(v) for v in g.get("transform").replace("translate(", "").replace("rotate(", "").replace(")", " ").split()]
        x, y, deg = nums
        worst = max(worst, abs(x - float(row["bob.x"])), abs(y - float(row["bob.y"])),
                    abs(math.radians(deg) - float(row["bob.angle"])) * 50)
    print("  still: %d strobes, positions within %.4f pt of the CSV" % (len(strobes), worst))
    if worst > 0.002:
        fail("still: strobes %.4f pt from the CSV" % worst)
    del ns


def check_bad_overlays():
    """A CSV that is not a run of the scene exits 65, names the line or column, and leaves no page."""
    cases = {
        "no-t.csv": ("x,bob.x\n0,1\n", "line 1, column 1"),
        "ragged.csv": ("t,bob.x,bob.y\n0,1,2\n0.5,1\n", "line 3"),
        "unknown.csv": ("t,bob.x,wheel.x\n0,1,2\n", "line 1, column 3"),
        "text.csv": ("t,bob.x\n0,abc\n", "line 2, column 2 (bob.x)"),
        "backwards.csv": ("t,value\n1,0\n0.5,1\n", "line 3, column 1 (t)"),
        "empty.csv": ("", "is empty"),
        "header-only.csv": ("t,x,y\n", "has a header but no rows"),
    }
    for name, (text, where) in cases.items():
        with open(os.path.join(WORK, name), "w") as f:
            f.write(text)
        out = os.path.join(WORK, "bad.html")
        if os.path.exists(out):
            os.remove(out)
        p = dynsim("view", "pendulum", "--overlay", name, "--output", "bad.html", check=False)
        ok = p.returncode == 65 and (name + ": " + where) in p.stderr and not os.path.exists(out)
        print("  %s: exit %d, %s" % (name, p.returncode, p.stderr.strip().splitlines()[0] if p.stderr else ""))
        if not ok:
            fail("%s: expected exit 65 naming %r and no page, got %d %r" % (name, where, p.returncode, p.stderr))


if __name__ == "__main__":
    main()
    if failures:
        print("%d browser check(s) failed" % len(failures))
        sys.exit(1)
    print("browser checks passed")
