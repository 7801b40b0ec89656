#!/usr/bin/python3
"""Trains railyard.baselines' small CNN on trains rendered on the fly (never written: each
DataLoader worker renders its own, and every step sees new trains), then predicts a dataset
from disk in the format `railyard score` reads.

    build/bin/railyard generate -n 1000 --width 192 --height 108 --seed 11 -o output/fly
    PYTHONPATH=build/python /usr/bin/python3 python/examples/train_classifier.py \\
        --test output/fly/Trains_theoryx_MichalskiTrains_base_scene_len_2-4 \\
        --predictions predictions.jsonl
    build/bin/railyard score predictions.jsonl \\
        output/fly/Trains_theoryx_MichalskiTrains_base_scene_len_2-4 --partial -o score

The training is the README's worked example's (AdamW, a one-cycle schedule, batch 50), fed by
the renderer instead of a folder; `python3 -m railyard.baselines` is the same from files. On 2
CPU cores rendering costs about as much as training: the worked example trains from disk.
"""
import argparse

import torch
from torch.utils.data import DataLoader, Subset

from railyard.baselines import load_images, make_model, predict, write_predictions
from railyard.baselines.training import MEAN, STD
from railyard.torch import OnTheFly


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="configs/vlol_theoryx.yaml")
    parser.add_argument("--count", type=int, default=3000, help="new trains per epoch")
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--lr", type=float, default=3e-3, help="the one-cycle schedule's peak")
    parser.add_argument("--workers", type=int, default=2, help="DataLoader workers rendering")
    parser.add_argument("--width", type=int, default=192)
    parser.add_argument("--height", type=int, default=108)
    parser.add_argument("--test", required=True, help="a dataset folder written by generate")
    parser.add_argument("--split", default="test", help="its split to predict; all: every sample")
    parser.add_argument("--predictions", help="write the test predictions here (JSON Lines)")
    parser.add_argument("--seed", type=int, default=0, help="torch's seed")
    args = parser.parse_args()
    torch.manual_seed(args.seed)

    # Sample e * count + i is epoch e's i-th train: no train is seen twice. On the fly there are
    # no split files, so the config's nested subsets do not apply.
    trains = OnTheFly(args.config, count=args.count * args.epochs, subsets=[],
                      width=args.width, height=args.height)
    network, _ = make_model("cnn")
    optimiser = torch.optim.AdamW(network.parameters(), lr=args.lr, weight_decay=0.05)
    batches = [DataLoader(Subset(trains, range(e * args.count, (e + 1) * args.count)),
                          batch_size=50, shuffle=True, drop_last=True, num_workers=args.workers)
               for e in range(args.epochs)]
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimiser, max_lr=args.lr, total_steps=sum(len(loader) for loader in batches))
    for epoch, loader in enumerate(batches):
        network.train()  # batch norm learns its statistics here; predict() uses them (eval)
        total = 0.0
        for images, labels in loader:  # float images in [0, 1], as the baselines normalise them
            loss = torch.nn.functional.cross_entropy(network((images - MEAN) / STD), labels)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / max(len(loader), 1):.4f}")

    test = load_images(args.test, args.split, (args.width, args.height), args.workers)
    rows = predict(network, test)
    right = sum((row["label"] == "east") == bool(label) for row, label in
                zip(rows, test.labels.tolist()))
    print(f"accuracy on {args.split} of {args.test}: {right / len(rows):.3f} ({len(rows)} images)")
    if args.predictions:
        write_predictions(rows, args.predictions)
        print(f"predictions: {args.predictions}")


if __name__ == "__main__":
    main()
