#!/usr/bin/env python3
"""`lp enumerate` on a Dask cluster: the ID space cut into shards, one task each, a task retried from its
part's last checkpoint when a worker dies or is pre-empted, and the parts merged into the file a single
process writes.

Dask, not a home-made scheduler: it reschedules a task whose worker was lost (up to its
`distributed.scheduler.allowed-failures`), retries one that failed (`retries`), and runs on a laptop
(`LocalCluster`) as on a cluster (`dask scheduler` and `dask worker` on each machine, or dask-jobqueue on
Slurm). The engine stays out of `lp`: a task is one `lp enumerate --from A --to B -o PART` (`--resume` when
the part already holds a checkpoint), and the end is one `lp enumerate --merge`.

The parts directory must be seen by every worker at the same path (a shared file system).

    python3 scripts/distributed/rush_dask.py --lp target/release/lp --size 6 --walls 2 \\
        --shard 2000000 --parts /shared/rush6 --scheduler tcp://head:8786 -o rush6.txt
"""

import argparse
import ctypes
import fcntl
import os
import signal
import subprocess
import sys


def _die_with_parent():
    """Linux: the `lp` child is killed when its worker dies, so that no orphan goes on writing a part
    the retried task writes too (the lock below guards the rest)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def space_args(size, walls, exit_row=None, every=1):
    args = ["--size", str(size), "--walls", str(walls)]
    if exit_row is not None:
        args += ["--exit-row", str(exit_row)]
    if every > 1:
        args += ["--every", str(every)]
    return args


def count_ids(lp, space):
    """The IDs of the space (`lp enumerate --count`)."""
    out = subprocess.run([lp, "enumerate", *space, "--count"], check=True, capture_output=True, text=True)
    return int(out.stdout.split()[0])


def shards(start, end, shard, to_end=False):
    """`start..end` cut into ranges of `shard` IDs (the last one shorter; open, `None`, when the run goes
    to the end of the space, so that the merged header says so as a single run's does)."""
    ranges = [(lo, min(lo + shard, end)) for lo in range(start, end, shard)]
    if to_end and ranges:
        ranges[-1] = (ranges[-1][0], None)
    return ranges


def part_path(parts, lo, hi):
    return os.path.join(parts, f"part-{lo:012d}-{'end' if hi is None else f'{hi:012d}'}.txt")


def last_checkpoint(path):
    """The ID the part's last checkpoint is through, or None (no file, or no checkpoint yet)."""
    through = None
    try:
        with open(path, "rb") as f:
            for line in f:
                if line.startswith(b"# through ") and line.endswith(b"\n"):
                    through = int(line.split()[2])
    except FileNotFoundError:
        return None
    return through


def run_shard(lp, space, lo, hi, parts, jobs):
    """One task: the part of IDs `lo..hi`, from its last checkpoint when an earlier attempt left one.
    Returns the part's path and the ID it was resumed from (None: a fresh start)."""
    path = part_path(parts, lo, hi)
    with open(path + ".lock", "w") as lock:
        # One writer a part, even if an earlier attempt's process still runs somewhere.
        fcntl.flock(lock, fcntl.LOCK_EX)
        through = last_checkpoint(path)
        command = [lp, "enumerate", *space, "--from", str(lo), "-o", path, "--quiet", "--jobs", str(jobs)]
        if hi is not None:
            command += ["--to", str(hi)]
        if through is not None:
            command.append("--resume")
        done = subprocess.run(command, preexec_fn=_die_with_parent, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return path, through


def enumerate_on(client, lp, space, start, end, shard, parts, output, jobs=1, retries=3):
    """Runs the shards of `start..end` (`end` None: to the end of the space) as tasks on `client`, then
    merges them into `output`. Returns the (path, resumed-from) of every part, in ID order."""
    os.makedirs(parts, exist_ok=True)
    futures = [
        client.submit(run_shard, lp, space, lo, hi, parts, jobs, key=f"lp-enumerate-{lo}-{hi or 'end'}",
                      retries=retries, pure=False)
        for lo, hi in shards(start, count_ids(lp, space) if end is None else end, shard, end is None)
    ]
    results = client.gather(futures)
    merge = [lp, "enumerate", *space, "--merge", *[path for path, _ in results], "-o", output]
    subprocess.run(merge, check=True, capture_output=True)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lp", required=True, help="the lp binary (the same path on every worker)")
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--walls", type=int, default=0)
    parser.add_argument("--exit-row", type=int)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--from", dest="start", type=int, default=0)
    parser.add_argument("--to", dest="end", type=int, help="default: the end of the space")
    parser.add_argument("--shard", type=int, default=1_000_000, help="IDs a task")
    parser.add_argument("--jobs", type=int, default=1, help="threads of each task's lp (one a worker thread)")
    parser.add_argument("--parts", required=True, help="a directory every worker sees")
    parser.add_argument("--scheduler", help="a running scheduler's address (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="local cluster: worker processes")
    parser.add_argument("--retries", type=int, default=3)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    space = space_args(args.size, args.walls, args.exit_row, args.every)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True))
    results = enumerate_on(client, args.lp, space, args.start, args.end, args.shard, args.parts, args.output,
                           args.jobs, args.retries)
    resumed = [(path, through) for path, through in results if through is not None]
    print(f"{len(results)} parts merged into {args.output}; {len(resumed)} resumed from a checkpoint",
          file=sys.stderr)


if __name__ == "__main__":
    main()
