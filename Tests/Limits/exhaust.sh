#!/usr/bin/env bash
# Inputs that once exhausted the machine (issue 13, point 7), each run under a 1 GB address-space limit and a 60 s
# guard: every one must exit 0 (it runs) or 65 (it is refused as bad input), never die of memory or time.
#   bash Tests/Limits/exhaust.sh [BINARY]      (default .build/release/dynsim)
# The inputs are generated in a temporary directory and removed afterwards (the large scene is 200 MB).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../.build/release/dynsim}"
limit_kb=1000000
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The limit applies to the binary itself first: if even listing the scenes fails under it, the runtime's own
# reservations do not fit, and no result below would mean anything.
if ! (ulimit -v "$limit_kb"; "$bin" scenes > /dev/null); then
    echo "exhaust: $bin does not run under ulimit -v $limit_kb (dynsim scenes fails); not testing" >&2
    exit 1
fi

# An ellipse 1e9 x 50 pt in a collision behavior (2e8 polygon vertices, 15 GB, before the 64-vertex cap).
cat > "$tmp/ellipse-1e9.json" <<'JSON'
{"items": [{"name": "e", "center": [187.5, 300], "size": [1e9, 50], "collisionBoundsType": "ellipse"}],
 "behaviors": [{"type": "gravity"}, {"type": "collision", "items": ["e"]}]}
JSON
# An ellipse 1e8 x 1 pt with no collision behavior at all (1.7 GB before the cap).
cat > "$tmp/ellipse-1e8.json" <<'JSON'
{"items": [{"name": "e", "center": [187.5, 300], "size": [1e8, 1], "collisionBoundsType": "ellipse"}]}
JSON
# An item of 1e-300 pt (mass 0: diverged on the first frame), on an attachment, under gravity, colliding.
cat > "$tmp/size-1e-300.json" <<'JSON'
{"items": [{"name": "t", "center": [287.5, 100], "size": [1e-300, 1e-300]}, {"name": "n", "center": [187.5, 600]}],
 "behaviors": [{"type": "gravity"}, {"type": "attachment", "item": "t", "anchorPoint": [187.5, 100]},
               {"type": "collision", "items": ["t", "n"], "translatesReferenceBoundsIntoBoundary": true}]}
JSON
# A 200 MB scene of 9.6 million items (tens of GB, SIGABRT under the limit, before the file-size limit). `yes` ends
# by SIGPIPE when `head` has enough, which pipefail would take for a failure.
set +o pipefail
{
    printf '{"items": ['
    yes '{"center":[100,200]},' | head -n 9599999 | tr -d '\n'
    printf '{"center":[100,200]}]}\n'
} > "$tmp/items-9.6M.json"
set -o pipefail

# A density of 1e-300 (mass 0, like the size above).
cat > "$tmp/density-1e-300.json" <<'JSON'
{"items": [{"name": "t", "center": [187.5, 100], "size": [10, 10], "density": 1e-300}], "behaviors": [{"type": "gravity"}]}
JSON
# Boxes piled on one spot: 3,000 (pairs grow as n², 450 MB at 1,000 before the contact limit) and 100,000 (the item
# limit; 5e9 pairs). These may also stop with exit 1 ("simulation stopped ... contacts"): a runtime failure, stated.
for n in 3000 100000; do
    {
        printf '{"duration": 1, "items": ['
        for ((k = 0; k < n; k++)); do printf '{"name":"b%d","center":[187.5,300],"size":[10,10]},' "$k"; done | sed 's/,$//'
        printf '], "behaviors": [{"type": "collision", "items": ['
        for ((k = 0; k < n; k++)); do printf '"b%d",' "$k"; done | sed 's/,$//'
        printf ']}]}\n'
    } > "$tmp/pile-$n.json"
done

# precise: an item on two rods that cannot both hold (anchors 200 pt apart, rods 100 and 1000 pt), and a dragged view
# also held by a rod to an anchored item, dragged out of its reach (each once took ~25 s a frame).
cat > "$tmp/rods-infeasible.json" <<'JSON'
{"duration": 0.5, "profile": "precise", "items": [{"name": "a", "center": [187.5, 300]}],
 "behaviors": [{"type": "attachment", "item": "a", "anchorPoint": [187.5, 200]},
               {"type": "attachment", "item": "a", "anchorPoint": [187.5, 400], "length": 1000}]}
JSON
cat > "$tmp/drag-out-of-reach.json" <<'JSON'
{"duration": 1, "profile": "precise", "items": [{"name": "wall", "center": [100, 100], "isAnchored": true}, {"name": "v", "center": [187.5, 300]}],
 "behaviors": [{"type": "attachment", "item": "v", "drag": {"keyframes": [[0, 187.5, 150], [1, 700, 150]]}},
               {"type": "attachment", "item": "v", "attachedTo": "wall"}]}
JSON
# precise: a turbulence field strong enough to make an item diverge (the noise once trapped on a non-finite position,
# exit 132): it must stop with exit 1 and say so.
cat > "$tmp/turbulence-diverges.json" <<'JSON'
{"duration": 1, "profile": "precise", "items": [{"name": "a", "center": [187.5, 300], "velocity": [1000, 0]}],
 "behaviors": [{"type": "field", "kind": "turbulence", "items": ["a"], "strength": 1000}]}
JSON

failed=0
for scene in ellipse-1e9 ellipse-1e8 size-1e-300 items-9.6M density-1e-300 pile-3000 pile-100000 rods-infeasible \
             drag-out-of-reach turbulence-diverges; do
    file="$tmp/$scene.json"
    start=$(date +%s.%N)
    set +e
    (ulimit -v "$limit_kb"; timeout 60 "$bin" run "$file" > /dev/null 2> "$tmp/stderr")
    status=$?
    set -e
    seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    size=$(wc -c < "$file")
    message=$(head -c 300 "$tmp/stderr" | tr '\n' ' ' | sed "s|$tmp/||g")
    case $scene:$status in
        *:0|*:65|pile-*:1|turbulence-*:1) verdict=ok ;;
        *:124) verdict="FAILED (did not finish in 60 s)"; failed=1 ;;
        *) verdict="FAILED (exit $status)"; failed=1 ;;
    esac
    echo "exhaust: $scene ($size bytes): exit $status in ${seconds}s: $verdict${message:+ -- $message}"
done
if [ "$failed" = 1 ]; then
    echo "exhaust: some inputs exhausted the machine (ulimit -v $limit_kb, timeout 60 s)" >&2
    exit 1
fi
echo "exhaust: every input exited 0 or 65 (a pile or a diverging field: or 1, with its reason) under ulimit -v $limit_kb and timeout 60 s"
