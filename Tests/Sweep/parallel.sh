#!/usr/bin/env bash
# docs/sweep.md's GNU parallel lines and docs/recipes/sweep-job.yaml's command, run as the docs give them: the parallel
# block on the page's card.json (GNU parallel installed from Debian when missing), and the Indexed Job's command once
# per JOB_COMPLETION_INDEX (its /scenes and /parts folders made temporary ones). Each merged table must be the bytes
# one `dynsim sweep` writes with the same options and no shard.
# Usage: bash Tests/Sweep/parallel.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
doc=$(cd "$here/../../docs" && pwd)/sweep.md
job=$(cd "$here/../../docs/recipes" && pwd)/sweep-job.yaml
start=$(date +%s%N)
elapsed() { echo "$(((($(date +%s%N) - start) / 1000000)))ms"; }
if ! command -v parallel >/dev/null 2>&1; then
    echo "parallel: installing GNU parallel (Debian)"
    sudo_=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "parallel: GNU parallel is missing and installing it needs root: run as root, or apt-get install parallel first" >&2; exit 1; }
        sudo_="sudo"
    fi
    $sudo_ apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends parallel >/dev/null
fi
. "$here/../pyneed.sh"
pyneed "import yaml" pyyaml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/scenes"
ln -s "$bin" "$work/bin/dynsim"
export PATH="$work/bin:$PATH"
cd "$work"

# The page's blocks: card.json is its first JSON block; the parallel block is the shell block that starts `parallel`.
python3 - "$doc" <<'PY'
import re, sys
blocks = re.findall(r"^```(\w*)\n(.*?)^```", open(sys.argv[1]).read(), re.S | re.M)
open("card.json", "w").write(next(b for kind, b in blocks if kind == "json"))
open("parallel.sh", "w").write(next(b for kind, b in blocks if kind == "sh" and b.startswith("parallel ")))
PY
cp card.json scenes/card.json
# The same sweep in one process: the parallel line less `parallel -q` and its shard options.
one=$(sed -n '1,/[^\\]$/p' parallel.sh | sed -e ':a' -e '/\\$/{N;s/\\\n *//;ba' -e '}' \
    | sed -e 's/^parallel -q //' -e 's/ --jobs 1 --output parts --shard {}\/8 ::: {0\.\.7}$//')
case "$one" in
    "dynsim sweep "*:*) ;;
    *) echo "parallel: docs/sweep.md's parallel line no longer has the shape this test reads: $one" >&2; exit 1 ;;
esac
if [[ "$one" == *"--shard"* || "$one" == *":::"* ]]; then
    echo "parallel: docs/sweep.md's parallel line no longer has the shape this test reads: $one" >&2
    exit 1
fi
bash -euo pipefail parallel.sh 2>parallel.err || { cat parallel.err >&2; exit 1; }
eval "$one --output local.csv" 2>/dev/null
cmp table.csv local.csv || { echo "parallel: the merged table differs from one process's" >&2; exit 1; }
echo "parallel: docs/sweep.md's GNU parallel lines, $(ls parts/*.csv | wc -l) shards merged = one process's bytes ($(elapsed))"

# The Indexed Job's command, once per index, as Kubernetes runs it (sh -c), its volumes here.
python3 - "$job" <<'PY'
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
spec = job["spec"]
assert job["kind"] == "Job" and spec["completionMode"] == "Indexed", "sweep-job.yaml: not an Indexed Job"
command = spec["template"]["spec"]["containers"][0]["command"]
assert command[:2] == ["sh", "-c"], "sweep-job.yaml: the command is not sh -c"
open("job.sh", "w").write(command[2])
open("completions", "w").write(str(spec["completions"]))
PY
n=$(cat completions)
sed -i -e "s|/scenes/|$work/scenes/|g" -e "s|/parts|$work/k8s-parts|g" job.sh
for ((i = 0; i < n; i++)); do JOB_COMPLETION_INDEX=$i sh -c "$(cat job.sh)" 2>>job.err || { cat job.err >&2; exit 1; }; done
dynsim sweep merge k8s-parts --output k8s.csv
one=$(sed -e 's/ --shards [0-9]*//' -e "s| --output $work/k8s-parts.*\$||" job.sh)
eval "$one --output k8s-local.csv" 2>/dev/null
cmp k8s.csv k8s-local.csv || { echo "parallel: sweep-job.yaml's merged table differs from one process's" >&2; exit 1; }
echo "parallel: sweep-job.yaml's command at each of its $n indices, merged = one process's bytes ($(elapsed))"
