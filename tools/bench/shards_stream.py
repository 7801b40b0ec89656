#!/usr/bin/python3
"""Samples per second of a dataset read through railyard.torch.OnDisk and through
railyard.torch.Shards (its `railyard pack` shards), alternated in one run, through a DataLoader
with the same workers and batch size, and the largest resident memory of a worker.

    PYTHONPATH=build/python tools/bench/shards_stream.py DATASET SHARDS [--workers 2]
        [--batch 32] [--target label] [--rounds 3] [--split train]
"""
import argparse
import statistics
import sys
import time

import torch
from torch.utils.data import DataLoader

from railyard.torch import OnDisk, Shards, collate


def peak_rss_mib(pid):
    """A process's peak resident memory (VmHWM), in MiB; 0 once it has ended."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except FileNotFoundError:
        pass
    return 0.0


def run(dataset, workers, batch):
    """(samples, seconds, the largest worker's peak memory in MiB) of one pass."""
    loader = DataLoader(dataset, batch_size=batch, num_workers=workers, collate_fn=collate,
                        multiprocessing_context="forkserver" if workers else None)
    start, count, peak = time.perf_counter(), 0, 0.0
    batches = iter(loader)
    for images, _ in batches:
        count += images.shape[0]
        # DataLoader's worker processes (a private member: this script only measures).
        peak = max([peak] + [peak_rss_mib(w.pid) for w in getattr(batches, "_workers", [])])
    return count, time.perf_counter() - start, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset")
    parser.add_argument("shards")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--target", default="label")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--split", default="train")
    args = parser.parse_args()
    torch.set_num_threads(1)
    readers = {
        "OnDisk": lambda: OnDisk(args.dataset, split=args.split, target=args.target),
        "Shards": lambda: Shards(args.shards, split=args.split, target=args.target),
    }
    rates = {name: [] for name in readers}
    peaks = {name: 0.0 for name in readers}
    for _ in range(args.rounds):
        for name, make in readers.items():
            count, seconds, peak = run(make(), args.workers, args.batch)
            rates[name].append(count / seconds)
            peaks[name] = max(peaks[name], peak)
            print(f"{name}: {count} samples in {seconds:.2f} s, {count / seconds:.0f} samples/s",
                  file=sys.stderr)
    print(f"| reader | samples/s, {args.rounds} rounds | median | a worker's peak memory |")
    print("|---|---|---|---|")
    for name, values in rates.items():
        print(f"| {name} | {' / '.join(f'{v:.0f}' for v in values)} | "
              f"{statistics.median(values):.0f} | {peaks[name]:.0f} MiB |")
    print(f"\nworkers {args.workers}, batch {args.batch}, target {args.target}, split "
          f"{args.split}")


if __name__ == "__main__":
    main()
