"""A neuro-symbolic baseline (issue #44, item 2): the picture read into the symbolic train by a
perception model trained on railyard's own annotations, then the class from a rule.

    python3 -m railyard.baselines --model neurosymbolic --train DATASET --train-count 1000 \\
        --test DATASET:test --pairs PAIRS -o runs/neurosymbolic_1000
    python3 -m railyard.baselines.neurosymbolic ...          # the same

Perception, two small CNNs trained from scratch on the training records (car_networks.py):
  1. the car finder (car_finding.py: a CenterNet-like heat map at 1/4 of the --resolution
     picture, 192x108 by default, the CNN baselines' size): one heat map channel for car
     centres, one for the locomotive's, and at each centre the box's size and sub-cell offset,
     learnt from the records' amodal boxes (`full_box` of each car and of the locomotive). At
     test time the cars are the heat map's peaks, found from the picture alone, and put in order
     by their distance from the locomotive (a train is a line: the car next to the engine is
     car 1).
  2. the car reader (car_reading.py): a square crop around each car, cut from the picture as
     rendered (480x270 for V-LoL's datasets: loads are 15-25 pixels there, 6-10 at 192x108)
     and resized to --crop-size, read by one CNN with a head per attribute, in the records'
     (Michalski) vocabulary: shape, length, wall, roof, axles, load shape (with `none` for an
     empty car) and load count. Trained on the records' car boxes with random jitter and
     mirroring (the finder's boxes are not exact), never on a test sample's record.
The pictures and the records' boxes and cars are read by scenes.py. The most probable train
under the visual constraints (a short car has 2 axles and at most 2 loads; an empty car's load
shape is `none`) is written as V-LoL's description line (the angle is not perceived: written as
0) and labelled by the rule, evaluated by railyard's own Prolog engine (railyard.Rule;
decoding.py). The rule is GIVEN, not learned: V-LoL learns it with Aleph or Popper, which this
machine lacks (no Debian package); by default it is the training dataset's rule (its
manifest), or --rule. The probability of east written for `railyard score` is the east share
of --samples trains drawn from the reader's per-attribute probabilities, each labelled by the
rule (the label itself is the most probable train's). Beside it, unless --no-learned-rule, a
rule LEARNED from the trains read in the training pictures and their labels by
railyard.baselines.rules (rules.py: greedy sequential covering over one- and two-car clauses,
a documented stand-in for Aleph), scored as predictions/<name>-learned_rule.jsonl.

Written into -o like the CNN baselines: model.pt (both networks and the vocabularies),
predictions/<name>.jsonl (scored into score/<name>/), symbols/<name>.jsonl (per sample the
predicted description line, and the true one where its record is read for scoring the
perception after the prediction), and results.json: the learned rule (its clauses and its
training accuracy), per test set the end-to-end figures (the given rule's and the learned
one's) and the perception's accuracy (number of cars, each attribute over the true cars, whole
trains read exactly; perception_scores.py), and, as a diagnostic only, the reader's accuracy on
the records' true car boxes.

This file: the pipeline (NeuroSymbolic: pictures to trains to labels, load_model) and the
command (arguments, evaluate, main).
"""
import argparse
import hashlib
import os
import sys
import time

import torch

from .. import reader
from ..symbolic import Rule
from . import checkpoints as checkpointing
from .car_finding import find_cars, train_finder
from .car_networks import CarFinder, CarReader
from .car_reading import CROP_MARGIN, crops, train_reader
from .checkpoints import NO_CHECKPOINTS
from .command import add_common_arguments, prepare_output, run, test_sets, write_and_score, \
    write_results
from .data import pairs_sides, parse_size
from .decoding import (ATTRIBUTES, VOCABULARY, description, labelled, most_probable_cars,
                       sampled_cars)
from .perception_scores import perception, perception_on_true_boxes, say_perception, symbol_rows
from .rules import learn_rule
from .scenes import car_items, normalised, read_scenes, small_pictures
from .training import use_threads, write_predictions


