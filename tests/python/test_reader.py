"""Datasets read back from disk equal what the generator gives; splits, COCO and suites."""
import glob
import os
import shutil
import subprocess

import numpy as np
import pytest
import torch
from torch.utils.data import DataLoader

import railyard
from railyard.reader import DatasetOnDisk, PairsOnDisk, read_split, suite_variants
from railyard.torch import OnDisk, collate
from conftest import SMALL, railyard_command


def test_round_trip_equals_generator(small_dataset):
    root, output = small_dataset
    dataset = DatasetOnDisk(root)
    g = railyard.Generator(output=str(output), **SMALL)
    assert dataset.indices == list(range(SMALL["count"]))
    for k in range(len(dataset)):
        on_disk, fresh = dataset[k], g[k]
        for key in ("image", "depth", "masks", "boxes", "full_boxes", "intrinsics", "extrinsics"):
            assert np.array_equal(on_disk[key], fresh[key]), key
        assert on_disk["record"] == fresh["record"]
        assert on_disk["published_label"] == fresh["published_label"]


def test_splits(small_dataset):
    root, _ = small_dataset
    dataset = DatasetOnDisk(root)
    assert {"train", "val", "test"} <= set(dataset.splits())
    parts = [read_split(root, name) for name in ("train", "val", "test")]
    assert sorted(sum(parts, [])) == list(range(SMALL["count"]))
    train = DatasetOnDisk(root, split="train")
    assert train.indices == parts[0] and train[0]["index"] == parts[0][0]


def test_coco_annotations_hold_the_visible_regions(small_dataset):
    root, _ = small_dataset
    records, coco = DatasetOnDisk(root)[0], DatasetOnDisk(root, annotations="coco")[0]
    assert len(coco["parts"]) > 0
    for part, mask in zip(coco["parts"], coco["masks"]):
        assert part["area"] == mask.sum() > 0
    # Every visible roof, wall, wheels and payload region is the record's.
    kinds = ("roof", "wall", "wheels", "payload")
    record_areas = sorted(p["area"] for p in records["parts"] if p["kind"] in kinds and p["area"])
    coco_areas = sorted(p["area"] for p in coco["parts"] if p["kind"] in kinds)
    assert record_areas == coco_areas


def test_torch_reader_gives_detection_targets(small_dataset):
    root, _ = small_dataset
    loader = DataLoader(OnDisk(root, target="detection"), batch_size=2, num_workers=2,
                        collate_fn=collate)
    images, targets = next(iter(loader))
    assert images.shape == (2, 3, 90, 160)
    assert targets[0]["boxes"].shape[1] == 4 and targets[0]["masks"].dtype == torch.uint8
    labels = [label for _, label in OnDisk(root, split="test")]
    assert all(label in (0, 1) for label in labels)


def test_suite_variants(small_dataset, tmp_path):
    root, _ = small_dataset
    for variant in ("train", "test_7_cars"):
        shutil.copytree(root, tmp_path / variant)
    (tmp_path / "summary.md").write_text("not a dataset")
    variants = suite_variants(tmp_path)
    assert list(variants) == ["test_7_cars", "train"]
    assert len(variants["train"]) == SMALL["count"]


def test_missing_files_are_named(tmp_path):
    with pytest.raises(FileNotFoundError, match="manifest"):
        DatasetOnDisk(tmp_path)
    with pytest.raises(FileNotFoundError, match="suite folder"):
        suite_variants(tmp_path / "nothing")
    (tmp_path / "manifest.json").write_text("{}")
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "0.json").write_text('{"index": 0}')
    with pytest.raises(railyard.InputError, match="0.json"):
        DatasetOnDisk(tmp_path)[0]
    with pytest.raises(FileNotFoundError, match="split file"):
        DatasetOnDisk(tmp_path, split="train")


@pytest.fixture(scope="module")
def pairs_folder(tmp_path_factory):
    """A folder of `railyard intervene` (flip mode, theory X), 6 trains at 160x90."""
    output = tmp_path_factory.mktemp("pairs")
    command = [railyard_command(), "intervene", "-q", "--set", "count=6", "--set", "width=160",
               "--set", "height=90", "--set", "seed=3", "--set", f"output={output}"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    (root,) = glob.glob(os.path.join(output, "*_pairs"))
    return root


def test_pairs_read_back_as_both_samples_and_their_difference(pairs_folder):
    pairs = PairsOnDisk(pairs_folder)
    assert len(pairs) == pairs.manifest["pairs"] > 0
    for k in range(len(pairs)):
        p = pairs[k]
        base, twin = p["base"], p["intervened"]
        assert base["true_label"] == p["pair"]["base_label"]
        assert twin["true_label"] == p["pair"]["label"]
        assert p["flipped"] == (base["true_label"] != twin["true_label"])
        assert base["camera"] == twin["camera"]
        # The recorded colour difference is exactly where the two images differ.
        differs = np.any(base["image"] != twin["image"], axis=2).astype(np.uint8)
        assert np.array_equal(p["colour_difference"], differs)
        assert p["part_difference"].shape == differs.shape
    with pytest.raises(IndexError):
        pairs[len(pairs)]


def test_a_dataset_is_not_a_pairs_folder(small_dataset):
    root, _ = small_dataset
    with pytest.raises(ValueError, match="intervene"):
        PairsOnDisk(root)
