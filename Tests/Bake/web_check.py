"""Browser check of `dynsim bake --target css` (its stylesheet and page) and `--target waapi` in headless Chromium,
run by Tests/Bake/web.sh.

For swinging-view, drop-and-spread, bouncing-ball, view-animation (whose views turn) and basic-animations (layers
that turn 315 deg, scale and fade, so rotation, scale and opacity are exercised), each in both profiles (uikit,
precise): `dynsim bake --target all` writes NAME.css, NAME.html and NAME.waapi.js; the page, and a page here that
imports the module and calls its `play(mount(stage))`, are opened in Chromium (served over 127.0.0.1 HTTP, as module
scripts are not loaded from file: URLs). In one evaluation per page, every Animation is paused and, for each sample
time of `dynsim run SCENE --profile P --rate 240`, set to that `currentTime`; each element's bounding box centre
(client CSS px, less the stage's own corner, so the page's scroll and the device pixel ratio play no part) and its
computed `translate`, `rotate`, `scale` and `opacity` are read. A rotated element's bounding box is still centred on
its centre.

Compared with the run itself (items `<n>.x`, `.y`, `.angle` radians; layers `.position.x`, `.y`,
`.transform.rotation.z`, `.transform.scale.x`, `.y`, `.opacity`; a view nested in another, `<n>.root.position.x`,
`.y`, `.root.rotation.z`, its place on screen): the centre's x and y each within E (0.5 pt, the bake's bound per
channel) plus the rounding measured on the page, the box centre against its computed `translate` (Chromium lays boxes
out in 1/64 px, but `left: -w/2` is exact there and `translate` goes through the transform in floating point: about
5e-5 px is measured; more than 1/16 px fails); rotation within 0.5 deg, scale and opacity within 0.005 where the run
has them. Prints the worst per scene, object and target; exits 1 on any failure (or a page exception or console
error).
Usage: python3 web_check.py DYNSIM WORKDIR
"""
import csv
import functools
import http.server
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Browser"))
import cdp  # noqa: E402  (Tests/Browser/cdp.py)

