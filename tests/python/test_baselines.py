"""railyard.baselines (issue #44): each model trains (its loss falls on a tiny dataset it can
learn by heart), predictions come out in the format `railyard score` reads and are scored, saved
weights load back to the same predictions, k-fold splits are stratified partitions, and a run
refuses to write over a folder. No accuracy is asserted: accuracies belong in the benchmark."""
import json
import os
import subprocess
import sys

import pytest
import torch

from railyard.baselines import Protocol, load_images, make_model, predict, train
from railyard.baselines.command import prepare_output
from railyard.baselines.training import stratified_choice, stratified_folds

SIZE = (64, 36)


@pytest.fixture(scope="module")
def images(small_dataset):
    folder, _ = small_dataset
    return load_images(folder, "all", SIZE, workers=0)


@pytest.mark.parametrize("model", ["cnn", "resnet18"])
def test_the_loss_falls(images, model):
    network, start = make_model(model)
    assert start["weights"].startswith("none")
    losses = train(network, images, Protocol(epochs=8, batch=4, seed=1), log=lambda line: None)
    assert len(losses) == 8
    assert min(losses[-3:]) < losses[0] * 0.7, losses


@pytest.mark.parametrize("batch", [4, 3])  # 3: each epoch's last batch of one is skipped
def test_adamw_with_a_one_cycle_schedule_learns(images, batch):
    """The worked example's protocol (README): AdamW, the rate's one cycle stepped per batch,
    as many steps as the batches the loop runs (OneCycleLR refuses a step too many)."""
    network, _ = make_model("cnn")
    protocol = Protocol(epochs=8, batch=batch, seed=1, learning_rate=3e-3, weight_decay=0.05,
                        optimizer="adamw", schedule="onecycle")
    losses = train(network, images, protocol, log=lambda line: None)
    assert len(losses) == 8
    assert min(losses[-3:]) < losses[0] * 0.7, losses
    assert protocol.as_dict()["optimizer"] == "adamw"
    assert protocol.as_dict()["schedule"] == "onecycle"
    assert Protocol().optimizer == "adam" and Protocol().schedule == "step"  # V-LoL's


@pytest.mark.parametrize("change", [{"optimizer": "sgd"}, {"schedule": "cosine"}])
def test_an_unknown_optimizer_or_schedule_is_refused(change):
    with pytest.raises(ValueError, match=next(iter(change.values()))):
        Protocol(**change).check()


def test_images_are_the_split_at_the_size(images, small_dataset):
    assert images.images.dtype == torch.uint8
    assert tuple(images.images.shape[1:]) == (3, SIZE[1], SIZE[0])
    assert sorted(images.indices.tolist()) == list(range(len(images)))
    assert set(images.labels.tolist()) <= {0, 1}


def test_saved_weights_give_the_same_predictions(images, tmp_path):
    network, _ = make_model("cnn")
    train(network, images, Protocol(epochs=2, batch=4), log=lambda line: None)
    path = str(tmp_path / "model.pt")
    torch.save(network.state_dict(), path)
    again, start = make_model("cnn", weights=path)
    assert start["weights"] == path and len(start["weights_sha256"]) == 64
    assert predict(again, images) == predict(network, images)


def test_folds_are_a_stratified_partition():
    labels = torch.tensor([1] * 10 + [0] * 5)
    folds = stratified_folds(labels, 5, seed=3)
    assert sorted(p for fold in folds for p in fold) == list(range(15))
    for fold in folds:
        assert [labels[p].item() for p in fold].count(1) == 2
        assert [labels[p].item() for p in fold].count(0) == 1
    assert folds == stratified_folds(labels, 5, seed=3)


def run_baseline(arguments):
    environment = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "railyard.baselines", *arguments],
                          capture_output=True, text=True, env=environment)


