#!/usr/bin/env bash
# docs/recipes/sweep-slurm.sh on a real one-node Slurm cluster: installs Debian's slurmctld, slurmd, slurm-client and
# munge when missing, starts munged, slurmctld -D and slurmd -D as the current user (root or not, no systemd) with
# every key, socket, port, state and log private to a temporary folder, submits the recipe as a 4-task job array and
# the merge as a job depending on it, and checks the merged table is the bytes one `dynsim sweep` writes. Every daemon
# is stopped by its PID on the way out, failure too, and the script fails if any is still running.
# Usage: bash Tests/Sweep/slurm.sh .build/release/dynsim
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
recipe=$(cd "$here/../../docs/recipes" && pwd)/sweep-slurm.sh
export PATH="$PATH:/usr/sbin:/sbin"
start=$(date +%s%N)
elapsed() { echo "$(((($(date +%s%N) - start) / 1000000)))ms"; }
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null \
    || ! command -v munged >/dev/null; then
    echo "slurm: installing slurmctld slurmd slurm-client munge (Debian)"
    sudo_=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "slurm: Slurm is missing and installing it needs root: run as root, or apt-get install slurmctld slurmd slurm-client munge first" >&2; exit 1; }
        sudo_="sudo"
    fi
    # The packages' scripts would start the system's munged and Slurm daemons where nothing forbids it: forbid it for
    # the install (invoke-rc.d's policy-rc.d) unless the machine has its own policy.
    policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        policy=/usr/sbin/policy-rc.d
        printf '#!/bin/sh\nexit 101\n' | $sudo_ tee "$policy" >/dev/null
        $sudo_ chmod 755 "$policy"
    fi
    $sudo_ apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends \
        slurmctld slurmd slurm-client munge >/dev/null || { [ -z "$policy" ] || $sudo_ rm -f "$policy"; exit 1; }
    [ -z "$policy" ] || $sudo_ rm -f "$policy"
    echo "slurm: installed in $(elapsed)"
fi

name=slurm
work=$(mktemp -d)
. "$here/daemons.sh"
trap stop_daemons EXIT
trap 'exit 130' INT TERM
mkdir -p "$work"/{log,state,spool,parts,bin}
chmod 700 "$work"
ln -s "$bin" "$work/bin/dynsim"
export PATH="$work/bin:$PATH"
cd "$work"

# munge: a private key and socket.
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
daemon munged.out munged -F -f --socket="$work/munge.sock" --key-file="$work/munge.key" \
    --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" --log-file="$work/log/munged.log"

# Two free ports on the loopback (asked of the kernel, then released).
read -r ctld_port node_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
user=$(id -un)
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=dynsim
SlurmctldHost=localhost
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
NodeName=dynsim NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=sweep Nodes=ALL Default=YES MaxTime=10 State=UP
EOF
for _ in $(seq 50); do [ -S "$work/munge.sock" ] && break; sleep 0.1; done
daemon slurmctld.out slurmctld -D -i -f "$SLURM_CONF"
daemon slurmd.out slurmd -D -N dynsim -f "$SLURM_CONF"
up=""
for _ in $(seq 300); do
    if [ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ]; then up=1; break; fi
    sleep 0.1
done
[ -n "$up" ] || { echo "slurm: the node did not come up in 30 s" >&2; exit 1; }
echo "slurm: cluster up at $(elapsed)"

sweep=(pendulum --vary 'items[0].center[0]=100:300:13' --metric max:bob.vy --duration 0.5)
# The array, waited for (sbatch --wait fails if a task does), then the merge as a job depending on it.
jobid=$(timeout 120 sbatch --parsable --wait --array=0-3 --chdir="$work" "$recipe" "$work/parts" "${sweep[@]}") \
    || { echo "slurm: the array failed:" >&2; cat "$work"/*.out >&2; exit 1; }
echo "slurm: array of 4 done at $(elapsed)"
timeout 120 sbatch --wait --quiet --dependency=afterok:"$jobid" --chdir="$work" --output=merge.out \
    --wrap "dynsim sweep merge $work/parts --output $work/merged.csv" \
    || { echo "slurm: the merge job failed:" >&2; cat "$work/merge.out" >&2; exit 1; }
echo "slurm: merge job done at $(elapsed)"
dynsim sweep "${sweep[@]}" --output "$work/local.csv" 2>"$work/log/local.err"
cmp "$work/merged.csv" "$work/local.csv" || { echo "slurm: the merged table differs from one process's" >&2; exit 1; }
echo "slurm: merged table of $(($(wc -l <"$work/merged.csv") - 1)) runs from 4 shards = one process's bytes ($(elapsed))"
