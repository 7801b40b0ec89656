"""python3 -m railyard.baselines: one baseline trained, its predictions written and scored.

    python3 -m railyard.baselines --model resnet18 --train DATASET --train-split train_1000 \\
        --test DATASET:test --test LONG_TRAINS:all --pairs PAIRS -o runs/resnet18_1000

writes into -o (a new or empty folder): model.pt (model-fold<k>.pt with --folds k), one
predictions file per test set and fold (predictions/<name>.jsonl, in `railyard score`'s format),
each scored (score/<name>/: score.json, report.html), and results.json: the model, its weights,
the protocol, the training set, each epoch's loss, and every test set's accuracy with its
interval (a pairs folder's: its counterfactual consistency and both sides' accuracy).

Training saves its state after every epoch (checkpoints/, dropped once results.json is written):
a run cut short (a job's time limit, a kill) continues with the same command and --resume, and
--epochs-per-run N spreads training over several jobs (each exits with status 75 until the last);
the result is the run that went through (checkpoints.py)."""
import argparse
import json
import os
import sys
import time

import torch

from .. import score, score_rows
from . import checkpoints as checkpointing
from .checkpoints import STOPPED_STATUS, Stopped
from .data import load_images, pairs_sides, parse_size
from .models import make_model
from .protocol import Protocol
from .training import (predict, stratified_choice, stratified_folds, train, use_threads,
                       write_predictions)


def arguments(argv):
    defaults = Protocol()
    parser = argparse.ArgumentParser(prog="python3 -m railyard.baselines",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="cnn", help="cnn (small, for CPUs), resnet18, or "
                        "neurosymbolic (its own options: --model neurosymbolic --help)")
    parser.add_argument("--train", required=True, help="the training dataset folder")
    parser.add_argument("--train-split", default="train",
                        help="its split to train on: train, train_100, train_1000, ...")
    parser.add_argument("--train-count", type=int, help="train on this many images of the "
                        "split, chosen stratified by label with --seed (V-LoL: 100, 1000, 8000); "
                        "default: all of them")
    parser.add_argument("--test", action="append", default=[], metavar="FOLDER[:SPLIT]",
                        help="a dataset to predict (SPLIT default: test for the training folder, "
                             "all for another); repeatable")
    parser.add_argument("--pairs", action="append", default=[], metavar="FOLDER",
                        help="an intervention pairs folder: both sides predicted, scored for "
                             "counterfactual consistency; repeatable")
    parser.add_argument("--resolution", default="192x108", help="WIDTHxHEIGHT the images are "
                        "resized to (V-LoL trained at 224x224 on a GPU)")
    parser.add_argument("--weights", help="a local state dict to start from (ImageNet's for "
                        "resnet18); default: from scratch")
    parser.add_argument("--epochs", type=int, default=defaults.epochs,
                        help="0: evaluate --weights without training")
    parser.add_argument("--batch", type=int, default=defaults.batch)
    parser.add_argument("--lr", type=float, default=defaults.learning_rate,
                        help="the learning rate (onecycle: its peak)")
    parser.add_argument("--optimizer", default=defaults.optimizer, choices=("adam", "adamw"),
                        help="default: Adam (V-LoL's)")
    parser.add_argument("--schedule", default=defaults.schedule, choices=("step", "onecycle"),
                        help="step (V-LoL's: the rate x0.8 every 5 epochs) or onecycle (warm-up "
                             "then cosine annealing, per batch)")
    parser.add_argument("--weight-decay", type=float, default=defaults.weight_decay)
    parser.add_argument("--folds", type=int, default=defaults.folds,
                        help="k > 1: stratified k-fold, a model per fold trained on the other "
                             "k-1 folds (V-LoL: 5)")
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--workers", type=int, default=2, help="DataLoader workers decoding")
    parser.add_argument("--threads", type=int, default=0,
                        help="torch's threads (default 0: one per core this process may use)")
    parser.add_argument("-o", "--output", required=True)
    checkpointing.add_arguments(parser)
    return parser.parse_args(argv)


def test_sets(args):
    """[(name, folder, split)] of the --test arguments."""
    out = []
    for text in args.test:
        folder, colon, split = text.rpartition(":")
        if not colon:
            folder, split = text, ""
        if not split:
            same = os.path.realpath(folder) == os.path.realpath(args.train)
            split = "test" if same else "all"
        out.append((f"{os.path.basename(os.path.normpath(folder))}-{split}", folder, split))
    return out


def accuracy_rows(result, figures):
    return [row for row in score_rows(result)
            if row["breakdown"] == "all" and row["figure"] in figures]


def evaluate(network, args, size, fold_name, folder_out):
    """Every test set and pairs folder predicted, written and scored; their result entries."""
    entries = []
    for name, folder, split in test_sets(args):
        rows = predict(network, load_images(folder, split, size, args.workers))
        entries.append(write_and_score(rows, f"{name}{fold_name}", folder, folder_out,
                                       ("accuracy", "balanced_accuracy"), split != "all"))
    for folder in args.pairs:
        rows = []
        for side, root in pairs_sides(folder):
            rows += [{"variant": side, **row}
                     for row in predict(network, load_images(root, "all", size, args.workers))]
        name = f"{os.path.basename(os.path.normpath(folder))}{fold_name}"
        entries.append(write_and_score(rows, name, folder, folder_out,
                                       ("consistency", "accuracy")))
    return entries


