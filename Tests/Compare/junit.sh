#!/usr/bin/env bash
# `dynsim compare --format junit` validates against a published JUnit XML schema: Jenkins' xunit-plugin junit-10.xsd
# (MIT, Gregory Boissinot), as pytest ships it in its source distribution on PyPI (testing/example_scripts/), fetched
# here at test time, with Python's xmlschema (installed when missing).
# Usage: bash Tests/Compare/junit.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/../pyneed.sh"
pyneed "import xmlschema" xmlschema
(cd "$work" && python3 -m pip download -q --disable-pip-version-check --no-binary :all: --no-deps "pytest==8.3.4")
tar xzf "$work"/pytest-8.3.4.tar.gz -C "$work" pytest-8.3.4/testing/example_scripts/junit-10.xsd
xsd="$work/pytest-8.3.4/testing/example_scripts/junit-10.xsd"
cd "$work"
"$bin" run pendulum --output u.csv
"$bin" run pendulum --profile precise --output p.csv
"$bin" compare u.csv u.csv --format junit --output pass.xml
status=0
"$bin" compare u.csv p.csv --tolerance 0.001 --format junit --output fail.xml || status=$?
[ "$status" -eq 1 ] || { echo "junit: expected exit 1 for a comparison over the tolerance, got $status" >&2; exit 1; }
python3 - "$xsd" <<'PY'
import sys
import xml.etree.ElementTree as ET
import xmlschema
schema = xmlschema.XMLSchema(sys.argv[1])
for name, failures in (("pass.xml", 0), ("fail.xml", None)):
    schema.validate(name)
    root = ET.parse(name).getroot()
    suite = root.find("testsuite")
    got = int(suite.get("failures"))
    cases = suite.findall("testcase")
    if len(cases) != int(suite.get("tests")) or got != sum(1 for c in cases if c.find("failure") is not None):
        sys.exit("junit: %s: counts disagree with its test cases" % name)
    if failures is not None and got != failures:
        sys.exit("junit: %s: %d failures, expected %d" % (name, got, failures))
    if failures is None and got == 0:
        sys.exit("junit: fail.xml has no failure")
    print("junit: %s valid against junit-10.xsd (%d test cases, %d failures)" % (name, len(cases), got))
PY
