#!/usr/bin/env bash
# `lp enumerate` as a Slurm job array: task i of the array does IDs [FROM + i·SHARD, FROM + (i+1)·SHARD)
# (the last to the end of the space), from its part's last checkpoint when an earlier attempt left one
# (a pre-empted or failed task is requeued and resumes); a job that depends on the array merges the parts
# into the file a single process writes. Documented in docs/designer.md; the same steps as
# rush_dask.py, which the tests run (not this script: no Slurm here).
#
#   sbatch --array=0-$((TASKS - 1)) scripts/distributed/rush_slurm.sh      # the shards
#   sbatch --dependency=afterok:JOBID scripts/distributed/rush_slurm.sh merge
#
# Settings (environment): LP (the lp binary, on a shared path), SIZE, WALLS, SHARD (IDs a task), FROM,
# PARTS (a shared directory), OUT (the merged file).
#SBATCH --job-name=lp-enumerate
#SBATCH --cpus-per-task=16
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=lp-enumerate-%A_%a.log
set -euo pipefail
LP=${LP:-target/release/lp} SIZE=${SIZE:-6} WALLS=${WALLS:-2} SHARD=${SHARD:-20000000} FROM=${FROM:-0}
PARTS=${PARTS:-parts} OUT=${OUT:-rush${SIZE}.txt}
space=(--size "$SIZE" --walls "$WALLS")
total=$("$LP" enumerate "${space[@]}" --count | cut -d' ' -f1)
tasks=$(( (total - FROM + SHARD - 1) / SHARD ))
part() { # the part of task $1: its file and its range's flags (the last open to the end)
    local lo=$((FROM + $1 * SHARD)) hi=$((FROM + ($1 + 1) * SHARD))
    if [ "$hi" -ge "$total" ]; then echo "$PARTS/part-$lo-end.txt --from $lo"
    else echo "$PARTS/part-$lo-$hi.txt --from $lo --to $hi"; fi
}
if [ "${1:-}" = merge ]; then
    files=(); for i in $(seq 0 $((tasks - 1))); do read -r file _ <<< "$(part "$i")"; files+=("$file"); done
    exec "$LP" enumerate "${space[@]}" --merge "${files[@]}" -o "$OUT"
fi
mkdir -p "$PARTS"
read -r file range <<< "$(part "${SLURM_ARRAY_TASK_ID:?run as an array task}")"
# A checkpoint on a whole line (a task cut short may leave half of one, which is not one).
whole_lines() { if [ "$(tail -c1 "$1" | wc -l)" -eq 1 ]; then cat "$1"; else head -n -1 "$1"; fi; }
# shellcheck disable=SC2086 # the range is flags
if [ -s "$file" ] && whole_lines "$file" | grep -q '^# through '; then
    exec "$LP" enumerate "${space[@]}" $range -o "$file" --quiet --jobs "${SLURM_CPUS_PER_TASK:-1}" --resume
else
    exec "$LP" enumerate "${space[@]}" $range -o "$file" --quiet --jobs "${SLURM_CPUS_PER_TASK:-1}"
fi
