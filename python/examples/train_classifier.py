#!/usr/bin/python3
"""Trains a small CNN to tell eastbound from westbound trains on images rendered on the fly, then
evaluates it on V-LoL's 7-car test set read from disk.

    build/bin/railyard generate configs/vlol_theoryx_long_trains.yaml -n 200 -o output
    PYTHONPATH=build/python /usr/bin/python3 python/examples/train_classifier.py \
        --test output/Trains_theoryx_MichalskiTrains_base_scene_len_7-7

The training images are never written: each DataLoader worker renders its own. With
`--predictions FILE` it also writes its test-set predictions in the format `railyard score`
reads (JSON Lines: index, predicted label, probability of east), to score and report:

    PYTHONPATH=build/python /usr/bin/python3 python/examples/train_classifier.py \
        --test output/Trains_... --predictions predictions.jsonl
    build/bin/railyard score predictions.jsonl output/Trains_... -o score   # score/report.html
"""
import argparse
import json
import os

import torch
from torch.utils.data import DataLoader

from railyard.torch import OnDisk, OnTheFly


def model():
    layers = []
    channels = 3
    for width in (16, 32, 64, 64):
        layers += [torch.nn.Conv2d(channels, width, 3, stride=2, padding=1),
                   torch.nn.BatchNorm2d(width), torch.nn.ReLU()]
        channels = width
    return torch.nn.Sequential(*layers, torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                               torch.nn.Linear(channels, 2))


def accuracy(network, loader):
    network.eval()
    right = total = 0
    with torch.no_grad():
        for images, labels, _ in loader:
            right += (network(images).argmax(1) == labels).sum().item()
            total += labels.numel()
    return right / max(total, 1)


def write_predictions(network, loader, path):
    """One JSON line per test sample: its index, the predicted label and P(east)."""
    network.eval()
    temporary = path + ".partial"
    with torch.no_grad(), open(temporary, "w", encoding="utf-8") as file:
        for images, _, indices in loader:
            east = torch.softmax(network(images), 1)[:, 1]
            for index, probability in zip(indices.tolist(), east.tolist()):
                file.write(json.dumps({"index": index,
                                       "label": "east" if probability >= 0.5 else "west",
                                       "probability": round(probability, 6)}) + "\n")
    os.replace(temporary, path)  # whole or not at all


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="configs/vlol_theoryx.yaml")
    parser.add_argument("--count", type=int, default=2000, help="training samples per epoch")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--test", required=True, help="a dataset folder written by generate")
    parser.add_argument("--split", default="test",
                        help="the test folder's split to evaluate; all: every sample")
    parser.add_argument("--predictions", help="write the test predictions here (JSON Lines) "
                        "for `railyard score`")
    parser.add_argument("--seed", type=int, default=0, help="torch's seed")
    parser.add_argument("--width", type=int, help="training image width (default: the config's)")
    parser.add_argument("--height", type=int, help="training image height")
    args = parser.parse_args()
    torch.manual_seed(args.seed)

    # On the fly there are no split files: the config's nested subsets do not apply.
    size = {key: value for key, value in (("width", args.width), ("height", args.height))
            if value is not None}
    train = DataLoader(OnTheFly(args.config, count=args.count, subsets=[], **size),
                       batch_size=32, shuffle=True, num_workers=args.workers)
    test = DataLoader(OnDisk(args.test, split=None if args.split == "all" else args.split,
                             with_index=True), batch_size=64,
                      num_workers=args.workers)
    network = model()
    optimiser = torch.optim.Adam(network.parameters(), lr=1e-3)
    for epoch in range(args.epochs):
        network.train()
        for step, (images, labels) in enumerate(train):
            loss = torch.nn.functional.cross_entropy(network(images), labels)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            if step % 20 == 0:
                print(f"epoch {epoch} step {step}: loss {loss.item():.3f}")
    print(f"test accuracy ({args.split} split of {args.test}): {accuracy(network, test):.3f}")
    if args.predictions:
        write_predictions(network, test, args.predictions)
        print(f"predictions: {args.predictions}")


if __name__ == "__main__":
    main()
