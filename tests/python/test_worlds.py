"""Rule worlds from Python (issue #27): railyard.worlds() builds the same worlds as the command,
reads a folder the command wrote, and each world's rule labels trains as its clauses say."""
import json
import os
import subprocess

import numpy as np
import pytest

import railyard
from conftest import railyard_command

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SMALL = os.path.join(REPO, "configs", "worlds", "small.yaml")


@pytest.fixture(scope="module")
def built():
    return railyard.worlds(SMALL)


def test_built_worlds_slide_over_the_pool(built):
    assert len(built) == 5
    assert [w.id for w in built] == [f"small_{k}" for k in range(5)]
    assert [w.split for w in built] == ["train", "test", "val", "train", "train"]
    assert built.similarity.shape == (5, 5)
    assert all(built.similarity[k, k + 1] == 3 for k in range(4))
    assert np.all(np.diag(built.distance) == 0)
    assert built["small_2"] is built[2]
    assert [w.id for w in built.split("test")] == ["small_1"]
    for world in built:
        assert world.interval[0] <= world.share <= world.interval[1]
        assert len(world.concepts) == 4


def test_the_command_writes_what_python_builds(built, tmp_path):
    out = tmp_path / "small"
    subprocess.run([railyard_command(), "worlds", SMALL, "-o", str(out)], check=True,
                   capture_output=True)
    read = railyard.worlds(out)
    assert [w.text for w in read] == [w.text for w in built]
    assert read.concepts == built.concepts
    with open(out / "worlds.json") as f:
        assert json.load(f)["worlds"][0]["share"] == built[0].share
    written = railyard.worlds(SMALL, output=tmp_path / "again")
    assert [w.text for w in written] == [w.text for w in built]
    assert (tmp_path / "again" / "rules" / "small_4.pl").read_text() == built[4].text


def test_a_world_is_a_rule_that_ors_its_concepts(built):
    trains = railyard.sample_trains(count=400, balanced=False, seed=5)
    world = built[0]
    labels = world.rule.label(trains).labels
    by_concept = [railyard.Rule(text=c["clause"]).label(trains).labels for c in world.concepts]
    assert np.array_equal(labels, np.any(by_concept, axis=0).astype(labels.dtype))
    assert 0 < labels.sum() < len(labels)


def test_overrides_and_refusals(tmp_path):
    bigger = railyard.worlds(SMALL, pool=9, worlds__split={"train": 4, "val": 1, "test": 1})
    assert len(bigger) == 6
    with pytest.raises(ValueError, match="cannot be met"):
        railyard.worlds(SMALL, output=tmp_path / "none", pool=40, window=1,
                        worlds__split={"train": 40, "val": 0, "test": 0}, concepts__cars=1,
                        concepts__literals=1, concepts__kinds=["attribute"],
                        concepts__negation=0, concepts__share=[0, 1], worlds__share=[0, 1],
                        patience=300)
    assert not (tmp_path / "none").exists()
    with pytest.raises(ValueError, match="worlds.split"):
        railyard.worlds(SMALL, worlds__split__test=2)
    with pytest.raises(FileNotFoundError):
        railyard.worlds(tmp_path / "missing.yaml")
    with pytest.raises(FileNotFoundError, match="worlds.json"):
        railyard.worlds(tmp_path)
    # A name is one word, a one-car concept needs a one-car kind (issue #40).
    with pytest.raises(ValueError, match="name"):
        railyard.worlds(SMALL, name="../escape")
    with pytest.raises(ValueError, match="concepts.kinds"):
        railyard.worlds(SMALL, concepts__kinds=["infront"])
    with pytest.raises(TypeError, match="pool"):
        railyard.worlds(SMALL, pool={1, 2})


def test_a_damaged_folder_is_refused_naming_the_file(built, tmp_path):
    folder = tmp_path / "w"
    railyard.worlds(SMALL, output=folder)
    for text in ("{garbage", "{}", "[]", '{"worlds": ' + "[" * 100000 + "]" * 100000 + "}"):
        (folder / "worlds.json").write_text(text)
        with pytest.raises(railyard.DatasetError, match="worlds.json"):
            railyard.worlds(folder)
