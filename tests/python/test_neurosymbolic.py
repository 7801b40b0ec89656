"""railyard.baselines.neurosymbolic (issue #44, item 2): the car finder and the car reader train
(their losses fall on a tiny dataset they can learn by heart), the trains they read are valid
description lines whose label is the rule's, a run writes predictions in the format `railyard
score` reads (a pairs folder's too) and scores them, saved weights give the same predictions,
the same command gives the same model (in another process), a very short training runs, and bad
input is one line. No accuracy is asserted: accuracies belong in the benchmark."""
import glob
import json
import os
import subprocess
import sys

import pytest
import torch

import railyard
from railyard.baselines import rules
from railyard.baselines.car_finding import find_cars, train_finder
from railyard.baselines.car_networks import CarFinder, CarReader, one_cycle
from railyard.baselines.car_reading import train_reader
from railyard.baselines.decoding import (ATTRIBUTES, VOCABULARY, description, labelled,
                                         most_probable_cars, rule_labels, sampled_cars)
from railyard.baselines.scenes import (car_items, normalised, read_scenes, record_boxes,
                                       record_cars, small_pictures)

from conftest import generate, railyard_command

SIZE = (64, 36)


@pytest.fixture(scope="module")
def scenes(small_dataset):
    folder, _ = small_dataset
    return read_scenes(folder, "all")


@pytest.fixture(scope="module")
def pairs_folder(tmp_path_factory):
    """A folder of `railyard intervene` (flip mode, theory X), 6 trains at 160x90."""
    output = tmp_path_factory.mktemp("pairs")
    command = [railyard_command(), "intervene", "-q", "--set", "count=6", "--set", "width=160",
               "--set", "height=90", "--set", "seed=3", "--set", f"output={output}"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    (root,) = glob.glob(os.path.join(output, "*_pairs"))
    return root


def test_the_car_finder_learns(scenes):
    network = CarFinder()
    losses = train_finder(network, scenes, SIZE, epochs=12, batch=2, learning_rate=3e-3,
                          seed=1, log=lambda line: None)
    assert len(losses) == 12
    assert min(losses[-3:]) < losses[0] * 0.7, losses
    network.eval()
    with torch.no_grad():
        found = find_cars(network(normalised(small_pictures(scenes.images[:2], SIZE))),
                          (scenes.images.shape[3], scenes.images.shape[2]))
    for engine, cars in found:  # boxes x1 y1 x2 y2, at least one car, in order from the engine
        assert len(engine) == 4 and cars and all(len(box) == 4 for box in cars)


def test_the_car_reader_learns(scenes):
    network = CarReader(crop=32)
    losses = train_reader(network, scenes, epochs=12, batch=4, learning_rate=3e-3, seed=1,
                          log=lambda line: None)
    assert len(losses) == 12
    assert min(losses[-3:]) < losses[0] * 0.7, losses


def test_the_cars_of_a_record_are_in_its_vocabulary(scenes):
    owners, boxes, targets = car_items(scenes)
    cars = sum(len(record["train"]["cars"]) for record in scenes.records)
    assert len(owners) == len(boxes) == cars
    assert set(targets) == set(ATTRIBUTES)
    for record in scenes.records:
        engine, car_boxes = record_boxes(record)
        assert len(car_boxes) == len(record_cars(record))
        assert all(x1 < x2 and y1 < y2 for x1, y1, x2, y2 in [engine] + car_boxes)


def test_the_trains_read_are_valid_and_labelled_by_the_rule():
    generator = torch.Generator().manual_seed(5)
    probabilities = {name: torch.softmax(torch.randn(40, len(values), generator=generator), 1)
                     for name, values in VOCABULARY.items()}
    best = most_probable_cars(probabilities)
    drawn = sampled_cars(probabilities, 3, generator)
    lines = [description(best[k:k + 4]) for k in range(0, 40, 4)]
    lines += [description(draw[k:k + 4]) for draw in drawn for k in range(0, 40, 4)]
    trains = railyard.TrainSet.from_descriptions(lines)  # the visual constraints hold
    rule = railyard.Rule("theoryx")
    assert rule_labels(rule, lines) == [int(v) for v in rule.label(trains).labels]
    perceived = [{"index": k, "cars": best[4 * k:4 * k + 4],
                  "draws": [draw[4 * k:4 * k + 4] for draw in drawn]} for k in range(10)]
    rows = labelled(perceived, rule)
    assert [row["label"] == "east" for row in rows] == \
        [bool(v) for v in rule_labels(rule, lines[:10])]
    assert all(row["probability"] in (0, 1 / 3, 2 / 3, 1) or
               abs(row["probability"] * 3 - round(row["probability"] * 3)) < 1e-4
               for row in rows)


def test_the_rule_learner_finds_theory_x_in_exact_symbols():
    trains = railyard.sample_trains(count=600, rule="theoryx", seed=4)
    lines = trains.descriptions()
    text, report = rules.learn_rule(lines, [line.startswith("east") for line in lines])
    assert report["train_accuracy"] == 1.0, text
    learned = railyard.Rule(text=text)  # runs in railyard's engine, as the baseline uses it
    others = railyard.sample_trains(count=300, rule="theoryx", seed=5)
    assert list(learned.label(others).labels) == list(others.labels)


def run_baseline(arguments, module="railyard.baselines"):
    environment = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", module, *arguments], capture_output=True,
                          text=True, env=environment)