class NeuroSymbolic:
    """The car finder, the car reader and the rule: pictures to trains to labels."""

    def __init__(self, finder, reader_network, rule, size, samples=64, seed=0):
        self.finder, self.reader, self.rule = finder, reader_network, rule
        self.size, self.samples, self.seed = size, samples, seed

    def read_cars(self, images, owners, boxes):
        """The reader's probabilities {attribute: K x values} of the cars at `boxes`."""
        self.reader.eval()
        out = {name: [] for name in ATTRIBUTES}
        with torch.no_grad():
            for first in range(0, len(owners), 256):
                logits = self.reader(crops(images, owners[first:first + 256],
                                           boxes[first:first + 256], self.reader.crop))
                for name in ATTRIBUTES:
                    out[name].append(torch.softmax(logits[name], 1))
        return {name: torch.cat(values) if values else torch.zeros(0, len(VOCABULARY[name]))
                for name, values in out.items()}

    def perceive(self, scenes, batch=50):
        """Per picture {"index", "cars" (the most probable train's), "draws" (`samples` trains
        drawn from the reader's probabilities), "boxes" (the locomotive's, then the cars')}:
        the cars found in the picture alone, and read."""
        self.finder.eval()
        full_size = (scenes.images.shape[3], scenes.images.shape[2])
        found = []
        with torch.no_grad():
            for first in range(0, len(scenes), batch):
                pictures = small_pictures(scenes.images[first:first + batch], self.size)
                found += find_cars(self.finder(normalised(pictures)), full_size)
        owners = torch.tensor([k for k, (_, cars) in enumerate(found) for _ in cars])
        boxes = torch.tensor([box for _, cars in found for box in cars]).reshape(-1, 4)
        probabilities = self.read_cars(scenes.images, owners, boxes)
        best = most_probable_cars(probabilities)
        generator = torch.Generator().manual_seed(self.seed)
        drawn = sampled_cars(probabilities, self.samples, generator) if self.samples else []
        rows, start = [], 0
        for k, (engine, cars) in enumerate(found):
            end = start + len(cars)
            rows.append({"index": int(scenes.indices[k]), "cars": best[start:end],
                         "draws": [draw[start:end] for draw in drawn],
                         "boxes": [[round(v, 1) for v in box] for box in [engine] + cars]})
            start = end
        return rows

    def predict(self, scenes, rule=None):
        """`railyard score`'s rows of the pictures: the trains read, labelled by `rule` (the
        model's own by default)."""
        return labelled(self.perceive(scenes), rule or self.rule)


def arguments(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m railyard.baselines --model neurosymbolic",
        description="The neuro-symbolic baseline: a car finder and a car reader trained on the "
                    "records' boxes and cars, the rule applied to the trains they read.")
    add_common_arguments(parser)
    parser.add_argument("--model", default="neurosymbolic", choices=["neurosymbolic"])
    parser.add_argument("--resolution", default="192x108", help="WIDTHxHEIGHT the car finder "
                        "sees (the crops are cut from the pictures as rendered)")
    parser.add_argument("--crop-size", type=int, default=64, help="the car reader's crops, "
                        "pixels a side")
    parser.add_argument("--rule", help="the rule that labels the trains read (a shipped name, "
                        "a .pl file); default: the training dataset's")
    parser.add_argument("--weights", help="a model.pt of this baseline to evaluate (with "
                        "--epochs 0)")
    parser.add_argument("--epochs", type=int, default=15, help="the car reader's epochs; 0: "
                        "evaluate --weights without training")
    parser.add_argument("--finder-epochs", type=int, default=30)
    parser.add_argument("--batch", type=int, default=32, help="pictures per finder step (the "
                        "reader takes twice as many cars)")
    parser.add_argument("--lr", type=float, default=2e-3, help="peak learning rate (AdamW, "
                        "one-cycle schedule)")
    parser.add_argument("--samples", type=int, default=64, help="trains drawn per picture for "
                        "the probability of east (0: the label, 0 or 1)")
    parser.add_argument("--no-learned-rule", action="store_true", help="skip the rule learned "
                        "from the trains read in the training pictures (railyard.baselines."
                        "rules), scored beside the given rule as <name>-learned_rule")
    parser.add_argument("--folds", type=int, default=1, help="only 1 (no k-fold here)")
    parser.add_argument("--workers", type=int, default=0, help="unused (pictures are decoded "
                        "in this process)")
    args = parser.parse_args(argv)
    for name in ("epochs", "finder_epochs", "samples"):
        if getattr(args, name) < 0:
            raise ValueError(f"--{name.replace('_', '-')} must be 0 or more, not "
                             f"{getattr(args, name)}")
    if args.batch < 2 or args.crop_size < 8 or not args.lr > 0:
        raise ValueError("--batch must be at least 2, --crop-size at least 8 and --lr positive")
    if args.folds != 1:
        raise ValueError("--folds: the neuro-symbolic baseline trains one model (--folds 1)")
    if (args.epochs == 0 or args.finder_epochs == 0) and not args.weights:
        raise ValueError("--epochs 0 evaluates a trained model: give its --weights")
    return args