def test_a_run_writes_scored_predictions(small_dataset, tmp_path):
    folder, _ = small_dataset
    out = str(tmp_path / "run")
    done = run_baseline(["--train", folder, "--train-split", "all", "--test", f"{folder}:all",
                         "--test", f"{folder}:train", "--epochs", "2", "--batch", "2", "--resolution", "64x36",
                         "--workers", "0", "-o", out])
    assert done.returncode == 0, done.stderr
    with open(os.path.join(out, "results.json"), encoding="utf-8") as file:
        results = json.load(file)
    (run,) = results["runs"]
    assert len(run["losses"]) == 2 and results["weights"].startswith("none")
    assert results["threads"] == len(os.sched_getaffinity(0))  # not the one Debian's torch takes
    test, one_split = run["tests"]
    with open(os.path.join(out, test["predictions"]), encoding="utf-8") as file:
        lines = [json.loads(line) for line in file]
    assert sorted(line["index"] for line in lines) == list(range(4))
    assert all(line["label"] in ("east", "west") and 0 <= line["probability"] <= 1
               for line in lines)
    assert os.path.isfile(os.path.join(out, "score", test["name"], "score.json"))
    (accuracy,) = [f for f in test["figures"] if f["figure"] == "accuracy"]
    assert accuracy["n"] == 4
    with open(os.path.join(folder, "splits", "train.txt"), encoding="utf-8") as file:
        train_split = len(file.read().split())
    (accuracy,) = [f for f in one_split["figures"] if f["figure"] == "accuracy"]
    assert accuracy["n"] == train_split  # a split's predictions scored as that split alone


def test_a_rerun_gives_the_same_predictions(small_dataset, tmp_path):
    """The seed fixes the initial weights, the batches and dropout: the same command twice
    writes the same predictions (the README's figures rerun)."""
    folder, _ = small_dataset
    predictions = []
    for name in ("first", "second"):
        out = str(tmp_path / name)
        done = run_baseline(["--train", folder, "--train-split", "all", "--test", f"{folder}:all",
                             "--epochs", "2", "--batch", "2", "--resolution", "64x36",
                             "--optimizer", "adamw", "--schedule", "onecycle", "--workers", "0",
                             "-o", out])
        assert done.returncode == 0, done.stderr
        (written,) = os.listdir(os.path.join(out, "predictions"))
        with open(os.path.join(out, "predictions", written), encoding="utf-8") as file:
            predictions.append(file.read())
    assert predictions[0] == predictions[1] and predictions[0]


def test_a_run_never_writes_over_a_folder(small_dataset, tmp_path):
    folder, _ = small_dataset
    (tmp_path / "kept.txt").write_text("mine")
    done = run_baseline(["--train", folder, "--train-split", "all", "-o", str(tmp_path)])
    assert done.returncode != 0 and "not a new or empty folder" in done.stderr
    assert (tmp_path / "kept.txt").read_text() == "mine"
    assert sorted(os.listdir(tmp_path)) == ["kept.txt"]


def cut_and_resumed(folder, out, arguments, epochs_per_run):
    """The statuses of the processes that run `arguments` --epochs-per-run N --resume until
    one finishes (at most 8)."""
    statuses = []
    while len(statuses) < 8 and (not statuses or statuses[-1] == 75):
        done = run_baseline(["--train", folder, "--train-split", "all", *arguments,
                             "--epochs-per-run", str(epochs_per_run), "--resume", "-o", out])
        statuses.append(done.returncode)
        assert done.returncode in (0, 75), done.stderr
    return statuses


