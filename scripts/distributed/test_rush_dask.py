#!/usr/bin/env python3
"""The Dask recipe tested on one machine with two workers (tests/distributed.rs runs it): the whole 5x5
space and a 6x6 slice, each merged file equal to a single process's byte for byte, with a worker killed in
the middle of a task (its part is then resumed from its last checkpoint)."""

import argparse
import os
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rush_dask  # noqa: E402


def single_run(lp, space, start, end, output):
    command = [lp, "enumerate", *space, "--from", str(start), "-o", output, "--quiet", "--jobs", "1"]
    if end is not None:
        command += ["--to", str(end)]
    rush_dask.subprocess.run(command, check=True, capture_output=True)


def kill_a_worker_mid_task(parts, killed):
    """Kills the worker of the first `lp enumerate` whose part holds a checkpoint but is not done."""
    import psutil

    while not killed:
        for proc in psutil.process_iter(["cmdline"]):
            cmdline = proc.info["cmdline"] or []
            if "enumerate" not in cmdline or "-o" not in cmdline or "--merge" in cmdline:
                continue
            path = cmdline[cmdline.index("-o") + 1]
            if not path.startswith(parts):
                continue
            lo = int(cmdline[cmdline.index("--from") + 1])
            through = rush_dask.last_checkpoint(path)
            if through is not None and through > lo and "--resume" not in cmdline:
                try:
                    worker = proc.parent()
                    os.kill(worker.pid, signal.SIGKILL)
                    killed.append((path, through, worker.pid, proc))
                except (psutil.NoSuchProcess, ProcessLookupError):
                    continue
                return
        time.sleep(0.01)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lp", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    os.makedirs(args.work, exist_ok=True)
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    cases = [
        # The whole 5x5 space, to its end: the merged header says "to=end" as the single run's.
        ("5x5", rush_dask.space_args(5, 0), 0, None, 50_000, False),
        # A 6x6 slice (where clusters are small: quick), a worker killed once a task has a checkpoint.
        ("6x6", rush_dask.space_args(6, 0), 488 * 4096, 492 * 4096, 8_192, True),
    ]
    for name, space, start, end, shard, kill in cases:
        reference = os.path.join(args.work, f"single-{name}.txt")
        merged = os.path.join(args.work, f"merged-{name}.txt")
        parts = os.path.join(args.work, f"parts-{name}")
        clock = time.time()
        single_run(args.lp, space, start, end, reference)
        single = time.time() - clock
        killed = []
        killer = threading.Thread(target=kill_a_worker_mid_task, args=(parts, killed), daemon=True)
        if kill:
            killer.start()
        clock = time.time()
        results = rush_dask.enumerate_on(client, args.lp, space, start, end, shard, parts, merged)
        distributed = time.time() - clock
        with open(reference, "rb") as a, open(merged, "rb") as b:
            assert a.read() == b.read(), f"{name}: the merged parts differ from the single run's file"
        if kill:
            assert killed, f"{name}: no worker was killed in the middle of a task"
            path, through, pid, lp_process = killed[0]
            resumed = [r for r in results if r[0] == path]
            assert resumed and resumed[0][1] is not None and resumed[0][1] >= through, (
                f"{name}: {path} was not resumed from its checkpoint {through}: {results}")
            assert not lp_process.is_running() or lp_process.status() == "zombie", "an orphan lp runs on"
        print(f"{name}: {len(results)} parts merged equal the single run ({single:.1f} s single, "
              f"{distributed:.1f} s on two workers)" + (f"; worker {killed[0][2]} killed with {killed[0][0]} "
                                                       f"at checkpoint {killed[0][1]}, resumed" if kill else ""))
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()
