#!/usr/bin/python3
"""Samples per second reaching a PyTorch training loop, rendered on the fly by railyard.torch
with DataLoader workers, against `railyard generate` on the same config (images written to disk).

Usage: PYTHONPATH=build/python /usr/bin/python3 tools/bench/python_bench.py
           [--count N] [--workers W] [--batch B] [--railyard build/bin/railyard] [--set k=v ...]

Both sides make the same samples (default config, 480x270, raster). The loader's figure counts
from the first request to the last batch in the loop, worker start-up included; generate's is
the command's wall time, dataset-wide files included. Not a test: nothing here asserts a time.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import torch
from torch.utils.data import DataLoader

from railyard.torch import OnTheFly


def parse_sets(sets):
    overrides = {}
    for assignment in sets:
        key, _, value = assignment.partition("=")
        overrides[key.replace(".", "__")] = int(value) if value.isdigit() else value
    return overrides


def generate_rate(railyard, count, sets, output):
    command = [railyard, "generate", "-q", "--set", f"count={count}", "--set", f"output={output}"]
    for assignment in sets:
        command += ["--set", assignment]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return count / (time.perf_counter() - start)


def loader_rate(count, workers, batch, overrides):
    dataset = OnTheFly(count=count, **overrides)
    loader = DataLoader(dataset, batch_size=batch, num_workers=workers)
    start = time.perf_counter()
    seen = 0
    for images, labels in loader:
        seen += images.shape[0]
        torch.nn.functional.avg_pool2d(images, 8).sum()  # touch the batch, as a model would
    return seen / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--railyard", default=os.path.join("build", "bin", "railyard"))
    parser.add_argument("--set", dest="sets", action="append", default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as output:
        generated = generate_rate(args.railyard, args.count, args.sets, output)
    loaded = loader_rate(args.count, args.workers, args.batch, parse_sets(args.sets))
    print(f"{args.count} samples, {os.cpu_count()} cores, torch {torch.__version__}")
    print(f"railyard generate:                       {generated:8.2f} samples/s")
    print(f"railyard.torch, {args.workers} DataLoader workers: {loaded:8.2f} samples/s "
          f"({100 * loaded / generated:.0f}% of generate)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
