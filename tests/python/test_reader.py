"""Datasets read back from disk equal what the generator gives; splits, COCO and suites."""
import glob
import os
import pickle
import re
import shutil
import subprocess

import numpy as np
import pytest
import torch
from torch.utils.data import DataLoader

import railyard
from railyard.reader import DatasetOnDisk, PairsOnDisk, read_split, suite_variants
from railyard.torch import OnDisk, collate
from conftest import SMALL, generate, railyard_command


def test_round_trip_equals_generator(small_dataset):
    root, output = small_dataset
    dataset = DatasetOnDisk(root)
    g = railyard.Generator(output=str(output), **SMALL)
    assert dataset.indices == list(range(SMALL["count"]))
    for k in range(len(dataset)):
        on_disk, fresh = dataset[k], g[k]
        for key in ("image", "depth", "masks", "boxes", "full_boxes", "intrinsics", "extrinsics"):
            assert np.array_equal(on_disk[key], fresh[key]), key
        # The files on disk carry their checks; samples made in memory have no files.
        assert {k: v for k, v in on_disk["record"].items() if k != "file_checks"} == fresh["record"]
        assert on_disk["published_label"] == fresh["published_label"]


def test_splits(small_dataset):
    root, _ = small_dataset
    dataset = DatasetOnDisk(root)
    assert {"train", "val", "test"} <= set(dataset.splits())
    parts = [read_split(root, name) for name in ("train", "val", "test")]
    assert sorted(sum(parts, [])) == list(range(SMALL["count"]))
    train = DatasetOnDisk(root, split="train")
    assert train.indices == parts[0] and train[0]["index"] == parts[0][0]


def test_a_dataset_pickles_as_its_folder(small_dataset):
    """Spawned DataLoader workers get the dataset by pickle: they open the folder again."""
    root, _ = small_dataset
    dataset = DatasetOnDisk(root, split="train", masks=False)
    copy = pickle.loads(pickle.dumps(dataset))
    assert copy.indices == dataset.indices and copy.manifest == dataset.manifest
    assert np.array_equal(copy[0]["image"], dataset[0]["image"]) and "masks" not in copy[0]


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


# A suite as small as the tool allows: two variants (a training set and an i.i.d. test set) of a
# few 64x36 images, in the suite file's format (tools/lib/suite/README.md).
TINY_SUITE = """suite: tiny
seed: 5
config: {count: 4, width: 64, height: 36, subsets: []}
variants:
  - name: train
    set: {count: 4}
  - name: test_iid
    set: {count: 2, splits: {train: 0, val: 0, test: 1}}
"""


@pytest.fixture(scope="module")
def suite_folder(tmp_path_factory):
    """The folder `railyard suite` wrote for TINY_SUITE (<output>/tiny/)."""
    work = tmp_path_factory.mktemp("suite")
    (work / "tiny.yaml").write_text(TINY_SUITE)
    subprocess.run([railyard_command(), "suite", str(work / "tiny.yaml"), "-q",
                    "-o", str(work / "output")], check=True, stdout=subprocess.DEVNULL)
    return work / "output" / "tiny"


def test_suite_variants_reads_what_railyard_suite_wrote(suite_folder):
    variants = suite_variants(suite_folder)
    assert list(variants) == ["train", "test_iid"]  # the suite file's order
    assert [len(variants[name]) for name in variants] == [4, 2]
    for name, dataset in variants.items():
        # <suite>/<variant>/<V-LoL dataset folder>/
        assert os.path.dirname(dataset.root) == os.path.join(suite_folder, name)
        assert dataset.manifest["counts"]["samples"] == len(dataset)
    test = variants["test_iid"]
    assert read_split(test.root, "test") == [0, 1] and read_split(test.root, "train") == []
    sample = test[1]
    assert sample["index"] == 1 and sample["image"].shape == (36, 64, 3)


def test_suite_variants_refuses_unfinished_suites(suite_folder, tmp_path):
    with pytest.raises(FileNotFoundError, match="suite folder"):
        suite_variants(tmp_path / "nothing")
    with pytest.raises(NotADirectoryError, match="summary.md"):
        suite_variants(suite_folder / "summary.md")
    copy = tmp_path / "tiny"
    shutil.copytree(suite_folder, copy)
    (copy / "summary.json").rename(copy / "summary.json.old")
    with pytest.raises(FileNotFoundError, match="summary.json.*not a finished suite"):
        suite_variants(copy)
    (copy / "summary.json.old").rename(copy / "summary.json")
    (dataset,) = [p for p in (copy / "test_iid").iterdir() if (p / "manifest.json").exists()]
    (dataset / "manifest.json").unlink()
    with pytest.raises(railyard.DatasetError, match="summary.json.*'test_iid'"):
        suite_variants(copy)
    (copy / "summary.json").write_text('{"suite": "tiny"}')  # checked by the C++ reader
    with pytest.raises(railyard.DatasetError, match="summary.json: key 'file': missing"):
        suite_variants(copy)


