"""Browser check of a sweep's page (`dynsim view SWEEP.csv`, docs/view.md "Sweeps"), run by check.py.

A 4 x 3 sweep of the pendulum's position is written by the dynsim under test and viewed; in Chromium:
- every cell of the heatmap is where the table's (x, y) puts it (x's values across in order, y's up), and its pixel
  colour is the viridis colour of its value on the scale from the table's least value to its greatest, computed here
  from this file's own copy of the published viridis table (within 2 of 255 a channel);
- hovering a known cell (a real mouse event) shows the table's values for it, to the bit;
- clicking it shows its parameters, and the command the page gives reproduces it: run, it writes the same id and value;
- the legend's ends are the table's least and greatest values; the metric dropdown recolours the cells;
- a run with no value is drawn grey and hatched, and says so on hover; one varied field and random samples are
  scatters; no console error, exception or network request.
"""
import csv
import io
import os
import shlex
import subprocess

from PIL import Image

# viridis (Stéfan van der Walt and Nathaniel Smith, matplotlib, CC0), as d3-scale-chromatic publishes its 256 colours
# (src/sequential-multi/viridis.js, ISC), copied here so the check does not read the page's table.
VIRIDIS = (
    "44015444025645045745055946075a46085c460a5d460b5e470d60470e61471063471164471365481467481668481769"
    "48186a481a6c481b6d481c6e481d6f481f70482071482173482374482475482576482677482878482979472a7a472c7a"
    "472d7b472e7c472f7d46307e46327e46337f463480453581453781453882443983443a83443b84433d84433e85423f85"
    "4240864241864142874144874045884046883f47883f48893e49893e4a893e4c8a3d4d8a3d4e8a3c4f8a3c508b3b518b"
    "3b528b3a538b3a548c39558c39568c38588c38598c375a8c375b8d365c8d365d8d355e8d355f8d34608d34618d33628d"
    "33638d32648e32658e31668e31678e31688e30698e306a8e2f6b8e2f6c8e2e6d8e2e6e8e2e6f8e2d708e2d718e2c718e"
    "2c728e2c738e2b748e2b758e2a768e2a778e2a788e29798e297a8e297b8e287c8e287d8e277e8e277f8e27808e26818e"
    "26828e26828e25838e25848e25858e24868e24878e23888e23898e238a8d228b8d228c8d228d8d218e8d218f8d21908d"
    "21918c20928c20928c20938c1f948c1f958b1f968b1f978b1f988b1f998a1f9a8a1e9b8a1e9c891e9d891f9e891f9f88"
    "1fa0881fa1881fa1871fa28720a38620a48621a58521a68522a78522a88423a98324aa8325ab8225ac8226ad8127ad81"
    "28ae8029af7f2ab07f2cb17e2db27d2eb37c2fb47c31b57b32b67a34b67935b77937b87838b9773aba763bbb753dbc74"
    "3fbc7340bd7242be7144bf7046c06f48c16e4ac16d4cc26c4ec36b50c46a52c56954c56856c66758c7655ac8645cc863"
    "5ec96260ca6063cb5f65cb5e67cc5c69cd5b6ccd5a6ece5870cf5773d05675d05477d1537ad1517cd2507fd34e81d34d"
    "84d44b86d54989d5488bd6468ed64590d74393d74195d84098d83e9bd93c9dd93ba0da39a2da37a5db36a8db34aadc32"
    "addc30b0dd2fb2dd2db5de2bb8de29bade28bddf26c0df25c2df23c5e021c8e020cae11fcde11dd0e11cd2e21bd5e21a"
    "d8e219dae319dde318dfe318e2e418e5e419e7e419eae51aece51befe51cf1e51df4e61ef6e620f8e621fbe723fde725"
)
ANCHORS = [tuple(int(VIRIDIS[6 * k + i:6 * k + i + 2], 16) for i in (0, 2, 4)) for k in range(len(VIRIDIS) // 6)]


def viridis(t):
    """The colour at t (0 ... 1): linear between the two anchors on either side of t x 255, channels rounded."""
    u = min(1.0, max(0.0, t)) * (len(ANCHORS) - 1)
    k = min(len(ANCHORS) - 2, int(u))
    f = u - k
    return tuple(int(round(ANCHORS[k][i] * (1 - f) + ANCHORS[k + 1][i] * f)) for i in range(3))


def read_table(path):
    with open(path) as f:
        rows = list(csv.reader(f))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


class SweepCheck:
    def __init__(self, browser, dynsim, work, fail):
        self.browser, self.dynsim, self.work, self.fail = browser, dynsim, work, fail

    def url(self, page):
        return "file://" + os.path.join(self.work, page)

    def pixel(self, img, x, y):
        s = self.browser.scale
        return img.getpixel((int(x * s), int(y * s)))[:3]

    def screenshot(self):
        self.browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))",
                              await_promise=True)
        return Image.open(io.BytesIO(self.browser.screenshot_png())).convert("RGB")

    def mouse(self, kind, x, y):
        params = {"type": kind, "x": x, "y": y}
        if kind != "mouseMoved":
            params.update(button="left", clickCount=1)
        self.browser.send("Input.dispatchMouseEvent", params)

    def cells(self, rows, xpath, ypath):
        """Each run's cell center (client CSS px) from the table alone: x's values across, y's up, in the plot area."""
        xs = sorted({float(r[xpath]) for r in rows})
        ys = sorted({float(r[ypath]) for r in rows})
        ax, ay, aw, ah = self.browser.evaluate("dynsimSweep.area()")
        return {int(r["run"]): (ax + (xs.index(float(r[xpath])) + 0.5) * aw / len(xs),
                                ay + (len(ys) - 0.5 - ys.index(float(r[ypath]))) * ah / len(ys)) for r in rows}

    def colours(self, rows, centers, metric, label):
        """Every cell's pixel against viridis of its value; returns the worst channel difference."""
        values = [float(r[metric]) for r in rows]
        lo, hi = min(values), max(values)
        img = self.screenshot()
        worst = 0
        for r in rows:
            want = viridis((float(r[metric]) - lo) / (hi - lo))
            got = self.pixel(img, *centers[int(r["run"])])
            worst = max(worst, max(abs(a - b) for a, b in zip(want, got)))
            if max(abs(a - b) for a, b in zip(want, got)) > 2:
                self.fail("sweep %s: run %s (%s = %s) drawn %s, viridis gives %s" % (label, r["run"], metric, r[metric], got, want))
        print("  sweep %s: %d cells, each within %d of 255 of viridis(its value) on [%s, %s]" % (label, len(rows), worst, lo, hi))
        return lo, hi

    def run(self):
        xpath, ypath, metric = "items[0].center[0]", "items[0].center[1]", "max:bob.vy"
        self.dynsim("sweep", "pendulum", "--vary", xpath + "=100:300:4", "--vary", ypath + "=100:200:3",
                    "--metric", metric, "--metric", "final:bob.x", "--duration", "0.5", "--output", "sweep.csv")
        self.dynsim("view", "sweep.csv", "--scene", "pendulum", "--output", "sweep.html")
        header, rows = read_table(os.path.join(self.work, "sweep.csv"))
        url = self.url("sweep.html")
        self.browser.open(url)
        state = self.browser.evaluate("dynsimSweep.state()")
        if (state["mode"], state["metric"], state["x"], state["y"]) != ("grid", metric, xpath, ypath):
            self.fail("sweep: the page shows %s, expected a grid of %s over %s, %s" % (state, metric, xpath, ypath))
        centers = self.cells(rows, xpath, ypath)
        for run, (x, y) in centers.items():
            where = self.browser.evaluate("dynsimSweep.where(%d)" % run)
            if abs(where["x"] - x) > 0.5 or abs(where["y"] - y) > 0.5:
                self.fail("sweep: run %d drawn at %s, the table puts it at %s" % (run, where, (x, y)))
        lo, hi = self.colours(rows, centers, metric, metric)
        legend = self.browser.evaluate("[document.getElementById('sweep-min').textContent, "
                                       "document.getElementById('sweep-max').textContent]")
        if [float(t) for t in legend] != [lo, hi]:
            self.fail("sweep: the legend shows %s, the table's range is %s" % (legend, [lo, hi]))
        self.hover_and_click(rows, centers, metric, xpath, ypath)
        # The metric dropdown, as a user's pick: the cells take the other metric's colours.
        self.browser.evaluate("(() => { const s = document.getElementById('sweep-metric'); s.value = '1'; "
                              "s.dispatchEvent(new Event('change')); })()")
        self.colours(rows, centers, "final:bob.x", "final:bob.x")
        problems = self.browser.problems(url)
        if problems:
            self.fail("sweep.html: %s" % problems)
        self.empty_and_scatters(header, rows, centers, xpath, ypath)

    def hover_and_click(self, rows, centers, metric, xpath, ypath):
        """A known cell, run 4: the values on hover, the parameters and the command on click; the command run."""
        known = rows[4]
        x, y = centers[4]
        self.mouse("mouseMoved", x, y)
        tip = self.browser.evaluate("(() => { const t = document.getElementById('sweep-tip'); "
                                    "return t.hidden ? '' : t.textContent; })()")
        shown = dict(line.split(" = ", 1) for line in tip.splitlines() if " = " in line)
        print("  sweep hover on run 4:", tip.replace("\n", "; "))
        for key in (xpath, ypath, metric):
            if key not in shown or float(shown[key]) != float(known[key]):
                self.fail("sweep: hovering run 4 shows %s = %s, the table %s" % (key, shown.get(key), known[key]))
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)
        command = self.browser.evaluate("(document.getElementById('sweep-command') || {}).textContent || ''")
        detail = self.browser.evaluate("document.getElementById('sweep-detail').textContent")
        print("  sweep click on run 4:", command)
        for key in header_values(known):
            if known[key] not in detail:
                self.fail("sweep: the clicked run's parameters lack %s = %s: %r" % (key, known[key], detail))
        words = shlex.split(command)
        if words[:3] != ["dynsim", "sweep", "pendulum"]:
            self.fail("sweep: the command is %r" % command)
            return
        again = self.dynsim(*(words[1:] + ["--duration", "0.5"])).stdout.splitlines()
        row = dict(zip(again[0].split(","), again[1].split(",")))
        if row["id"] != known["id"] or float(row[metric]) != float(known[metric]):
            self.fail("sweep: the command gives id %s, %s = %s; the table: %s, %s" % (
                row["id"], metric, row[metric], known["id"], known[metric]))
        else:
            print("  sweep: the command reproduces run 4 (id %s, %s = %s)" % (row["id"], metric, row[metric]))

    def empty_and_scatters(self, header, rows, centers, xpath, ypath):
        """A run without a value is grey and hatched; one field, and random samples, are scatters."""
        with open(os.path.join(self.work, "holes.csv"), "w") as f:
            lines = [",".join(header)] + [",".join(r[h] for h in header) for r in rows]
            cells = lines[6].split(",")
            cells[4] = ""  # run 5's max:bob.vy
            lines[6] = ",".join(cells)
            f.write("\n".join(lines) + "\n")
        self.dynsim("view", "holes.csv", "--output", "holes.html")
        self.browser.open(self.url("holes.html"))
        img = self.screenshot()
        x, y = centers[5]
        greys = [self.pixel(img, x + dx, y + dy) for dx in (-8, -3, 0, 3, 8) for dy in (-8, 0, 8)]
        hatched = all(max(p) - min(p) <= 2 for p in greys) and len(set(greys)) > 1
        self.mouse("mouseMoved", x, y)
        tip = self.browser.evaluate("document.getElementById('sweep-tip').textContent")
        print("  sweep: a run with no value drawn in", sorted(set(greys)), "says", tip.splitlines()[2:3])
        if not hatched or "no value" not in tip:
            self.fail("sweep: run 5 without a value is not grey and hatched (%s) or its hover says %r" % (greys, tip))
        self.dynsim("sweep", "pendulum", "--vary", xpath + "=100:300:5", "--metric", "max:bob.vy", "--duration",
                    "0.5", "--format", "jsonl", "--output", "line.jsonl")
        self.dynsim("sweep", "pendulum", "--vary", xpath + "=uniform(100,300)", "--vary", ypath + "=uniform(100,200)",
                    "--samples", "7", "--seed", "3", "--metric", "max:bob.vy", "--duration", "0.5",
                    "--output", "samples.csv")
        for table, mode in (("line.jsonl", "line"), ("samples.csv", "scatter")):
            page = table.split(".")[0] + ".html"
            self.dynsim("view", table, "--output", page)
            self.browser.open(self.url(page))
            state = self.browser.evaluate("dynsimSweep.state()")
            print("  sweep: %s is a %s of %d runs" % (table, state["mode"], len(state["shown"])))
            if state["mode"] != mode or self.browser.problems(self.url(page)):
                self.fail("sweep: %s drawn as %s, expected %s (%s)" % (table, state["mode"], mode,
                                                                       self.browser.problems(self.url(page))))


def header_values(row):
    """The columns a clicked run lists: its varied values and metrics (run, id and status aside)."""
    return [k for k in row if k not in ("run", "id", "status")]


def check(browser, dynsim, work, fail):
    SweepCheck(browser, dynsim, work, fail).run()