def test_a_run_cut_short_and_resumed_gives_the_same_predictions(small_dataset, tmp_path):
    """Three epochs of the small CNN (dropout: torch's own generator) with a one-cycle schedule
    (stepped per batch), one epoch per process: the state saved after each epoch and resumed
    gives the predictions, weights and losses of a run that went through."""
    folder, _ = small_dataset
    arguments = ["--test", f"{folder}:all", "--epochs", "3", "--batch", "2", "--resolution",
                 "64x36", "--optimizer", "adamw", "--schedule", "onecycle", "--workers", "0"]
    whole, cut = str(tmp_path / "whole"), str(tmp_path / "cut")
    done = run_baseline(["--train", folder, "--train-split", "all", *arguments, "-o", whole])
    assert done.returncode == 0, done.stderr
    assert cut_and_resumed(folder, cut, arguments, 1) == [75, 75, 0]
    for name in os.listdir(os.path.join(whole, "predictions")):
        with open(os.path.join(whole, "predictions", name), encoding="utf-8") as a, \
                open(os.path.join(cut, "predictions", name), encoding="utf-8") as b:
            assert a.read() == b.read()
    first, second = (torch.load(os.path.join(out, "model.pt")) for out in (whole, cut))
    assert all(torch.equal(first[key], second[key]) for key in first)
    losses = [json.load(open(os.path.join(out, "results.json"), encoding="utf-8"))["runs"][0]
              ["losses"] for out in (whole, cut)]
    assert losses[0] == losses[1] and len(losses[0]) == 3
    assert not os.path.exists(os.path.join(cut, "checkpoints"))


def test_a_run_killed_before_its_first_epoch_resumes(tmp_path):
    """The folder a run prepares before it reads its pictures is one --resume takes up (a kill
    before the first epoch saved anything), and one a run without --resume refuses."""
    out = str(tmp_path / "run")
    prepare_output(out)
    assert os.path.isdir(os.path.join(out, "checkpoints"))
    prepare_output(out, resume=True)  # taken up: nothing raised
    with pytest.raises(SystemExit, match="not a new or empty folder"):
        prepare_output(out)


def test_a_resumed_run_must_be_the_same_run(small_dataset, tmp_path):
    """--resume with another training option is refused naming it, before any epoch; a finished
    run has nothing to resume."""
    folder, _ = small_dataset
    out = str(tmp_path / "run")
    arguments = ["--epochs", "2", "--batch", "2", "--resolution", "64x36", "--workers", "0"]
    done = run_baseline(["--train", folder, "--train-split", "all", *arguments,
                         "--epochs-per-run", "1", "-o", out])
    assert done.returncode == 75, done.stderr
    saved = os.path.join(out, "checkpoints", "classifier.pt")
    before = os.path.getmtime(saved)
    done = run_baseline(["--train", folder, "--train-split", "all", *arguments, "--lr", "0.01",
                         "--resume", "-o", out])
    assert done.returncode == 2 and "lr" in done.stderr and "another run" in done.stderr, \
        done.stderr
    assert os.path.getmtime(saved) == before
    done = run_baseline(["--train", folder, "--train-split", "all", *arguments, "--resume",
                         "-o", out])
    assert done.returncode == 0, done.stderr
    done = run_baseline(["--train", folder, "--train-split", "all", *arguments, "--resume",
                         "-o", out])
    assert done.returncode != 0 and "has finished" in done.stderr, done.stderr


def test_a_chosen_subset_keeps_the_label_shares():
    labels = torch.tensor([1] * 60 + [0] * 40)
    chosen = stratified_choice(labels, 10, seed=2)
    assert len(chosen) == 10 and chosen == sorted(set(chosen))
    assert [labels[p].item() for p in chosen].count(1) == 6
    assert chosen == stratified_choice(labels, 10, seed=2) != stratified_choice(labels, 10, seed=3)
    with pytest.raises(ValueError):
        stratified_choice(labels, 101, seed=2)


@pytest.mark.parametrize("arguments, named", [
    (["--resolution", "wide"], "resolution 'wide'"),
    (["--train-split", "nowhere"], "nowhere"),
    (["--model", "vgg"], "unknown model 'vgg'"),
    (["--epochs", "0"], "give its --weights"),
    (["--optimizer", "sgd"], "invalid choice: 'sgd'"),
    (["--weights", "/nonexistent/model.pt"], "/nonexistent/model.pt"),
    (["--threads", "-1"], "--threads"),
])
def test_bad_input_is_one_line_naming_it(small_dataset, tmp_path, arguments, named):
    folder, _ = small_dataset
    done = run_baseline(["--train", folder, "--train-split", "all", "--workers", "0",
                         "-o", str(tmp_path / "o"), *arguments])
    assert done.returncode != 0
    assert named in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "o").exists()  # nothing written: a corrected rerun may use -o
