"""JavaScript tests of the viewer's decoders and its time -> row mapping (decode_test.js), in headless Chromium,
against the Swift packer's real output: for each scene, the payload of the page `dynsim view` writes (taken out of
the HTML) and the CSV `dynsim run` writes for the same run, the independent source. A test page holds the payload,
the expected values and the viewer's contract.js, decode.js and timeline.js with decode_test.js, joined as embed.py
joins the viewer (one strict-mode function). Every decoded column must match the CSV within the packer's stated
quantisation (half a step, the step at most 2^-18 of the column's range), the row times to the bit, and each query
time must show the nearest row (the later at an exact tie). Exits 1 on any failure.
Usage: python3 decode_check.py DYNSIM WORKDIR"""
import csv
import html
import json
import os
import subprocess
import sys

import cdp

HERE = os.path.dirname(os.path.abspath(__file__))
WEB = os.path.join(HERE, "..", "..", "Sources", "Replay", "Web")
MODULES = ["contract.js", "decode.js", "timeline.js"]
# Items and drags (swinging-view), contacts and sleep (boxes, stack), layers (card-flip), text columns (transition).
SCENES = ["swinging-view", "boxes", "stack", "card-flip", "transition"]


def element_text(page, element_id):
    start = page.index('id="%s">' % element_id) + len('id="%s">' % element_id)
    return page[start:page.index("</script>", start)]


def row_shown(times, t):
    """The row a time shows, by the rule docs/view.md states, computed here from the CSV's times: the nearest row, the
    later of two when t is within 1e-12 s of halfway between them; the first before the run, the last after it."""
    if t <= times[0]:
        return 0
    if t >= times[-1]:
        return len(times) - 1
    k = max(i for i in range(len(times)) if times[i] <= t)
    return k if (t - times[k]) < (times[k + 1] - t) - 1e-12 else k + 1


def queries(times):
    """Query times at and around the rows' boundaries (a quarter, a hair before and after halfway, halfway, three
    quarters between rows), before and after the run, with the rows they must show."""
    picked = sorted(set(list(range(0, min(len(times) - 1, 40))) + list(range(0, len(times) - 1, 37))))
    out = [(times[0] - 1, 0), (times[-1] + 1, len(times) - 1), (times[-1], len(times) - 1)]
    for k in picked:
        a, b = times[k], times[k + 1]
        mid = a + (b - a) / 2
        for t in (a, a + 0.25 * (b - a), mid - 1e-9, mid, mid + 1e-9, a + 0.75 * (b - a)):
            out.append((t, row_shown(times, t)))
    return out


def fixture(dynsim, work, scene):
    # Every column in the CSV (a built-in scene's `columns` may keep a few only; the page keeps them all).
    definition = json.loads(subprocess.run([dynsim, "scenes", scene], check=True, capture_output=True).stdout)
    definition.pop("columns", None)
    with open(os.path.join(work, scene + ".json"), "w") as f:
        json.dump(definition, f)
    for args in (["run", scene + ".json", "--output", scene + ".csv"],
                 ["view", scene + ".json", "--output", scene + ".html"]):
        subprocess.run([dynsim] + args, cwd=work, check=True, capture_output=True)
    with open(os.path.join(work, scene + ".html"), encoding="utf-8") as f:
        page = f.read()
    payload, blob = element_text(page, "dynsim-data"), element_text(page, "dynsim-blob")
    names = [c["name"] for c in json.loads(payload)["columns"]]
    with open(os.path.join(work, scene + ".csv"), newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    columns = {}
    for name in names:
        j = header.index(name)
        values = [r[j] for r in rows[1:]]
        try:
            columns[name] = [float(v) for v in values]
        except ValueError:
            columns[name] = values
    times = [float(r[0]) for r in rows[1:]]
    expected = json.dumps({"t": times, "columns": columns, "queries": queries(times)})
    scripts = []
    for name in MODULES + ["decode_test.js"]:
        with open(os.path.join(WEB if name != "decode_test.js" else HERE, name), encoding="utf-8") as f:
            scripts.append(f.read().rstrip("\n"))
    script = "(function () {\n'use strict';\n" + "\n\n".join(scripts) + "\n})();"
    test_page = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" "
                 "content=\"default-src 'none'; script-src 'unsafe-inline'\"><title>decode tests</title></head><body>"
                 "<script type=\"application/json\" id=\"dynsim-data\">%s</script>"
                 "<script type=\"application/octet-stream\" id=\"dynsim-blob\">%s</script>"
                 "<script type=\"application/json\" id=\"expected\">%s</script><script>%s</script></body></html>"
                 % (payload, blob, html.escape(expected, quote=False).replace("&gt;", ">"), script))
    path = os.path.join(work, scene + "-decode-test.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(test_page)
    return path


def main():
    dynsim, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(work, exist_ok=True)
    failed = 0
    browser = cdp.Browser()
    try:
        for scene in SCENES:
            url = "file://" + fixture(dynsim, work, scene)
            browser.open(url)
            r = browser.evaluate("window.decodeResults || {checks: 0, failures: ['the tests did not run']}")
            problems = browser.problems(url)
            print("  decode %s: %d checks, %d columns against the CSV (worst %.2f of the allowed error), %d query "
                  "times, %d failed" % (scene, r["checks"], r.get("columns", 0), r.get("worst", 0), r.get("queries", 0),
                                        len(r["failures"]) + len(problems)))
            for f in r["failures"][:10] + problems:
                print("FAIL: decode %s: %s" % (scene, f))
            failed += len(r["failures"]) + len(problems) + (r["checks"] == 0)
    finally:
        browser.close()
    if failed:
        print("%d decoder check(s) failed" % failed)
        sys.exit(1)
    print("decoder checks passed")


if __name__ == "__main__":
    main()