DYNSIM, WORK = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SCENES = ("swinging-view", "drop-and-spread", "bouncing-ball", "view-animation", "basic-animations")
PROFILES = ("uikit", "precise")
RATE = 240
E_POS, E_ROT, E_SCALE = 0.5, 0.5, 0.005
MAX_ROUNDING = 1 / 16  # a layout rounding beyond this is not rounding: fail
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def dynsim(*args, cwd=WORK):
    p = subprocess.run([DYNSIM] + list(args), cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("dynsim %s failed (%d): %s" % (" ".join(args), p.returncode, p.stderr))
    return p


def columns(header, name):
    """The run's columns for an object: its screen place when nested (root.*), its own otherwise."""
    if name + ".root.position.x" in header:
        return name + ".root.position.x", name + ".root.position.y", name + ".root.rotation.z"
    for rot in (".angle", ".rotation", ".transform.rotation.z"):
        if name + ".x" in header and name + rot in header:
            return name + ".x", name + ".y", name + rot
    if name + ".position.x" in header:
        return name + ".position.x", name + ".position.y", name + ".transform.rotation.z"
    raise SystemExit("no columns for %r in %s" % (name, header))


def optional(header, name, suffixes):
    for s in suffixes:
        if name + s in header:
            return name + s
    return None


MEASURE = """
((times) => {
  const anims = window.dynsimAnimations || document.getAnimations();
  for (const a of anims) a.pause();
  const stage = document.querySelector(".dynsim-stage") || document.getElementById("stage");
  const els = [...stage.children];
  const rows = [];
  for (const t of times) {
    for (const a of anims) a.currentTime = t;
    const s = stage.getBoundingClientRect();
    rows.push(els.map((e) => {
      const r = e.getBoundingClientRect();
      const c = getComputedStyle(e);
      return [r.left + r.width / 2 - s.left, r.top + r.height / 2 - s.top, c.translate, c.rotate, c.scale, c.opacity];
    }));
  }
  return { names: els.map((e) => e.dataset.name), dpr: devicePixelRatio, scroll: [scrollX, scrollY],
           animations: anims.length, rows };
})(%s)
"""

WAAPI_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>waapi</title></head>
<body style="margin: 7px 0 0 13px"><div id="stage"></div>
<script type="module">
import * as m from "./%s";
window.dynsimAnimations = m.play(m.mount(document.getElementById("stage")));
m.register();  // a second registration is not an error
window.dynsimReady = true;
</script></body></html>
"""


def parse_px(text):
    assert text.endswith("px"), text
    return float(text[:-2])


def parse_translate(text):
    parts = text.split()
    return parse_px(parts[0]), parse_px(parts[1]) if len(parts) > 1 else 0.0


def parse_rotate(text):
    if text == "none":
        return 0.0
    last = text.split()[-1]
    assert last.endswith("deg"), text
    return float(last[:-3])


def parse_scale(text):
    if text == "none":
        return 1.0, 1.0
    parts = [float(p) for p in text.split()]
    return parts[0], parts[1] if len(parts) > 1 else parts[0]


def angle_diff(a, b):
    return abs((a - b + 180) % 360 - 180)


def serve(directory):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def check(browser, base, scene, profile, worst_all):
    folder = os.path.join(WORK, scene + "-" + profile)
    os.makedirs(folder, exist_ok=True)
    dynsim("bake", scene, "--profile", profile, "--target", "all", "--output", folder)
    with open(os.path.join(folder, "run.csv"), "w") as f:
        f.write(dynsim("run", scene, "--profile", profile, "--rate", str(RATE)).stdout)
    with open(os.path.join(folder, "run.csv")) as f:
        table = list(csv.reader(f))
    header, rows = table[0], [[float(v) for v in r] for r in table[1:]]
    ti = header.index("t")
    times = [r[ti] for r in rows]
    with open(os.path.join(folder, "waapi.html"), "w") as f:
        f.write(WAAPI_PAGE % (scene + ".waapi.js"))
    for target, page in (("css", scene + ".html"), ("waapi", "waapi.html")):
        url = "%s/%s-%s/%s" % (base, scene, profile, page)
        browser.open(url)
        if target == "waapi":
            browser.evaluate("new Promise((r) => { const f = () => window.dynsimReady ? r(true) : setTimeout(f, 10); "
                             "f(); })", await_promise=True)
        got = browser.evaluate(MEASURE % json.dumps([t * 1000 for t in times]))
        problems = [e for e in browser.events if e["method"] == "Runtime.exceptionThrown" or
                    (e["method"] == "Runtime.consoleAPICalled" and e["params"].get("type") in ("error", "warning"))]
        if problems:
            fail("%s %s %s: page problems %s" % (scene, profile, target, problems[:3]))
        if got["animations"] == 0:
            fail("%s %s %s: no animation on the page" % (scene, profile, target))
        rounding = 0.0
        results = {}
        for j, name in enumerate(got["names"]):
            cx, cy, ca = (header.index(c) for c in columns(header, name))
            sx = optional(header, name, (".scale.x", ".transform.scale.x"))
            sy = optional(header, name, (".scale.y", ".transform.scale.y"))
            op = optional(header, name, (".alpha", ".opacity"))
            w = {"pos": (0.0, 0.0), "rot": (0.0, 0.0), "scale": (0.0, 0.0), "opacity": (0.0, 0.0)}
            for k, r in enumerate(rows):
                bx, by, translate, rotate, scale, opacity = got["rows"][k][j]
                tx, ty = parse_translate(translate)
                rounding = max(rounding, abs(bx - tx), abs(by - ty))
                errs = {"pos": max(abs(bx - r[cx]), abs(by - r[cy])),
                        "rot": angle_diff(parse_rotate(rotate), math.degrees(r[ca]))}
                gx, gy = parse_scale(scale)
                if sx is not None:
                    errs["scale"] = max(abs(gx - r[header.index(sx)]), abs(gy - r[header.index(sy)]))
                if op is not None:
                    errs["opacity"] = abs(float(opacity) - r[header.index(op)])
                for key, e in errs.items():
                    if e > w[key][0]:
                        w[key] = (e, r[ti])
            results[name] = w
        if rounding > MAX_ROUNDING:
            fail("%s %s %s: box centres differ from the computed translate by %.4g px, more than rounding" %
                 (scene, profile, target, rounding))
        bounds = {"pos": E_POS + rounding, "rot": E_ROT, "scale": E_SCALE, "opacity": E_SCALE}
        print("%s --profile %s %s: %d samples at %d Hz, %d animation(s), dpr %s, scroll %s, layout rounding %.4g px"
              % (scene, profile, target, len(rows), RATE, got["animations"], got["dpr"], got["scroll"], rounding))
        for name, w in results.items():
            print("  %-6s %-4s worst: centre %.5f pt (t %.4f), rotation %.5f deg (t %.4f)%s%s" % (
                name, target, w["pos"][0], w["pos"][1], w["rot"][0], w["rot"][1],
                ", scale %.4g" % w["scale"][0] if w["scale"][0] else "",
                ", opacity %.4g" % w["opacity"][0] if w["opacity"][0] else ""))
            for key, (e, t) in w.items():
                worst_all[key] = max(worst_all[key], e)
                if e > bounds[key]:
                    fail("%s %s %s %s: %s error %.4g at t %.4f, bound %.4g" % (
                        scene, profile, target, name, key, e, t, bounds[key]))
        worst_all["rounding"] = max(worst_all["rounding"], rounding)
        if sorted(got["names"]) != sorted(set(got["names"])) or not got["names"]:
            fail("%s %s %s: elements %s" % (scene, profile, target, got["names"]))


def main():
    start = time.time()
    # A TERM or HUP (web.sh's caller giving up) unwinds through the finally below, which stops chromium by its PID.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *a: sys.exit(1))
    server = serve(WORK)
    base = "http://127.0.0.1:%d" % server.server_address[1]
    browser = cdp.Browser(width=1200, height=1200, scale=2)
    worst = {"pos": 0.0, "rot": 0.0, "scale": 0.0, "opacity": 0.0, "rounding": 0.0}
    try:
        for scene in SCENES:
            for profile in PROFILES:
                check(browser, base, scene, profile, worst)
    finally:
        browser.close()
        server.shutdown()
    print("worst over all: centre %.5f pt, rotation %.5f deg, scale %.4g, opacity %.4g, layout rounding %.4g px "
          "(%.1f s)" % (worst["pos"], worst["rot"], worst["scale"], worst["opacity"], worst["rounding"],
                        time.time() - start))
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("bake web targets: all checks passed")


main()