def test_missing_files_are_named(small_dataset, tmp_path):
    root, _ = small_dataset
    with pytest.raises(FileNotFoundError, match="manifest"):
        DatasetOnDisk(tmp_path)
    with pytest.raises(FileNotFoundError, match="dataset folder"):
        DatasetOnDisk(tmp_path / "nothing")
    with pytest.raises(NotADirectoryError, match="manifest.json.*is a file"):
        DatasetOnDisk(os.path.join(root, "manifest.json"))
    with pytest.raises(TypeError, match="path"):
        DatasetOnDisk(None)
    with pytest.raises(FileNotFoundError, match=r"train_7\.txt.*splits: test, train, val"):
        DatasetOnDisk(root, split="train_7")
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    os.remove(copy / "images" / "1_m_train.png")
    dataset = DatasetOnDisk(copy)
    with pytest.raises(FileNotFoundError, match="1_m_train.png"):
        dataset[1]


def test_indices_are_checked(small_dataset):
    root, _ = small_dataset
    dataset = DatasetOnDisk(root)
    assert dataset[-1]["index"] == SMALL["count"] - 1
    with pytest.raises(IndexError, match="index -5 is out of range for 4 samples"):
        dataset[-5]
    with pytest.raises(IndexError, match="index 4 is out of range for 4 samples"):
        dataset[4]
    with pytest.raises(TypeError, match="integer"):
        dataset["0"]
    with pytest.raises(IndexError, match="sample 9 is not in the dataset"):
        dataset.sample(9)
    with pytest.raises(IndexError, match="sample -1 is not in the dataset"):
        dataset.record(-1)


# A dataset of the real command for the corruption cases: 6 samples in train/val/test with a
# training subset, so that every kind of split file is there.
@pytest.fixture(scope="module")
def subset_dataset(tmp_path_factory):
    root = generate(tmp_path_factory.mktemp("subsets"), count=6, seed=11, subsets="[2]")
    assert os.path.isfile(os.path.join(root, "splits", "train_2.txt"))
    return root


def _lines(path):
    return [line for line in path.read_text().splitlines() if line.strip()]


def _append(path, line):
    with open(path, "a", encoding="utf-8") as file:
        file.write(f"{line}\n")


def _missing_record(root):
    os.remove(root / "records" / "4.json")


def _extra_record(root):
    shutil.copy(root / "records" / "0.json", root / "records" / "6.json")


def _misnamed_record(root):
    shutil.copy(root / "records" / "0.json", root / "records" / "x.json")


def _write_indices(path, indices):
    """A split file as railyard writes it: one index per line, ascending."""
    path.write_text("".join(f"{index}\n" for index in sorted(indices, key=int)))


def _index_twice(root):
    _append(root / "splits" / "train.txt", _lines(root / "splits" / "train.txt")[-1])


def _index_out_of_order(root):
    _append(root / "splits" / "train.txt", _lines(root / "splits" / "train.txt")[0])


def _index_in_two_splits(root):
    test = root / "splits" / "test.txt"
    _write_indices(test, _lines(test) + _lines(root / "splits" / "train.txt")[:1])


def _index_in_no_split(root):
    path = root / "splits" / "train.txt"
    subset = _lines(root / "splits" / "train_2.txt")
    (dropped,) = [line for line in _lines(path) if line not in subset][:1]
    path.write_text("".join(f"{line}\n" for line in _lines(path) if line != dropped))


def _index_not_a_sample(root):
    _append(root / "splits" / "val.txt", 6)


def _not_an_index(root):
    _append(root / "splits" / "val.txt", "two")


def _missing_split(root):
    os.remove(root / "splits" / "val.txt")


def _subset_outside_train(root):
    subset = root / "splits" / "train_2.txt"
    _write_indices(subset, _lines(subset)[:1] + _lines(root / "splits" / "test.txt")[:1])


def _subset_of_wrong_size(root):
    subset = root / "splits" / "train_2.txt"
    others = set(_lines(root / "splits" / "train.txt")) - set(_lines(subset))
    _write_indices(subset, _lines(subset) + [others.pop()])


def _garbage_manifest(root):
    (root / "manifest.json").write_bytes(b"\x89PNG\r\n garbage")


def _truncated_manifest(root):
    path = root / "manifest.json"
    path.write_text(path.read_text()[:100])


def _foreign_manifest(root):
    (root / "manifest.json").write_text('["not", "a", "manifest"]')


def _splits_swapped(root):
    val, test = root / "splits" / "val.txt", root / "splits" / "test.txt"
    val_text, test_text = val.read_text(), test.read_text()
    val.write_text(test_text)
    test.write_text(val_text)


