"""The symbolic API: the trains `railyard sample` makes, rules by name, path and text, rule
statistics, interventions and counterfactual searches."""
import glob
import os
import subprocess

import numpy as np
import pytest

import railyard
from conftest import railyard_command


def test_sample_trains_equal_the_sample_command(tmp_path):
    subprocess.run([railyard_command(), "sample", "--set", "count=50", "--set", "seed=3",
                    "--set", "rule=numerical", "--set", f"output={tmp_path}"], check=True,
                   stdout=subprocess.DEVNULL)
    (path,) = glob.glob(os.path.join(tmp_path, "dataset_descriptions", "numerical", "*.txt"))
    trains = railyard.sample_trains(count=50, seed=3, rule="numerical")
    with open(path, encoding="utf-8") as file:
        assert trains.descriptions() == [line.rstrip("\n") for line in file if line.strip()]
    assert trains.labels.tolist() == [0, 1] * 25
    read = railyard.TrainSet.read(path)
    assert read.descriptions() == trains.descriptions()
    assert trains[0]["cars"][0]["position"] == 1


def test_rules_by_name_path_and_text_label_batches():
    trains = railyard.sample_trains(count=400, seed=1, balanced=False)
    theoryx = railyard.Rule("theoryx")
    assert np.array_equal(theoryx.label(trains).labels, trains.labels)
    shipped = os.path.join(os.path.dirname(theoryx._native.path), "numerical.pl")
    numerical = railyard.Rule(shipped).label(trains).labels
    assert np.array_equal(numerical, railyard.Rule("numerical").label(trains).labels)
    # A rule as text: east when some car has a flat roof.
    flat = railyard.Rule(text="eastbound(T) :- has_car(T, C), has_roof0(C, flat).\n")
    labels = flat.label(trains).labels
    for k in range(len(trains)):
        has_flat = any(car["michalski"]["roof"] == "flat" for car in trains[k]["cars"])
        assert labels[k] == has_flat


def test_rule_stats_interval_holds_the_share():
    stats = railyard.rule_stats(["theoryx", "numerical"], count=4000, seed=2)
    for name, s in stats.items():
        assert s["count"] == 4000 and 0 < s["share"] < 1
        assert s["interval"][0] < s["share"] < s["interval"][1]
    # The same trains the batch labeller sees, at the rule's natural odds.
    trains = railyard.sample_trains(count=4000, seed=2, balanced=False)
    assert stats["theoryx"]["east"] == int(trains.labels.sum())


def test_interventions_and_counterfactuals():
    trains = railyard.sample_trains(count=40, seed=4, min_cars=2, max_cars=4)
    rule = railyard.Rule("theoryx")
    results = rule.intervene(trains, "swap_cars(1,2)")
    assert len(results) == 40
    for k, result in enumerate(results):
        assert result["operations"] == "swap_cars(1,2)"
        assert result["base_label"] == ("east" if trains.labels[k] else "west")
        relabelled = rule.label(railyard.TrainSet.from_descriptions([result["description"]]))
        assert relabelled.labels[0] == (result["label"] == "east")
    refused = rule.intervene(trains, "delete(9)")
    assert all("refused" in r for r in refused)
    flips = rule.counterfactuals(trains, "flip", max_edits=2)
    assert any("flipped" in f for f in flips)
    for f in flips:
        if "flipped" in f:
            assert f["flipped"] and f["label"] != f["base_label"]
    kept = rule.counterfactuals(trains, "preserve")
    assert len(kept) == 40 and all(e["label"] == e["base_label"] for per in kept for e in per)


def test_description_round_trip():
    trains = railyard.sample_trains(count=6, seed=9)
    again = railyard.TrainSet.from_descriptions("\n".join(trains.descriptions()))
    assert again.descriptions() == trains.descriptions()
    assert np.array_equal(again.labels, trains.labels)
    assert trains.description(-1) == trains.descriptions()[-1]
    with pytest.raises(IndexError):
        trains.description(6)
