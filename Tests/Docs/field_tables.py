#!/usr/bin/env python3
"""Writes the scene format's field tables into docs/scene-format.md (and the sweep file's into docs/sweep.md): each block between `<!-- fields: KIND -->` and
`<!-- end fields -->` becomes what `dynsim schema --docs` prints for KIND (the tables are generated from the code's
field tables; `Tests/ScenesTests/FieldTableTests.swift` fails while the committed blocks differ).

Usage: python3 Tests/Docs/field_tables.py DYNSIM"""
import os, re, subprocess, sys

def main():
    write(["schema", "--docs"], "scene-format.md")
    write(["schema", "--sweep", "--docs"], "sweep.md")


def write(command, page):
    out = subprocess.run([sys.argv[1]] + command, capture_output=True, text=True, check=True).stdout
    blocks = dict(re.findall(r"(<!-- fields: (\w+) -->\n.*?<!-- end fields -->)", out, re.S)[i][::-1]
                  for i in range(out.count("<!-- fields:")))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", page)
    text = open(path, encoding="utf-8").read()
    def replace(m):
        kind = m.group(2)
        if kind not in blocks:
            raise SystemExit(f"field_tables.py: docs/{page} names a table {kind!r} the code does not declare")
        return blocks[kind]
    new = re.sub(r"(<!-- fields: (\w+) -->\n.*?<!-- end fields -->)", replace, text, flags=re.S)
    missing = set(blocks) - set(re.findall(r"<!-- fields: (\w+) -->", text))
    if missing:
        raise SystemExit(f"field_tables.py: docs/{page} has no block for {sorted(missing)}: add <!-- fields: KIND --> and <!-- end fields --> lines where each goes")
    if new != text:
        open(path, "w", encoding="utf-8").write(new)
        print(f"docs/{page}: field tables written")
    else:
        print(f"docs/{page}: field tables already current")

if __name__ == "__main__":
    main()
