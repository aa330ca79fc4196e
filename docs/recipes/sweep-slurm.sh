#!/bin/bash
# A sweep as a Slurm job array: task i runs shard i of the array's N (dynsim reads SLURM_ARRAY_TASK_ID, _MIN and
# _COUNT), writing DIR/part-i-of-N.csv and its manifest. DIR must be on a file system every node sees.
# Usage: jobid=$(sbatch --parsable --array=0-7 sweep-slurm.sh DIR SCENE [SWEEP OPTIONS...])
#        sbatch --dependency=afterok:$jobid --wrap "dynsim sweep merge DIR --output table.csv"
# Tests/Sweep/slurm.sh runs this file on a one-node cluster and checks the merged table is one process's bytes.
#SBATCH --job-name=dynsim-sweep
#SBATCH --array=0-7
#SBATCH --cpus-per-task=1
#SBATCH --output=dynsim-sweep-%A_%a.out
set -euo pipefail
dir=$1
shift
# A run that fails is a row giving its reason, and the exit status counts such rows (1 to 63): the part is complete.
status=0
dynsim sweep "$@" --jobs "${SLURM_CPUS_PER_TASK:-1}" --output "$dir" || status=$?
[ "$status" -le 63 ] || exit "$status"
