"""What the two baseline commands (the image classifiers of __main__.py, the pipeline of
neurosymbolic.py) share: their common options, -o made ready, the test sets, predictions written
and scored, results.json, and bad input as one line with an exit status."""
import json
import os
import sys

from .. import score, score_rows
from . import checkpoints as checkpointing
from .checkpoints import STOPPED_STATUS, Stopped
from .training import write_predictions


def add_common_arguments(parser):
    """The training set, the test sets, the seed, the threads, -o and the checkpoints."""
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
    parser.add_argument("--seed", type=int, default=0, help="the initial weights, the training "
                        "subset, the batches' order")
    parser.add_argument("--threads", type=int, default=0,
                        help="torch's threads (default 0: one per core this process may use)")
    parser.add_argument("-o", "--output", required=True)
    checkpointing.add_arguments(parser)


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


def write_and_score(rows, name, folder, out, figures, one_split=False):
    """The rows written as predictions/<name>.jsonl and scored into score/<name>/ (one split of a
    dataset: scored as a partial prediction of the folder, its coverage said); its result entry
    with the `figures` of the whole set."""
    path = os.path.join(out, "predictions", f"{name}.jsonl")
    write_predictions(rows, path)
    result = score(path, folder, output=os.path.join(out, "score", name), partial=one_split)
    found = [row for row in score_rows(result)
             if row["breakdown"] == "all" and row["figure"] in figures]
    for row in found:
        print(f"{name}: {row['dataset']} {row['group']} {row['figure']} {row['value']:.3f} "
              f"[{row['low']:.3f}, {row['high']:.3f}] (n={row['n']})")
    return {"name": name, "folder": folder, "predictions": os.path.relpath(path, out),
            "figures": found}


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


def write_results(results, output):
    """results.json in `output`, written whole (through a .partial file) and named."""
    partial = os.path.join(output, "results.json.partial")
    with open(partial, "w", encoding="utf-8") as file:
        json.dump(results, file, indent=1)
    os.replace(partial, os.path.join(output, "results.json"))
    print(f"results: {os.path.join(output, 'results.json')}")


def run(main, argv=None, errors=(ValueError, OSError, RuntimeError)):
    """main(argv) with bad input (a resolution, a folder, a split, weights: railyard's errors are
    ValueErrors) as one line naming it and exit status 2, not a traceback; a run stopped by its
    epoch budget exits with STOPPED_STATUS."""
    try:
        return main(argv)
    except Stopped as stopped:
        print(f"baselines: {stopped}", file=sys.stderr)
        return STOPPED_STATUS
    except errors as error:
        print(f"baselines: {error}", file=sys.stderr)
        return 2
