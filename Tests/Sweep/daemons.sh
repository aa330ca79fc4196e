# Sourced by Tests/Sweep/*.sh, after setting `name` (the messages' prefix) and making the folder `work`:
# `daemon LOG COMMAND...` starts COMMAND in the background, its output in $work/log/LOG, with DYNSIM_TEST_DAEMONS=$work
# in its environment (which whatever it starts inherits), and keeps its PID. `stop_daemons`, the EXIT trap, stops each
# by its PID in the reverse of their start (SIGTERM, SIGKILL after 10 s), then fails the script if any of them, or any
# process of this user carrying that variable or naming $work on its command line, is still running (killing those);
# on failure it prints the logs' tails. It removes $work.
pids=()
daemon() {
    local log=$1
    shift
    DYNSIM_TEST_DAEMONS="$work" "$@" >"$work/log/$log" 2>&1 &
    pids+=($!)
}
# This user's processes that carry the mark or name the folder (never this shell or its subshells, which do neither).
marked() {
    {
        grep -lsxz "DYNSIM_TEST_DAEMONS=$work" /proc/[0-9]*/environ | cut -d/ -f3
        pgrep -u "$(id -u)" -f "$work"
    } | sort -un | while read -r p; do [ -O "/proc/$p" ] && [ "$p" != "$$" ] && echo "$p"; done
}
stop_daemons() {
    local status=$? pid i left
    set +e
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        pid=${pids[i]}
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    # Children may take a moment to follow their parent out.
    for _ in $(seq 50); do [ -z "$(marked)" ] && break; sleep 0.1; done
    left=$(echo $(for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && echo "$pid"; done; marked) | tr ' ' '\n' | sort -un)
    if [ -n "$left" ]; then
        echo "$name: still running after the stop:" >&2
        ps -o pid,args -p "$(echo $left | tr ' ' ,)" >&2
        kill -KILL $left 2>/dev/null
        status=1
    else
        echo "$name: ${#pids[@]} daemons stopped by PID, none of their processes left"
    fi
    if [ "$status" != 0 ]; then
        for f in "$work"/log/*; do [ -f "$f" ] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }; done
    fi
    rm -rf "$work"
    exit "$status"
}