def write_and_score(rows, name, folder, out, figures, one_split=False):
    """The rows written as predictions/<name>.jsonl and scored into score/<name>/ (one split of a
    dataset: scored as a partial prediction of the folder, its coverage said)."""
    path = os.path.join(out, "predictions", f"{name}.jsonl")
    write_predictions(rows, path)
    result = score(path, folder, output=os.path.join(out, "score", name), partial=one_split)
    figures_found = accuracy_rows(result, figures)
    for row in figures_found:
        print(f"{name}: {row['dataset']} {row['group']} {row['figure']} {row['value']:.3f} "
              f"[{row['low']:.3f}, {row['high']:.3f}] (n={row['n']})")
    return {"name": name, "folder": folder, "predictions": os.path.relpath(path, out),
            "figures": figures_found}


def prepare_output(path, resume=False):
    """-o: a new or empty folder, or with --resume the folder of a run not finished yet, told by
    its checkpoints/ (made here, first, so that a run killed before its first epoch resumes)."""
    if resume and os.path.exists(os.path.join(path, "results.json")):
        raise SystemExit(f"baselines: -o {path}: this run has finished (results.json); nothing "
                         "to resume")
    if resume and os.path.isdir(os.path.join(path, "checkpoints")):
        return
    if os.path.exists(path) and (not os.path.isdir(path) or os.listdir(path)):
        raise SystemExit(f"baselines: -o {path}: not a new or empty folder (nothing is "
                         "written over)")
    for sub in ("checkpoints", "predictions", "score"):
        os.makedirs(os.path.join(path, sub), exist_ok=True)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if "neurosymbolic" in (argv[argv.index("--model") + 1:][:1] if "--model" in argv else []) \
            or "--model=neurosymbolic" in argv:  # its own pipeline and options
        from .neurosymbolic import main as neurosymbolic
        return neurosymbolic(argv)
    args = arguments(argv)
    use_threads(args.threads)
    protocol = Protocol(epochs=args.epochs, batch=args.batch, learning_rate=args.lr,
                        weight_decay=args.weight_decay, optimizer=args.optimizer,
                        schedule=args.schedule, folds=args.folds, seed=args.seed).check()
    size = parse_size(args.resolution)
    if protocol.epochs == 0 and not args.weights:
        raise SystemExit("baselines: --epochs 0 evaluates a trained model: give its --weights")
    make_model(args.model, args.weights)  # an unknown model or unreadable weights: before work
    start = time.monotonic()
    data = load_images(args.train, args.train_split, size, args.workers)
    if args.train_count:
        data = data.subset(stratified_choice(data.labels, args.train_count, protocol.seed))
    prepare_output(args.output, args.resume)  # only once the inputs have been read
    checkpoints = checkpointing.from_arguments(args)
    print(f"training set: {len(data)} images of {args.train} ({args.train_split}) at "
          f"{size[0]}x{size[1]}")
    folds = stratified_folds(data.labels, protocol.folds, protocol.seed) \
        if protocol.folds > 1 else [[]]
    runs = []
    for k, held_out in enumerate(folds):
        kept = sorted(set(range(len(data))) - set(held_out))
        torch.manual_seed(protocol.seed)  # the initial weights too: a rerun gives the same
        network, start_from = make_model(args.model, args.weights)
        fold_name = f"-fold{k + 1}" if protocol.folds > 1 else ""
        losses = train(network, data.subset(kept), protocol, checkpoints=checkpoints,
                       name=f"classifier{fold_name}")
        torch.save(network.state_dict(), os.path.join(args.output, f"model{fold_name}.pt"))
        runs.append({"fold": k + 1, "trained_on": len(kept), "losses": losses,
                     "tests": evaluate(network, args, size, fold_name, args.output)})
    results = {"model": args.model, **start_from, "protocol": protocol.as_dict(),
               "resolution": list(size),
               "train": {"folder": args.train, "split": args.train_split, "images": len(data),
                         "chosen": "all" if not args.train_count else "stratified by label"},
               "runs": runs, "seconds": round(time.monotonic() - start, 1),
               "torch": torch.__version__, "threads": torch.get_num_threads()}
    with open(os.path.join(args.output, "results.json.partial"), "w", encoding="utf-8") as file:
        json.dump(results, file, indent=1)
    os.replace(os.path.join(args.output, "results.json.partial"),
               os.path.join(args.output, "results.json"))
    checkpoints.remove()
    print(f"results: {os.path.join(args.output, 'results.json')}")


def run(argv=None):
    """main() with bad input (a resolution, a folder, a split, weights) as one line naming it
    and exit status 2, not a traceback."""
    try:
        return main(argv)
    except Stopped as stopped:
        print(f"baselines: {stopped}", file=sys.stderr)
        return STOPPED_STATUS
    except (ValueError, OSError, RuntimeError) as error:  # railyard's errors are ValueErrors
        print(f"baselines: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run())