def load_model(path, samples=64, seed=0, rule=None):
    """A NeuroSymbolic from a model.pt this baseline wrote, and what it started from."""
    with open(path, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()
    saved = torch.load(path, map_location="cpu")
    if not isinstance(saved, dict) or saved.get("kind") != "railyard-neurosymbolic":
        raise ValueError(f"{path}: not a model.pt of the neuro-symbolic baseline")
    if saved["vocabulary"] != {k: list(v) for k, v in VOCABULARY.items()}:
        raise ValueError(f"{path}: written with other vocabularies")
    finder, reader_network = CarFinder(), CarReader(saved["crop"])
    finder.load_state_dict(saved["finder"])
    reader_network.load_state_dict(saved["reader"])
    model = NeuroSymbolic(finder, reader_network, rule or Rule(saved["rule"]),
                          tuple(saved["resolution"]), samples, seed)
    return model, {"weights": str(path), "weights_sha256": digest}


def evaluate(model, args, out, learned=None):
    """Every test set and pairs folder perceived, labelled by the rule (and by the `learned`
    rule, if any, as a second predictions file <name>-learned_rule), written and scored; their
    result entries."""
    entries = [evaluate_test_set(model, name, folder, split, out, learned)
               for name, folder, split in test_sets(args)]
    return entries + [evaluate_pairs(model, folder, out, learned) for folder in args.pairs]


def evaluate_test_set(model, name, folder, split, out, learned):
    """One test set perceived, labelled, written and scored, its perception scored and its
    symbols written; its result entry."""
    scenes = read_scenes(folder, split)
    perceived = model.perceive(scenes)
    entry, rows = score_both(model, learned, perceived, name, folder, out,
                             ("accuracy", "balanced_accuracy"), split != "all")
    entry["perception"] = perception(perceived, scenes)
    entry["perception_on_true_boxes"] = perception_on_true_boxes(model, scenes)
    write_predictions(symbol_rows(perceived, rows, scenes),
                os.path.join(out, "symbols", f"{name}.jsonl"))
    say_perception(name, entry)
    return entry


def evaluate_pairs(model, folder, out, learned):
    """Both sides of a pairs folder perceived, labelled, written and scored for counterfactual
    consistency, each side's perception scored and the symbols written; its result entry."""
    name = os.path.basename(os.path.normpath(folder))
    perceived, sides, symbols, figures = [], [], [], {}
    for side, root in pairs_sides(folder):
        scenes = read_scenes(root, "all")
        side_perceived = model.perceive(scenes)
        perceived += side_perceived
        sides += [side] * len(side_perceived)
        symbols += [{"variant": side, **row} for row in symbol_rows(
            side_perceived, labelled(side_perceived, model.rule), scenes)]
        figures[side] = perception(side_perceived, scenes)
    entry, _ = score_both(model, learned, perceived, name, folder, out,
                          ("consistency", "accuracy"), False, sides)
    entry["perception"] = figures
    write_predictions(symbols, os.path.join(out, "symbols", f"{name}.jsonl"))
    for side, side_figures in figures.items():
        say_perception(f"{name} {side}", {"perception": side_figures})
    return entry


def score_both(model, learned, perceived, name, folder, out, figures, one_split, sides=None):
    """The trains read labelled by the model's rule, written and scored as `name`, and by the
    `learned` rule (if any) as <name>-learned_rule; (the result entry, the rule's rows)."""
    rows = labelled_sides(perceived, model.rule, sides)
    entry = write_and_score(rows, name, folder, out, figures, one_split)
    if learned is not None:
        entry["learned_rule"] = write_and_score(
            labelled_sides(perceived, learned, sides), f"{name}-learned_rule", folder, out,
            figures, one_split)
    return entry, rows


def labelled_sides(perceived, rule, sides=None):
    rows = labelled(perceived, rule)
    return rows if sides is None else [{"variant": side, **row} for side, row in zip(sides, rows)]


def given_rule(args):
    """The rule that labels the trains read: --rule, or the training dataset's (its manifest)."""
    manifest = reader.DatasetOnDisk(args.train, depth=False, masks=False).manifest
    rule_name = args.rule or manifest.get("rule", "")
    try:
        return Rule(rule_name)
    except ValueError as error:
        raise ValueError(f"the rule {rule_name!r} does not load ({error}); give --rule") \
            from None


def train_model(args, scenes, size, rule, model=None, checkpoints=NO_CHECKPOINTS):
    """The car finder and the car reader trained on `scenes` (from scratch, or on from `model`)
    and saved as model.pt in -o; (the NeuroSymbolic model, the losses of each network)."""
    if model is None:  # their initial weights --seed's: the same command, the same model.pt
        torch.manual_seed(args.seed)
        finder, reader_network = CarFinder(), CarReader(args.crop_size)
    else:
        finder, reader_network = model.finder, model.reader
    losses = {"finder": train_finder(finder, scenes, size, args.finder_epochs, args.batch,
                                     args.lr, args.seed, checkpoints=checkpoints),
              "reader": train_reader(reader_network, scenes, args.epochs, args.batch * 2,
                                     args.lr, args.seed, checkpoints=checkpoints)}
    model = NeuroSymbolic(finder, reader_network, rule, size, args.samples, args.seed)
    torch.save({"kind": "railyard-neurosymbolic", "finder": finder.state_dict(),
                "reader": reader_network.state_dict(), "crop": reader_network.crop,
                "resolution": list(size), "rule": rule.name,
                "vocabulary": {k: list(v) for k, v in VOCABULARY.items()}},
               os.path.join(args.output, "model.pt"))
    return model, losses


def learned_rule(model, scenes):
    """The rule learned from the trains read in the training pictures and their labels
    (railyard.baselines.rules), and its report."""
    perceived = model.perceive(scenes)
    text, report = learn_rule([description(p["cars"]) for p in perceived],
                              scenes.labels.tolist())
    learned = Rule(text=text)
    report = {"text": text, **report,
              "training_pictures_read_exactly": perception(perceived, scenes)["train_exact"],
              "how": "railyard.baselines.rules: greedy sequential covering over one- and "
                     "two-car clauses (not Aleph), learned from the trains read in the "
                     "training pictures and their labels"}
    print("learned rule (from the trains read in the training pictures; training accuracy "
          f"{report['train_accuracy']:.3f}):\n{text}")
    return learned, report


def main(argv=None):
    args = arguments(sys.argv[1:] if argv is None else argv)
    use_threads(args.threads)
    size = parse_size(args.resolution)
    start = time.monotonic()
    rule = given_rule(args)
    trained = not (args.epochs == 0 or args.finder_epochs == 0)
    model, start_from = None, {"weights": "none: trained from scratch"}
    if args.weights:
        model, start_from = load_model(args.weights, args.samples, args.seed, rule)
    scenes = read_scenes(args.train, args.train_split, args.train_count, args.seed)
    car_items(scenes)  # every record's cars in the vocabularies: before anything is written
    prepare_output(args.output, args.resume)
    checkpoints = checkpointing.from_arguments(args)
    os.makedirs(os.path.join(args.output, "symbols"), exist_ok=True)
    losses = {}
    print(f"training set: {len(scenes)} pictures of {args.train} ({args.train_split}), "
          f"rendered at {scenes.images.shape[3]}x{scenes.images.shape[2]}; the car finder "
          f"at {size[0]}x{size[1]}, the reader on {args.crop_size}x{args.crop_size} crops")
    if trained:
        model, losses = train_model(args, scenes, size, rule, model, checkpoints)
    learned, report = None, None
    if not args.no_learned_rule:  # from the trains read in the training pictures
        learned, report = learned_rule(model, scenes)
    trained_on = len(scenes)
    del scenes
    tests = evaluate(model, args, args.output, learned)
    results = {"model": "neurosymbolic", **start_from,
               "rule": {"name": rule.name, "how": "given (the training dataset's rule, or "
                        "--rule), evaluated by railyard's Prolog engine on the trains read; "
                        "not learned by Aleph or Popper, which are not available here"},
               "learned_rule": report,
               "protocol": {"finder_epochs": args.finder_epochs, "reader_epochs": args.epochs,
                            "batch": args.batch, "reader_batch": args.batch * 2,
                            "learning_rate": args.lr, "optimiser": "AdamW, one-cycle",
                            "weight_decay": 1e-4, "seed": args.seed, "samples": args.samples,
                            "crop_size": model.reader.crop, "crop_margin": CROP_MARGIN},
               "resolution": list(model.size),
               "train": {"folder": args.train, "split": args.train_split,
                         "images": trained_on,
                         "chosen": "all" if not args.train_count else "stratified by label"},
               "runs": [{"fold": 1, "trained_on": trained_on if trained else 0,
                         "losses": losses.get("reader", []),
                         "finder_losses": losses.get("finder", []), "tests": tests}],
               "seconds": round(time.monotonic() - start, 1),
               "torch": torch.__version__, "threads": torch.get_num_threads()}
    write_results(results, args.output)
    checkpoints.remove()


if __name__ == "__main__":
    sys.exit(run(main, errors=(ValueError, OSError, RuntimeError, KeyError)))
