#!/usr/bin/env bash
# Prints this array task's shard as I/K, for `wythoff verify --shard I/K` and `wythoff pairs
# --shard I/K`: I = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, K = SLURM_ARRAY_TASK_COUNT.
# The array must be one contiguous range with step 1 (sbatch --array=0-3 or --array=1-4; a
# `%` limit on simultaneous tasks is fine).  Anything else -- a variable missing or not a
# decimal number, a step, a list with holes, a task outside the array -- is refused with one
# line naming the variable, exit 2.
set -euo pipefail

die() {
    echo "shard.sh: $*" >&2
    exit 2
}

# A non-negative decimal of at most 18 digits (so that bash's 64-bit arithmetic is exact).
number() {
    local name=$1 value=${!1-}
    [[ -n ${!1+set} ]] || die "$name is not set: run this inside a Slurm job array (sbatch --array=0-3 ...)"
    [[ $value =~ ^[0-9]{1,18}$ ]] || die "$name='$value' is not a decimal number of at most 18 digits"
    echo $((10#$value))
}

id=$(number SLURM_ARRAY_TASK_ID)
min=$(number SLURM_ARRAY_TASK_MIN)
count=$(number SLURM_ARRAY_TASK_COUNT)
if [[ -n ${SLURM_ARRAY_TASK_STEP+set} ]]; then
    step=$(number SLURM_ARRAY_TASK_STEP)
    ((step == 1)) || die "SLURM_ARRAY_TASK_STEP=$step: give the array as one range with step 1 (--array=0-3)"
fi
if [[ -n ${SLURM_ARRAY_TASK_MAX+set} ]]; then
    max=$(number SLURM_ARRAY_TASK_MAX)
    ((max >= min && max - min + 1 == count)) ||
        die "SLURM_ARRAY_TASK_MIN=$min, SLURM_ARRAY_TASK_MAX=$max and SLURM_ARRAY_TASK_COUNT=$count: the array has holes; give it as one range (--array=0-3)"
fi
((count >= 1)) || die "SLURM_ARRAY_TASK_COUNT=$count: an array has at least one task"
((id >= min)) || die "SLURM_ARRAY_TASK_ID=$id is below SLURM_ARRAY_TASK_MIN=$min"
i=$((id - min))
((i < count)) || die "SLURM_ARRAY_TASK_ID=$id: I = ID - MIN = $i, but 0 <= I < SLURM_ARRAY_TASK_COUNT=$count"
echo "$i/$count"
