#!/usr/bin/env bash
# Holds `dynsim schema` and the scene decoder together (Tests/Schema/check.py): the schema is a valid draft 2020-12
# schema, every built-in validates, and over 400 seeded mutations of the built-ins the schema refuses nothing the
# decoder accepts. Installs Python's jsonschema from PyPI when missing. CI runs it:
#
#   bash Tests/Schema/check.sh BINARY
set -euo pipefail
bin="${1:?usage: bash Tests/Schema/check.sh BINARY}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../pyneed.sh"
pyneed "import jsonschema" jsonschema
python3 "$here/check.py" "$bin" --mutations 400 --seed 1 | grep -v '^    decoder only:'
exit "${PIPESTATUS[0]}"