def read_lines(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


QUICK = ["--epochs", "2", "--finder-epochs", "2", "--batch", "2", "--resolution", "64x36",
         "--crop-size", "32", "--samples", "8"]


def test_a_run_writes_scored_predictions(small_dataset, pairs_folder, tmp_path):
    folder, _ = small_dataset
    out = str(tmp_path / "run")
    done = run_baseline(["--model", "neurosymbolic", "--train", folder, "--train-split", "all",
                         "--test", f"{folder}:all", "--pairs", pairs_folder, *QUICK, "-o", out])
    assert done.returncode == 0, done.stderr
    results = json.load(open(os.path.join(out, "results.json"), encoding="utf-8"))
    assert results["model"] == "neurosymbolic" and results["weights"].startswith("none")
    assert results["rule"]["name"] == "theoryx" and "not learned" in results["rule"]["how"]
    railyard.Rule(text=results["learned_rule"]["text"])  # the learned rule loads
    (run,) = results["runs"]
    assert len(run["losses"]) == 2 and len(run["finder_losses"]) == 2
    test, pairs = run["tests"]
    lines = read_lines(os.path.join(out, test["predictions"]))
    assert sorted(line["index"] for line in lines) == list(range(4))
    assert all(set(line) == {"index", "label", "probability"} and
               line["label"] in ("east", "west") and 0 <= line["probability"] <= 1
               for line in lines)
    assert os.path.isfile(os.path.join(out, "score", test["name"], "score.json"))
    (accuracy,) = [f for f in test["figures"] if f["figure"] == "accuracy"]
    assert accuracy["n"] == 4
    perception = test["perception"]
    assert perception["trains"] == 4 and set(perception["attributes"]) == set(ATTRIBUTES)
    assert set(test["perception_on_true_boxes"]["attributes"]) == set(ATTRIBUTES)
    # the symbols: each prediction's label is the rule's on the train read
    symbols = read_lines(os.path.join(out, "symbols", f"{test['name']}.jsonl"))
    predicted = [line["predicted"] for line in symbols]
    rule = railyard.Rule("theoryx")
    labels = rule.label(railyard.TrainSet.from_descriptions(predicted)).labels
    by_index = {line["index"]: line["label"] for line in lines}
    assert [by_index[line["index"]] for line in symbols] == \
        ["east" if v else "west" for v in labels]
    # the pairs: both sides predicted, consistency scored
    pair_lines = read_lines(os.path.join(out, pairs["predictions"]))
    assert {line["variant"] for line in pair_lines} == {"base", "intervened"}
    assert any(f["figure"] == "consistency" for f in pairs["figures"])
    assert set(pairs["perception"]) == {"base", "intervened"}
    for entry in (test, pairs):  # the learned rule's predictions, scored beside the given's
        learned = entry["learned_rule"]
        assert learned["name"] == entry["name"] + "-learned_rule"
        assert os.path.isfile(os.path.join(out, "score", learned["name"], "score.json"))


def test_saved_weights_give_the_same_predictions(small_dataset, tmp_path):
    folder, _ = small_dataset
    first, again = str(tmp_path / "first"), str(tmp_path / "again")
    done = run_baseline(["--model", "neurosymbolic", "--train", folder, "--train-split", "all",
                         "--test", f"{folder}:all", *QUICK, "-o", first])
    assert done.returncode == 0, done.stderr
    done = run_baseline(["--train", folder, "--test", f"{folder}:all", "--epochs", "0",
                         "--weights", os.path.join(first, "model.pt"), "--samples", "8",
                         "-o", again], module="railyard.baselines.neurosymbolic")
    assert done.returncode == 0, done.stderr
    name = os.path.basename(folder) + "-all.jsonl"
    assert read_lines(os.path.join(first, "predictions", name)) == \
        read_lines(os.path.join(again, "predictions", name))
    assert json.load(open(os.path.join(again, "results.json"),
                          encoding="utf-8"))["weights"].endswith("model.pt")


@pytest.fixture(scope="module")
def six_pictures(tmp_path_factory):
    """A 6-sample dataset: 17 cars, 5 reader steps of 4 in an epoch (a one-cycle schedule whose
    warm-up ended at step 0, 5 x 0.2 - 1, once divided by zero)."""
    return generate(tmp_path_factory.mktemp("six"), count=6)


SHORT = ["--epochs", "1", "--finder-epochs", "1", "--batch", "2", "--samples", "8"]


def test_the_schedule_runs_for_any_number_of_steps():
    for steps in range(0, 41):
        optimiser = torch.optim.AdamW([torch.nn.Parameter(torch.zeros(1))], lr=1e-3)
        schedule = one_cycle(optimiser, 1e-3, steps)
        for _ in range(max(steps, 1)):
            optimiser.step()
            schedule.step()
        assert 0 < optimiser.param_groups[0]["lr"] <= 1e-3


def test_a_very_short_training_runs(six_pictures, tmp_path):
    out = str(tmp_path / "short")
    done = run_baseline(["--model", "neurosymbolic", "--train", six_pictures,
                         "--train-split", "all", "--test", f"{six_pictures}:all", *SHORT,
                         "-o", out])
    assert done.returncode == 0, done.stderr
    (run,) = json.load(open(os.path.join(out, "results.json"), encoding="utf-8"))["runs"]
    assert len(run["losses"]) == 1 and len(run["finder_losses"]) == 1


def test_the_same_command_gives_the_same_model(six_pictures, tmp_path):
    """Two processes, one command: the same model.pt (initial weights included) and the same
    predictions and symbols."""
    outputs = [str(tmp_path / name) for name in ("first", "second")]
    for out in outputs:
        done = run_baseline(["--model", "neurosymbolic", "--train", six_pictures,
                             "--train-split", "all", "--test", f"{six_pictures}:all", *QUICK,
                             "-o", out])
        assert done.returncode == 0, done.stderr
    first, second = (torch.load(os.path.join(out, "model.pt")) for out in outputs)
    for network in ("finder", "reader"):
        assert first[network].keys() == second[network].keys()
        assert all(torch.equal(first[network][key], second[network][key])
                   for key in first[network]), network
    name = os.path.basename(six_pictures) + "-all.jsonl"
    for folder in ("predictions", "symbols"):
        assert read_lines(os.path.join(outputs[0], folder, name)) == \
            read_lines(os.path.join(outputs[1], folder, name)), folder
    results = [json.load(open(os.path.join(out, "results.json"), encoding="utf-8"))
               for out in outputs]
    assert results[0]["learned_rule"] == results[1]["learned_rule"]
    assert results[0]["runs"][0]["losses"] == results[1]["runs"][0]["losses"]


def test_a_run_cut_short_and_resumed_gives_the_same_model(six_pictures, tmp_path):
    """--epochs-per-run 1 stops each process after one epoch (the finder's two, then the
    reader's two) with status 75 and the state saved; --resume goes on, and the last process
    writes the model, predictions and losses of a run that went through, then drops its
    checkpoints."""
    command = ["--model", "neurosymbolic", "--train", six_pictures, "--train-split", "all",
               "--test", f"{six_pictures}:all", *QUICK]
    whole, cut = str(tmp_path / "whole"), str(tmp_path / "cut")
    done = run_baseline([*command, "-o", whole])
    assert done.returncode == 0, done.stderr
    statuses = []
    for _ in range(6):
        done = run_baseline([*command, "--epochs-per-run", "1", "--resume", "-o", cut])
        statuses.append(done.returncode)
        if done.returncode != 75:
            break
        assert "--resume" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert statuses == [75, 75, 75, 0], done.stderr
    first, second = (torch.load(os.path.join(out, "model.pt")) for out in (whole, cut))
    for network in ("finder", "reader"):
        assert all(torch.equal(first[network][key], second[network][key])
                   for key in first[network]), network
    name = os.path.basename(six_pictures) + "-all.jsonl"
    assert read_lines(os.path.join(whole, "predictions", name)) == \
        read_lines(os.path.join(cut, "predictions", name))
    runs = [json.load(open(os.path.join(out, "results.json"), encoding="utf-8"))["runs"][0]
            for out in (whole, cut)]
    assert runs[0]["losses"] == runs[1]["losses"]
    assert runs[0]["finder_losses"] == runs[1]["finder_losses"]
    assert not os.path.exists(os.path.join(cut, "checkpoints"))


@pytest.mark.parametrize("arguments, named", [
    (["--folds", "5"], "--folds"),
    (["--rule", "no_such_rule"], "no_such_rule"),
    (["--epochs", "0"], "give its --weights"),
    (["--resolution", "wide"], "resolution 'wide'"),
    (["--train-split", "nowhere"], "nowhere"),
    (["--epochs", "0", "--weights", "/nonexistent/model.pt"], "/nonexistent/model.pt"),
])
def test_bad_input_is_one_line_naming_it(small_dataset, tmp_path, arguments, named):
    folder, _ = small_dataset
    done = run_baseline(["--model", "neurosymbolic", "--train", folder, "--train-split", "all",
                         "-o", str(tmp_path / "o"), *arguments])
    assert done.returncode == 2
    assert named in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "o").exists()  # nothing written: a corrected rerun may use -o
