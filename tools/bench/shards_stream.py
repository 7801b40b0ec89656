#!/usr/bin/python3
"""Samples per second of a dataset read through railyard.torch.OnDisk and through
railyard.torch.Shards (its `railyard pack` shards), alternated in one run, through a DataLoader
with the same workers and batch size, and the largest resident memory of a worker.

    PYTHONPATH=build/python tools/bench/shards_stream.py DATASET SHARDS [--workers 2]
        [--batch 32] [--target label] [--rounds 3] [--split train]
"""
import argparse
import resource
import statistics
import sys
import time

import torch
from torch.utils.data import DataLoader

from railyard.torch import OnDisk, Shards, collate


def run(dataset, workers, batch):
    loader = DataLoader(dataset, batch_size=batch, num_workers=workers, collate_fn=collate,
                        multiprocessing_context="forkserver" if workers else None)
    start, count = time.perf_counter(), 0
    for images, _ in loader:
        count += images.shape[0]
    return count, time.perf_counter() - start


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
    for _ in range(args.rounds):
        for name, make in readers.items():
            count, seconds = run(make(), args.workers, args.batch)
            rates[name].append(count / seconds)
            print(f"{name}: {count} samples in {seconds:.2f} s, {count / seconds:.0f} samples/s",
                  file=sys.stderr)
    worker_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"| reader | samples/s, {args.rounds} rounds | median |")
    print("|---|---|---|")
    for name, values in rates.items():
        print(f"| {name} | {' / '.join(f'{v:.0f}' for v in values)} | "
              f"{statistics.median(values):.0f} |")
    print(f"\nworkers {args.workers}, batch {args.batch}, target {args.target}, split "
          f"{args.split}; the largest worker's resident memory: {worker_rss:.0f} MiB")


if __name__ == "__main__":
    main()
