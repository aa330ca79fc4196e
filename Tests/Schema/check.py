"""Holds `dynsim schema` and the scene decoder together (issue 16).

    python3 Tests/Schema/check.py BINARY [--mutations 400] [--seed 1]

1. The schema is a valid draft 2020-12 schema (jsonschema's own meta-schema check).
2. Every built-in scene (`dynsim scenes NAME`) validates.
3. Seeded mutations of the built-ins (an unknown field, a wrong type, a bogus enum or name, a deleted field, an
   out-of-range number), each decoded by `dynsim run FILE --duration 0` and validated by the schema:
   - the schema must refuse no scene the decoder accepts;
   - a scene the decoder refuses and the schema accepts must be refused for a rule between fields (a name that must
     exist, two fields that exclude each other, ...): its message must match one of CROSS_FIELD, the rules
     docs/scene-format.md lists under "Rules between fields".
Prints the counts; exits 1 when a check fails.
"""
import copy
import json
import os
import random
import re
import subprocess
import sys
import tempfile

import jsonschema

# The decoder's messages for rules between fields, which a JSON Schema does not state (docs/scene-format.md).
CROSS_FIELD = [
    r"no such (item|layer|view|animator|layer or view)", r"must name (an earlier|another)", r"duplicate (name|key|column)",
    r"already names", r"not both", r"at most two of", r"overlaps", r"unknown column",
    # Order within an array: times and key times that must not go backwards.
    r"time goes backwards", r"must not decrease", r"must not go backwards",
    # SVG path data's grammar (a string the schema takes as a string).
    r"\.path: ",
    # Requirements that depend on other fields: items unless the scene has views or layers; an attachment's anchor,
    # other item or drag.
    r"unless it has views or layers", r"an anchor \[x, y\] in points, or attachedTo an item, or a drag",
    # A block change's value takes the kind its `property` names (a point for center, a rectangle for frame).
    r"must be an array of numbers for (center|frame|size|scale|backgroundColor)\b",
]


def walk(value, path=()):
    """Every (path, value) below value."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, path + (i,))


def get(root, path):
    for p in path:
        root = root[p]
    return root


def mutate(scene, rng):
    """One mutation of a copy of scene: (kind, path, mutated scene), or None when the kind has nothing to act on."""
    s = copy.deepcopy(scene)
    nodes = list(walk(s))
    kind = rng.choice(["unknown", "type", "enum", "delete", "range"])
    if kind == "unknown":
        path, obj = rng.choice([(p, v) for p, v in nodes if isinstance(v, dict)])
        obj["zzz"] = 1
        return kind, path + ("zzz",), s
    if kind == "delete":
        objects = [(p, v) for p, v in nodes if isinstance(v, dict) and v]
        path, obj = rng.choice(objects)
        key = rng.choice(list(obj))
        del obj[key]
        return kind, path + (key,), s
    leaves = [(p, v) for p, v in nodes if p and not isinstance(v, (dict, list))]
    if kind == "enum":
        leaves = [(p, v) for p, v in leaves if isinstance(v, str) and p[-1] != "$schema"]
    if kind == "range":
        leaves = [(p, v) for p, v in leaves if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if not leaves:
        return None
    path, v = rng.choice(leaves)
    parent = get(s, path[:-1])
    if kind == "type":
        parent[path[-1]] = "x" if isinstance(v, (int, float)) and not isinstance(v, bool) else (7 if isinstance(v, str) else "yes")
    elif kind == "enum":
        parent[path[-1]] = "bogus"
    else:
        parent[path[-1]] = rng.choice([1e12, -1e12, -1.0, 2.0, 0.0])
    return kind, path, s


def main():
    args = sys.argv[1:]
    count, seed = 400, 1
    if "--mutations" in args:
        i = args.index("--mutations"); count = int(args[i + 1]); del args[i:i + 2]
    if "--seed" in args:
        i = args.index("--seed"); seed = int(args[i + 1]); del args[i:i + 2]
    binary = args[0]
    schema = json.loads(subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    names = [l.split()[0] for l in subprocess.run([binary, "scenes"], check=True, capture_output=True, text=True).stdout.splitlines()]
    builtins = {n: json.loads(subprocess.run([binary, "scenes", n], check=True, capture_output=True, text=True).stdout) for n in names}
    failures = []
    for n, scene in builtins.items():
        errors = list(validator.iter_errors(scene))
        if errors:
            failures.append("built-in %s does not validate: %s %s" % (n, errors[0].json_path, errors[0].message[:200]))
    print("schema: valid draft 2020-12; %d built-ins, %d invalid" % (len(builtins), len(failures)))

    rng = random.Random(seed)
    tally = {"both accept": 0, "both refuse": 0, "schema only refuses": 0, "decoder only refuses (rule between fields)": 0}
    by_kind = {}
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "scene.json")
        done = 0
        while done < count:
            name = rng.choice(names)
            m = mutate(builtins[name], rng)
            if m is None:
                continue
            kind, where, scene = m
            done += 1
            with open(path, "w") as f:
                json.dump(scene, f)
            r = subprocess.run([binary, "run", path, "--duration", "0", "--output", os.devnull], capture_output=True, text=True)
            decoder_ok = r.returncode == 0
            if r.returncode not in (0, 65):
                failures.append("%s %s %s: exit %d: %s" % (name, kind, where, r.returncode, r.stderr.strip()[:200]))
                continue
            schema_ok = validator.is_valid(scene)
            key = (kind, decoder_ok, schema_ok)
            by_kind[key] = by_kind.get(key, 0) + 1
            if decoder_ok and schema_ok:
                tally["both accept"] += 1
            elif not decoder_ok and not schema_ok:
                tally["both refuse"] += 1
            elif decoder_ok:
                tally["schema only refuses"] += 1
                error = next(validator.iter_errors(scene))
                failures.append("schema refuses what the decoder accepts: %s %s %s: %s %s" % (name, kind, where, error.json_path, error.message[:160]))
            else:
                tally["decoder only refuses (rule between fields)"] += 1
                message = r.stderr.strip()
                print("    decoder only: %s %s: %s" % (kind, "/".join(map(str, where)), message.split(": ", 3)[-1][:150]))
                if not any(re.search(p, message) for p in CROSS_FIELD):
                    failures.append("decoder refuses, schema accepts, not a rule between fields: %s %s %s: %s" % (name, kind, where, message[:200]))
    print("mutations (seed %d): %d" % (seed, count))
    for k, v in tally.items():
        print("  %-45s %d" % (k, v))
    for (kind, d_ok, s_ok), v in sorted(by_kind.items()):
        print("    %-8s decoder %-7s schema %-7s %d" % (kind, "accepts" if d_ok else "refuses", "accepts" if s_ok else "refuses", v))
    for f in failures[:20]:
        print("FAIL: " + f)
    sys.exit(1 if failures else 0)


main()
