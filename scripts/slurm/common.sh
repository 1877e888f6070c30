# Sourced by the job scripts of scripts/slurm: finds the wythoff binary and the thread count.
# (Slurm runs a copy of the batch script from its spool directory, so the scripts find this
# directory through WYTHOFF_SLURM_DIR or the submit directory, never through $0.)

# The binary: $WYTHOFF, else `wythoff` on PATH, else ${CARGO_TARGET_DIR:-target}/release/wythoff
# of the submit directory (the repository root; a relative CARGO_TARGET_DIR is taken relative to
# it, as scripts/lib/bin-path does).
if [[ -z ${WYTHOFF:-} ]]; then
    built=${CARGO_TARGET_DIR:-target}
    [[ $built == /* ]] || built=${SLURM_SUBMIT_DIR:-.}/$built
    built=$built/release/wythoff
    if command -v wythoff >/dev/null 2>&1; then
        WYTHOFF=$(command -v wythoff)
    elif [[ -x $built ]]; then
        WYTHOFF=$built
    else
        echo "$job: no wythoff binary: put it on PATH, build it in the submit directory (cargo build --release) or set WYTHOFF=/path/to/wythoff" >&2
        exit 1
    fi
fi

# --threads T from the job's --cpus-per-task, unless the user's flags name --threads.
threads=()
if [[ -n ${SLURM_CPUS_PER_TASK:-} && " $* " != *" --threads"* ]]; then
    threads=(--threads "$SLURM_CPUS_PER_TASK")
fi

# The first K files DIR/PREFIX-I.EXT must all exist: otherwise one line per missing one, naming
# the shard, and exit 1.
require_parts() {
    local dir=$1 k=$2 prefix=$3 ext=$4 i missing=0
    for ((i = 0; i < k; i++)); do
        if [[ ! -f $dir/$prefix-$i.$ext ]]; then
            echo "$job: shard $i/$k: '$dir/$prefix-$i.$ext' is missing (array task I = $i did not finish; see its log)" >&2
            missing=1
        fi
    done
    ((missing == 0)) || exit 1
}

# K: a decimal number >= 1.
shard_count() {
    [[ $1 =~ ^[1-9][0-9]{0,8}$ ]] || {
        echo "$job: K='$1': give the number of array tasks, 1 to 999999999" >&2
        exit 2
    }
}