# (how to corrupt a copy of the dataset, the file named, the fault named): the faults as the C++
# reader names them (tools/lib/records/dataset_folder.h).
CORRUPTIONS = {
    "missing record": (_missing_record, "records", "records missing: 4"),
    "record beyond the count": (_extra_record, "records", "samples 6, beyond the manifest's 6"),
    "record name not an index": (_misnamed_record, "records/x.json", "not a record"),
    "index listed twice": (_index_twice, "splits/train.txt:", "listed twice"),
    "index out of order": (_index_out_of_order, "splits/train.txt:", "out of order"),
    "index in two splits": (_index_in_two_splits, "splits/test.txt", "also in train.txt"),
    "index in no split": (_index_in_no_split, "splits", "in no split"),
    "index not a sample": (_index_not_a_sample, "splits/val.txt", "index 6 is not a sample"),
    "line not an index": (_not_an_index, "splits/val.txt:", "not a sample index"),
    "missing split file": (_missing_split, "splits/val.txt", "missing"),
    "subset outside train": (_subset_outside_train, "splits/train_2.txt", "not all in train"),
    "subset of the wrong size": (_subset_of_wrong_size, "splits/train_2.txt", "lists 3 samples"),
    "garbage manifest": (_garbage_manifest, "manifest.json", "not valid JSON"),
    "truncated manifest": (_truncated_manifest, "manifest.json", "not valid JSON"),
    "foreign manifest": (_foreign_manifest, "manifest.json", "expected an object"),
    "val and test swapped": (_splits_swapped, "splits/test.txt", "SHA-256 differs"),
}


def _refused(reader, source, root, corrupt):
    """The DatasetError message of `reader` on a copy of `source` that `corrupt` damaged; the
    undamaged copy must read."""
    shutil.copytree(source, root)
    reader(root)
    corrupt(root)
    with pytest.raises(railyard.DatasetError) as refused:
        reader(root)
    assert isinstance(refused.value, ValueError)
    return str(refused.value)


@pytest.mark.parametrize("case", list(CORRUPTIONS))
def test_inconsistent_datasets_are_refused_naming_file_and_fault(subset_dataset, tmp_path, case):
    corrupt, file, fault = CORRUPTIONS[case]
    root = tmp_path / "dataset"
    message = _refused(DatasetOnDisk, subset_dataset, root, corrupt)
    assert str(root / file) in message or (str(root) in message and file in message), message
    assert re.search(fault, message), message


def test_a_record_of_another_index_is_refused_when_read(subset_dataset, tmp_path):
    root = tmp_path / "dataset"
    shutil.copytree(subset_dataset, root)
    shutil.copy(root / "records" / "3.json", root / "records" / "1.json")
    dataset = DatasetOnDisk(root)
    dataset.sample(3)
    with pytest.raises(railyard.DatasetError, match=r"records/1\.json: key 'index' is 3"):
        dataset.sample(1)
    (root / "records" / "2.json").write_text('{"index": 2}')
    with pytest.raises(railyard.InputError, match=r"2\.json"):
        dataset.sample(2)


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


def _truncated_line(root):
    path = root / "pairs.jsonl"
    text = path.read_text()
    path.write_text(text[:len(text) - len(text.splitlines()[-1]) // 2 - 1] + "\n")


def _lost_line(root):
    path = root / "pairs.jsonl"
    path.write_text("".join(line + "\n" for line in path.read_text().splitlines()[:-1]))


def _lines_swapped(root):
    path = root / "pairs.jsonl"
    lines = path.read_text().splitlines()
    lines[0], lines[1] = lines[1], lines[0]
    path.write_text("".join(line + "\n" for line in lines))


def _garbage_pairs_manifest(root):
    (root / "manifest.json").write_text('{"intervened": ')


PAIRS_CORRUPTIONS = {
    "truncated line": (_truncated_line, "pairs.jsonl:", "not valid JSON"),
    "lost line": (_lost_line, "pairs.jsonl", r"lines for the manifest's \d+ pairs"),
    "lines out of order": (_lines_swapped, "pairs.jsonl:1", "key 'pair': expected 0"),
    "garbage manifest": (_garbage_pairs_manifest, "manifest.json", "not valid JSON"),
}


@pytest.mark.parametrize("case", list(PAIRS_CORRUPTIONS))
def test_inconsistent_pairs_are_refused_naming_file_and_fault(pairs_folder, tmp_path, case):
    corrupt, file, fault = PAIRS_CORRUPTIONS[case]
    assert len(PairsOnDisk(pairs_folder)) >= 2  # lines to swap
    root = tmp_path / "pairs"
    message = _refused(PairsOnDisk, pairs_folder, root, corrupt)
    assert str(root / file) in message, message
    assert re.search(fault, message), message


def test_pair_indices_are_checked(pairs_folder):
    pairs = PairsOnDisk(pairs_folder)
    n = len(pairs)
    with pytest.raises(IndexError, match=f"index {-n - 1} is out of range for {n} pairs"):
        pairs[-n - 1]
