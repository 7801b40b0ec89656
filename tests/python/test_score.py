"""railyard.score: the figures of `railyard score` as a dict, DataFrame-ready rows, and the
sample ids the readers give for a predictions file."""
import json
import math
import os
import subprocess

import pytest

import railyard
from railyard.reader import DatasetOnDisk
from conftest import generate, railyard_command


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    return generate(tmp_path_factory.mktemp("score"), count=24, seed=5)


def labels_of(root):
    data = DatasetOnDisk(root, depth=False, masks=False)
    return {i: data.record(i)["published_label"] for i in range(data.count)}


def flipped(label):
    return "west" if label == "east" else "east"


def test_perfect_predictions_score_one(dataset):
    labels = labels_of(dataset)
    result = railyard.score([{"index": i, "label": label, "probability": 0.9 if
                              label == "east" else 0.1} for i, label in labels.items()], dataset)
    (scored,) = result["datasets"]
    assert scored["accuracy"]["n"] == len(labels)
    assert scored["accuracy"]["correct"] == len(labels)
    assert scored["accuracy"]["value"] == 1.0
    assert scored["accuracy"]["low"] < 1.0 <= scored["accuracy"]["high"]
    assert scored["misclassified"] == []
    assert result["coverage"]["missing"] == 0


def test_inverted_predictions_match_an_independent_count(dataset, tmp_path):
    labels = labels_of(dataset)
    wrong = {i for i in labels if i % 3 == 0}
    path = tmp_path / "predictions.jsonl"
    path.write_text("".join(json.dumps({"index": i, "label": flipped(label) if i in wrong
                                        else label}) + "\n" for i, label in labels.items()))
    result = railyard.score(str(path), dataset)
    accuracy = result["datasets"][0]["accuracy"]
    assert accuracy["correct"] == len(labels) - len(wrong)
    assert math.isclose(accuracy["value"], (len(labels) - len(wrong)) / len(labels))
    assert sorted(m["index"] for m in result["datasets"][0]["misclassified"]) == sorted(wrong)


def test_result_equals_the_command_and_writes_the_folder(dataset, tmp_path):
    labels = labels_of(dataset)
    path = tmp_path / "predictions.jsonl"
    path.write_text("".join(json.dumps({"index": i, "label": "east", "probability": 0.7}) + "\n"
                            for i in labels))
    out = tmp_path / "from_python"
    result = railyard.score(path, dataset, output=out)
    assert (out / "report.html").is_file() and (out / "score.md").is_file()
    assert json.loads((out / "score.json").read_text()) == result
    command = tmp_path / "from_command"
    subprocess.run([railyard_command(), "score", str(path), dataset, "-o", str(command)],
                   check=True, stdout=subprocess.DEVNULL)
    assert json.loads((command / "score.json").read_text())["datasets"] == result["datasets"]


def test_missing_predictions_are_refused_unless_partial(dataset):
    labels = labels_of(dataset)
    some = [{"index": i, "label": label} for i, label in labels.items() if i < 10]
    with pytest.raises(ValueError, match="missing|miss"):
        railyard.score(some, dataset)
    result = railyard.score(some, dataset, partial=True)
    assert result["coverage"]["scored"] == 10
    assert result["coverage"]["missing"] == len(labels) - 10
    assert result["coverage"]["partial"] is True


def test_bad_arguments(dataset, tmp_path):
    with pytest.raises(FileNotFoundError):
        railyard.score([{"index": 0, "label": "east"}], tmp_path / "nothing")
    with pytest.raises(TypeError):
        railyard.score([1, 2], dataset)
    # Options have their types: 'no' is true to Python, -1 would wrap (issue #40).
    one = [{"index": 0, "label": "east"}]
    with pytest.raises(TypeError, match="partial must be True or False"):
        railyard.score(one, dataset, partial="no")
    with pytest.raises(ValueError, match="misclassified"):
        railyard.score(one, dataset, partial=True, misclassified=-1)
    with pytest.raises(TypeError, match="predictions must be"):
        railyard.score(None, dataset)
    with pytest.raises(ValueError, match=r"predictions\[0\]\['probability'\] is NaN"):
        railyard.score([{"index": 0, "probability": float("nan")}], dataset, partial=True)


def test_messages_name_the_list_not_a_temporary_file(dataset):
    with pytest.raises(ValueError) as error:
        railyard.score([{"index": 0, "label": "east"}] * 2, dataset, partial=True)
    assert "predictions[1]" in str(error.value) and "predictions[0]" in str(error.value)
    assert "railyard-score-" not in str(error.value)


def test_rows_are_one_per_figure(dataset):
    labels = labels_of(dataset)
    result = railyard.score([{"index": i, "label": "east", "probability": 0.6} for i in labels],
                            dataset)
    rows = railyard.score_rows(result)
    keys = {"dataset", "breakdown", "group", "figure", "value", "low", "high", "n", "correct"}
    assert rows and all(set(row) == keys for row in rows)
    name = result["datasets"][0]["name"]
    (overall,) = [r for r in rows if r["breakdown"] == "all" and r["figure"] == "accuracy"]
    assert overall["dataset"] == name
    assert overall["value"] == result["datasets"][0]["accuracy"]["value"]
    splits = {r["group"]: r for r in rows if r["breakdown"] == "split"}
    assert set(splits) == set(result["datasets"][0]["splits"])
    lengths = [r for r in rows if r["breakdown"] == "train_length"]
    assert sum(r["n"] for r in lengths) == len(labels)
    assert any(r["figure"] == "ece" for r in rows)  # probabilities were given
    for row in rows:
        assert row["low"] <= row["value"] <= row["high"]


def test_readers_give_the_ids_predictions_name(dataset):
    data = DatasetOnDisk(dataset, split="test", depth=False, masks=False)
    ids = [data.sample_id(k) for k in range(len(data))]
    assert [i["index"] for i in ids] == data.indices
    sample = data[0]
    assert sample["index"] == ids[0]["index"]
    assert sample["image_name"] == ids[0]["image"]
    assert os.path.isfile(os.path.join(dataset, "images", sample["image_name"]))
    import railyard.torch as torch_data
    loader = torch_data.OnDisk(dataset, split="test", with_index=True)
    image, label, index = loader[1]
    assert index == data.indices[1] and loader.sample_id(1) == ids[1]
    assert label == (1 if labels_of(dataset)[index] == "east" else 0)


def test_predictions_by_image_name(dataset, tmp_path):
    labels = labels_of(dataset)
    data = DatasetOnDisk(dataset, depth=False, masks=False)
    lines = [{"image": data.sample_id(i)["image"], "label": labels[i]} for i in labels]
    result = railyard.score(lines, dataset)
    assert result["datasets"][0]["accuracy"]["value"] == 1.0
