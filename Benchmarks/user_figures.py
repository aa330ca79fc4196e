"""Times what a user waits for (Benchmarks/user-figures.sh runs it): the README's main job, a 1,000-box pile run and
`dynsim view` of 4,000 boxes, with that view's run alone beside it (without and with its contact events). Each
command runs under /usr/bin/time -v (its peak RSS) in --runs interleaved rounds (every command once a round, so a
drift of the machine touches all alike); the table takes each command's minimum wall and CPU time and the largest of
its peak RSS over the rounds. Python 3 standard library only.

Usage: python3 Benchmarks/user_figures.py DYNSIM WORKDIR [--runs N]
WORKDIR must hold boxes1000.json and boxes4000.json (Benchmarks/boxes_scene.py, 10 s, every column); the outputs
are written there."""
import argparse
import os
import platform
import re
import signal
import subprocess
import sys
import time


class Stopped(Exception):
    """SIGTERM or SIGHUP arrived (user-figures.sh passes its interrupt on as SIGTERM)."""


def stop(signum, frame):
    raise Stopped(signum)


def machine():
    """'AMD EPYC 7B13, 2 cores' from /proc/cpuinfo (the CPU model) and the CPUs this process may use."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    model = re.sub(r"\((R|TM)\)", "", model)
    model = re.sub(r"\s+\d+-Core Processor$", "", model)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return "%s, %d cores" % (" ".join(model.split()), cores)


def run_once(argv, stdout_path, work):
    """(wall seconds, CPU seconds (user + system), peak RSS in bytes) of one run of argv from `work`, stdout to
    stdout_path."""
    stats = os.path.join(work, "time-v.txt")
    with open(stdout_path, "wb") as out:
        start = time.perf_counter()
        # Its own process group, so that an interrupt stops dynsim too and not /usr/bin/time alone (which would leave
        # dynsim running, writing into a work directory that is gone).
        p = subprocess.Popen(["/usr/bin/time", "-v", "-o", stats] + argv, cwd=work, stdout=out,
                             stderr=subprocess.PIPE, start_new_session=True)
        try:
            _, err = p.communicate()
        finally:
            if p.poll() is None:
                # SIGINT first: /usr/bin/time ignores it, so it stays to reap dynsim and then exits; SIGKILL for both
                # only if that does not end them (killed first, time would leave dynsim unreaped).
                os.killpg(p.pid, signal.SIGINT)
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
        wall = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit("user_figures.py: %s exited %d: %s" % (" ".join(argv), p.returncode, err.decode(errors="replace")[-2000:]))
    with open(stats) as f:
        text = f.read()
    # /usr/bin/time -v gives CPU time to 10 ms: the main job's is 0.00 or 0.01 s.
    found = [re.search(pattern, text) for pattern in (
        r"User time \(seconds\): ([\d.]+)", r"System time \(seconds\): ([\d.]+)",
        r"Maximum resident set size \(kbytes\): (\d+)")]
    if not all(found):
        sys.exit("user_figures.py: no times or peak RSS in /usr/bin/time -v's report:\n" + text)
    user, system, rss = (m.group(1) for m in found)
    return wall, float(user) + float(system), int(rss) * 1024


def seconds(s):
    return "%.3f s" % s if s < 1 else "%.2f s" % s


def megabytes(b):
    return "%.1f MB" % (b / 1e6) if b >= 1e5 else "%.0f kB" % (b / 1e3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dynsim")
    parser.add_argument("work")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not 1 <= args.runs <= 100:
        parser.error("--runs must be from 1 to 100, got %d" % args.runs)
    for name in ("boxes1000.json", "boxes4000.json"):
        if not os.path.isfile(os.path.join(args.work, name)):
            parser.error("WORKDIR %r has no %s (Benchmarks/boxes_scene.py writes it)" % (args.work, name))
    if not (os.path.isfile(args.dynsim) and os.access(args.dynsim, os.X_OK)):
        parser.error("DYNSIM %r is not an executable file" % args.dynsim)
    d, work = os.path.abspath(args.dynsim), os.path.abspath(args.work)
    null = os.devnull
    # (key, what, the command as the table shows it, argv, stdout, the output file measured or None)
    jobs = [
        ("main", "the main job: the default scene (swinging-view), 10 s, 601 rows", "dynsim > swing.csv",
         [d], os.path.join(work, "swing.csv"), os.path.join(work, "swing.csv")),
        ("pile", "a 1,000-box pile (scene C), 10 s, every column", "dynsim run boxes1000.json --output boxes1000.csv",
         [d, "run", "boxes1000.json", "--output", "boxes1000.csv"], null, os.path.join(work, "boxes1000.csv")),
        ("view", "`dynsim view` of 4,000 boxes (scene C), 10 s", "dynsim view boxes4000.json --output boxes4000.html",
         [d, "view", "boxes4000.json", "--output", "boxes4000.html"], null, os.path.join(work, "boxes4000.html")),
        ("viewrun", "the same run alone (CSV to /dev/null)", "dynsim run boxes4000.json > /dev/null",
         [d, "run", "boxes4000.json"], null, None),
        ("viewevents", "the same run with its contact events, as the view records them",
         "dynsim run boxes4000.json --events /dev/null > /dev/null",
         [d, "run", "boxes4000.json", "--events", "/dev/null"], null, None),
    ]
    best = {key: (float("inf"), float("inf"), 0) for key, *_ in jobs}
    for round_ in range(1, args.runs + 1):
        for key, what, shown, argv, stdout_path, _ in jobs:
            wall, cpu, rss = run_once(argv, stdout_path, work)
            print("user-figures: round %d of %d: %-52s %7.3f s wall %7.3f s CPU %4.0f MB" % (
                round_, args.runs, shown, wall, cpu, rss / 1e6), file=sys.stderr)
            best[key] = (min(best[key][0], wall), min(best[key][1], cpu), max(best[key][2], rss))
    view = best["view"][0]
    rows = []
    for key, what, shown, argv, stdout_path, output in jobs:
        wall, cpu, rss = best[key]
        size = megabytes(os.path.getsize(output)) if output else "(none)"
        if key in ("viewrun", "viewevents"):
            what += ": %.0f%% of the view's time" % (100 * wall / view)
        rows.append("| %s | `%s` | %s | %s | %s | %s |" % (
            what, shown, seconds(wall), "%.2f s" % cpu, megabytes(rss), size))
    print("| what | command | wall time | CPU time | peak RSS | output |")
    print("| --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    print()
    print("Machine: %s. Wall and CPU (user + system) time: the minimum of %d interleaved runs; peak RSS: the largest "
          "(/usr/bin/time -v)." % (machine(), args.runs))


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    # Started in the background by user-figures.sh, it inherits SIGINT ignored; a Ctrl-C should stop it all the same.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        main()
    except (Stopped, KeyboardInterrupt):
        sys.exit("user_figures.py: interrupted")
