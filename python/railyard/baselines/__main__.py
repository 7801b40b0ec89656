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
import os
import sys
import time

import torch

from . import checkpoints as checkpointing
from .command import add_common_arguments, prepare_output, run, test_sets, write_and_score, \
    write_results
from .data import load_images, pairs_sides, parse_size
from .models import make_model
from .protocol import Protocol
from .training import predict, stratified_choice, stratified_folds, train, use_threads


def arguments(argv):
    defaults = Protocol()
    parser = argparse.ArgumentParser(prog="python3 -m railyard.baselines",
                                     description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    parser.add_argument("--model", default="cnn", help="cnn (small, for CPUs), resnet18, or "
                        "neurosymbolic (its own options: --model neurosymbolic --help)")
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
    parser.add_argument("--workers", type=int, default=2, help="DataLoader workers decoding")
    return parser.parse_args(argv)


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
    write_results(results, args.output)
    checkpoints.remove()


if __name__ == "__main__":
    sys.exit(run(main))
