"""Datasets on disk, as `railyard generate` (or `suite`) wrote them, as numpy.

    d = railyard.reader.DatasetOnDisk("output/Trains_theoryx_MichalskiTrains_base_scene_len_2-4",
                                      split="test")
    d[0]   # image, depth (from the EXR), masks, boxes, parts, labels, train, camera, record

Annotations come from the sample records (records/<i>.json) or, with annotations="coco", from
the COCO file (coco/instances.json: whole cars instead of car bodies). Splits are the index
files in splits/ (train, val, test, train_<n>, labelled, ...). A suite's folder holds one dataset
per variant, in <suite>/<variant>/<dataset folder>/: `suite_variants(folder)`. A folder of
`railyard intervene` is read pair by pair:

    pairs = railyard.reader.PairsOnDisk("output/Trains_theoryx_..._flip_pairs")
    p = pairs[0]   # p["base"], p["intervened"] (samples as above), p["flipped"], p["operations"],
                   # p["colour_difference"], p["part_difference"] (masks), p["pair"] (the line)

A missing file (manifest, image, the split asked for) is a FileNotFoundError naming it, a folder
where a file belongs an IsADirectoryError. Files that disagree with each other or are not what
railyard writes are refused on opening (or, for a record's contents, on reading it) with a
railyard.DatasetError (a ValueError) naming the file and the fault: a manifest that is not JSON or
not railyard's, a record missing or beyond the manifest's count, a record whose index is not its
file name's, a split file listing an index twice, an index that is not a sample, train/val/test
sharing or leaving out a sample, a training subset outside train, a pairs.jsonl line that is
truncated, out of order or not counted by the manifest.
"""
import hashlib
import json
import os

import numpy as np

from . import _native, camera_matrices, part_boxes
from ._checks import DatasetError, path_argument, position

# COCO category ids of the part kinds (coco_writer.cpp): the kind's place in this list, plus 1.
PART_KINDS = ["locomotive", "rail", "body", "wall", "roof", "wheels", "payload"]

# The splits that partition a dataset (splits.h): every sample is in exactly one of them.
PARTITION = ("train", "val", "test")
# The supervision splits (label_noise.h), written together: disjoint.
SUPERVISION = ("labelled", "unlabelled")


def part_class(kind):
    """The COCO category id of a part kind (1..7; 0 is background for torchvision)."""
    return PART_KINDS.index(kind) + 1


def _require(path, what):
    if not os.path.exists(path):
        raise FileNotFoundError(f"{what} {path!r} does not exist")
    return path


def _require_file(path, what):
    if os.path.isdir(path):
        raise IsADirectoryError(f"{what} {path!r} is a folder, not a file")
    return _require(path, what)


def _require_folder(path, what):
    _require(path, what)
    if not os.path.isdir(path):
        raise NotADirectoryError(f"{what} {path!r} is a file, not a folder")
    return path


def _read_json(path, what="file"):
    with open(_require_file(path, what), "rb") as file:
        data = file.read()
    try:
        return json.loads(data)
    except json.JSONDecodeError as error:
        raise DatasetError(f"{path}: line {error.lineno}: {error.msg} (not valid JSON: a "
                           "truncated or corrupted file)") from None
    except UnicodeDecodeError:
        raise DatasetError(f"{path}: not UTF-8 text (a corrupted file)") from None


def _count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _read_manifest(root, what):
    """A dataset's manifest.json, checked to be railyard's: an object with "tool": "railyard" and
    the number of samples ("counts": {"samples": n}, finalize.cpp)."""
    path = os.path.join(root, "manifest.json")
    manifest = _read_json(path, what)
    if not isinstance(manifest, dict) or manifest.get("tool") != "railyard":
        raise DatasetError(f"{path}: not a manifest of railyard (a JSON object with \"tool\": "
                           "\"railyard\")")
    counts = manifest.get("counts")
    if not isinstance(counts, dict) or not _count(counts.get("samples")):
        raise DatasetError(f"{path}: not a dataset manifest of railyard (no sample count, "
                           "counts.samples)")
    return manifest


def read_split(root, name):
    """The sample indices of splits/<name>.txt, in file order; DatasetError naming the file and
    line of something that is not an index or an index listed twice."""
    path = _require_file(os.path.join(root, "splits", name + ".txt"), "split file")
    with open(path, encoding="utf-8") as lines:
        indices, lines_of = [], {}
        try:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                text = line.strip()
                if not text.isdigit() or str(int(text)) != text:
                    raise DatasetError(f"{path}:{number}: not a sample index: {text!r}")
                index = int(text)
                if index in lines_of:
                    raise DatasetError(f"{path}:{number}: index {index} is listed twice (first "
                                       f"on line {lines_of[index]})")
                lines_of[index] = number
                indices.append(index)
        except UnicodeDecodeError:
            raise DatasetError(f"{path}: not UTF-8 text (a corrupted file)") from None
        return indices


def is_dataset(folder):
    return os.path.isfile(os.path.join(folder, "manifest.json"))


def suite_variants(folder):
    """{variant name: DatasetOnDisk} of a finished suite folder (<output>/<suite>/), in the suite
    file's order (a curriculum's task order). The suite's summary.json, written last, names each
    variant's dataset folder (<variant>/<V-LoL dataset folder>/, tools/suite/README.md)."""
    folder = _require_folder(path_argument(folder, "suite folder", "suite_variants"),
                             "suite folder")
    path = os.path.join(folder, "summary.json")
    if not os.path.exists(path):
        raise FileNotFoundError(
            f"suite summary {path!r} does not exist: {folder!r} is not a finished suite folder "
            "(railyard suite, or its --merge, writes summary.json once every variant is done)")
    summary = _read_json(path, "suite summary")
    variants = summary.get("variants") if isinstance(summary, dict) else None
    if not isinstance(variants, list):
        raise DatasetError(f"{path}: not a suite summary of railyard (no 'variants' list)")
    out = {}
    for k, variant in enumerate(variants):
        if not isinstance(variant, dict) or not isinstance(variant.get("name"), str) or \
                not isinstance(variant.get("folder"), str):
            raise DatasetError(f"{path}: variants[{k}] has no 'name' and 'folder'")
        name = variant["name"]
        if name in out:
            raise DatasetError(f"{path}: variant {name!r} is listed twice")
        root = os.path.join(folder, variant["folder"])
        if not is_dataset(root):
            raise DatasetError(f"{path}: variant {name!r}: its dataset {root!r} has no "
                               "manifest.json (missing or unfinished)")
        out[name] = DatasetOnDisk(root)
    return out


class DatasetOnDisk:
    """A dataset folder read back: len, [k] is sample indices[k] (all samples, or a split's).
    Opening it checks the manifest, the records' names against its count and the split files
    (DatasetError naming the file)."""

    def __init__(self, root, split=None, annotations="records", depth=True, masks=True):
        self.root = _require_folder(path_argument(root, "dataset folder", "DatasetOnDisk"),
                                    "dataset folder")
        if annotations not in ("records", "coco"):
            raise ValueError(f"annotations={annotations!r}: must be 'records' or 'coco'")
        if split is not None and not isinstance(split, str):
            raise TypeError(f"split must be a split's name such as 'train', got "
                            f"{type(split).__name__}")
        self.manifest = _read_manifest(self.root, "dataset manifest")
        self.count = self.manifest["counts"]["samples"]
        self.annotations, self.depth, self.masks = annotations, depth, masks
        self._check_records()
        split_files = self._check_splits()
        if split is None:
            self.indices = list(range(self.count))
        elif split in split_files:
            self.indices = split_files[split]
        else:
            raise FileNotFoundError(
                f"split file {os.path.join(self.root, 'splits', split + '.txt')!r} does not "
                f"exist (this dataset's splits: {', '.join(sorted(split_files)) or 'none'})")
        self._coco = None

    def _record_path(self, index):
        return os.path.join(self.root, "records", f"{index}.json")

    def _check_records(self):
        """records/ holds <i>.json for exactly the manifest's indices 0..count-1."""
        folder = _require_folder(os.path.join(self.root, "records"), "records folder")
        found = set()
        for name in os.listdir(folder):
            # Hidden names are writers' temporaries (util/atomic_file.h); others are not records.
            if name.startswith(".") or not name.endswith(".json"):
                continue
            stem = name[:-len(".json")]
            if not stem.isdigit() or str(int(stem)) != stem:
                raise DatasetError(f"{os.path.join(folder, name)}: not a sample record's name "
                                   "(records/<index>.json)")
            index = int(stem)
            if index >= self.count:
                raise DatasetError(f"{os.path.join(folder, name)}: sample {index} is beyond the "
                                   f"manifest's count of {self.count} samples")
            found.add(index)
        missing = [i for i in range(self.count) if i not in found]
        if missing:
            others = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
            raise DatasetError(f"{self._record_path(missing[0])}: sample record missing{others} "
                               f"(the manifest counts {self.count} samples)")

    def _check_split_checksums(self, folder, names):
        """The split files are those the manifest lists, by SHA-256 (manifests that list them):
        a swapped or edited split that is still a partition is refused too."""
        listed = self.manifest.get("split_files")
        if listed is None:
            return
        manifest = os.path.join(self.root, "manifest.json")
        if not isinstance(listed, dict):
            raise DatasetError(f"{manifest}: key 'split_files': expected an object")
        for name in names:
            if name + ".txt" not in listed:
                raise DatasetError(f"{os.path.join(folder, name + '.txt')}: a split the manifest "
                                   "does not list")
        for file_name, check in listed.items():
            path = os.path.join(folder, file_name)
            if not isinstance(check, dict) or not isinstance(check.get("sha256"), str):
                raise DatasetError(f"{manifest}: key 'split_files.{file_name}': expected "
                                   "{bytes, sha256}")
            _require_file(path, "split file")
            with open(path, "rb") as file:
                if hashlib.sha256(file.read()).hexdigest() != check["sha256"]:
                    raise DatasetError(f"{path}: not the split file the manifest lists (its "
                                       "SHA-256 differs)")

    def _check_splits(self):
        """Every split file, read and checked: {name: indices}."""
        folder = _require_folder(os.path.join(self.root, "splits"), "splits folder")
        names = sorted(name[:-4] for name in os.listdir(folder)
                       if name.endswith(".txt") and not name.startswith("."))
        for name in PARTITION:
            if name not in names:
                raise DatasetError(f"{os.path.join(folder, name + '.txt')}: split file missing "
                                   "(a dataset has train, val and test split files)")
        splits = {name: read_split(self.root, name) for name in names}
        for name, indices in splits.items():
            for index in indices:
                if index >= self.count:
                    raise DatasetError(f"{os.path.join(folder, name + '.txt')}: index {index} is "
                                       f"not a sample (the manifest counts {self.count})")

        def disjoint(group):
            owner = {}
            for name in group:
                for index in splits.get(name, []):
                    if index in owner:
                        raise DatasetError(
                            f"{os.path.join(folder, name + '.txt')}: index {index} is also in "
                            f"{owner[index]}.txt (a sample belongs to one of "
                            f"{', '.join(group)})")
                    owner[index] = name
            return owner

        owner = disjoint(PARTITION)
        if len(owner) != self.count:
            left = min(set(range(self.count)) - set(owner))
            raise DatasetError(f"{folder}: sample {left} is in none of train.txt, val.txt and "
                               "test.txt (every sample belongs to one)")
        if (SUPERVISION[0] in splits) != (SUPERVISION[1] in splits):
            present, absent = SUPERVISION if SUPERVISION[0] in splits else SUPERVISION[::-1]
            raise DatasetError(f"{os.path.join(folder, absent + '.txt')}: split file missing "
                               f"(written with {present}.txt)")
        disjoint(SUPERVISION)
        train = set(splits["train"])
        for name, indices in splits.items():
            size = name[len("train_"):]
            if not name.startswith("train_") or not size.isdigit():
                continue
            path = os.path.join(folder, name + ".txt")
            if len(indices) != int(size):
                raise DatasetError(f"{path}: {len(indices)} indices, but a training subset of "
                                   f"{size} samples")
            outside = [i for i in indices if i not in train]
            if outside:
                raise DatasetError(f"{path}: index {outside[0]} is not in train.txt (a training "
                                   "subset is drawn from the train split)")
        self._check_split_checksums(folder, names)
        return splits

    def __len__(self):
        return len(self.indices)

    def splits(self):
        """The names of the split files this dataset has."""
        folder = os.path.join(self.root, "splits")
        return sorted(name[:-4] for name in os.listdir(folder)
                      if name.endswith(".txt") and not name.startswith("."))

    def record(self, index):
        """records/<index>.json, checked (InputError naming the file and key; DatasetError when
        its index is not its file name's)."""
        index = self._sample_index(index)
        path = _require_file(self._record_path(index), "sample record")
        record = _native.read_record(path)
        if record["index"] != index:
            raise DatasetError(f"{path}: the record of sample {record['index']} (its file name "
                               f"says {index})")
        return record

    def _sample_index(self, index):
        if not isinstance(index, (int, np.integer)):
            raise TypeError(f"sample index must be an integer, got {type(index).__name__}")
        if not 0 <= index < self.count:
            raise IndexError(f"sample {index} is not in the dataset (its samples are "
                             f"0..{self.count - 1})")
        return int(index)

    def _coco_regions(self, index):
        if self._coco is None:
            path = os.path.join(self.root, "coco", "instances.json")
            coco = _read_json(path, "COCO file")
            if not isinstance(coco, dict) or not isinstance(coco.get("annotations"), list):
                raise DatasetError(f"{path}: not a COCO file (no 'annotations' list)")
            self._coco = {}
            for annotation in coco["annotations"]:
                self._coco.setdefault(annotation["image_id"], []).append(annotation)
        return [{"kind": PART_KINDS[a["category_id"] - 1], "visible_box": a["bbox"],
                 "full_box": a["bbox_amodal"], "area": a["area"], "mask": a.get("segmentation"),
                 "label": a["attributes"].get("label", a["attributes"].get("color", ""))}
                for a in self._coco.get(index, [])]

    def __getitem__(self, k):
        return self.sample(self.indices[position(k, len(self), "samples")])

    def sample(self, index):
        """Sample `index` of the dataset (records/<index>.json), whatever the split."""
        record = self.record(index)
        index = record["index"]
        images = os.path.join(self.root, "images")
        sample = {"index": index, "record": record, "train": record["train"],
                  "image": _native.read_image(_require_file(os.path.join(
                      images, record["files"]["image"]), "image")),
                  "true_label": record["label"], "published_label": record["published_label"],
                  "labelled": record.get("labelled", True), "camera": record["camera"]}
        sample["intrinsics"], sample["extrinsics"] = camera_matrices(record["camera"])
        if self.depth and record["files"]["depth_exr"]:
            sample["depth"] = _native.read_depth_exr(_require_file(os.path.join(
                self.root, "depths", record["files"]["depth_exr"]), "depth EXR"))
        parts = record["parts"] if self.annotations == "records" else self._coco_regions(index)
        sample["parts"] = parts
        sample["boxes"] = part_boxes(parts)
        sample["full_boxes"] = part_boxes(parts, "full_box")
        if self.masks:
            height, width = record["camera"]["height"], record["camera"]["width"]
            sample["masks"] = np.stack(
                [_native.decode_rle(p["mask"]["counts"], *p["mask"]["size"]) for p in parts]) \
                if parts and parts[0].get("mask") else np.zeros((0, height, width), np.uint8)
        return sample


class PairsOnDisk:
    """A folder of `railyard intervene` read back: [k] is the k-th line of pairs.jsonl with both
    samples (base/ and intervened/ hold pair p as their sample p) and the decoded masks. Opening
    it checks pairs.jsonl against the manifest (DatasetError naming the file and line)."""

    def __init__(self, root, depth=True, masks=True):
        self.root = _require_folder(path_argument(root, "pairs folder", "PairsOnDisk"),
                                    "pairs folder")
        path = os.path.join(self.root, "manifest.json")
        self.manifest = _read_json(path, "pairs manifest")
        if not isinstance(self.manifest, dict) or "intervened" not in self.manifest:
            raise ValueError(f"{self.root}: not a folder of railyard intervene (its manifest has "
                             "no 'intervened' key)")
        for key in ("base", "intervened"):
            if not isinstance(self.manifest.get(key), str):
                raise DatasetError(f"{path}: '{key}' is not a folder name")
        if not _count(self.manifest.get("pairs")):
            raise DatasetError(f"{path}: 'pairs' is not a count of pairs")
        self.base = DatasetOnDisk(os.path.join(self.root, self.manifest["base"]),
                                  depth=depth, masks=masks)
        self.intervened = DatasetOnDisk(os.path.join(self.root, self.manifest["intervened"]),
                                        depth=depth, masks=masks)
        self.pairs = self._read_pairs()

    def _read_pairs(self):
        path = _require_file(os.path.join(self.root, "pairs.jsonl"), "pairs file")
        with open(path, "rb") as file:
            data = file.read()
        pairs = []
        for number, line in enumerate(data.splitlines(), 1):
            where = f"{path}:{number}"
            if not line.strip():
                raise DatasetError(f"{where}: empty line (one pair per line)")
            try:
                pair = json.loads(line)
            except (json.JSONDecodeError, UnicodeDecodeError) as error:
                raise DatasetError(f"{where}: {getattr(error, 'msg', 'not UTF-8 text')} (not "
                                   "a JSON line: a truncated or corrupted pair)") from None
            if not isinstance(pair, dict):
                raise DatasetError(f"{where}: not a pair (a JSON object)")
            for key, dataset in (("base", self.base), ("intervened", self.intervened)):
                if not _count(pair.get(key)) or pair[key] >= dataset.count:
                    raise DatasetError(f"{where}: '{key}' is not a sample of {dataset.root}")
            if pair.get("pair") != number - 1:
                raise DatasetError(f"{where}: pair {pair.get('pair')!r} where pair "
                                   f"{number - 1} belongs (one line per pair, in order)")
            pairs.append(pair)
        if len(pairs) != self.manifest["pairs"]:
            raise DatasetError(f"{path}: {len(pairs)} pairs, but the manifest counts "
                               f"{self.manifest['pairs']} (a truncated or corrupted file)")
        return pairs

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, k):
        line = self.pairs[position(k, len(self), "pairs")]

        def mask(name):
            rle = line[name]
            return _native.decode_rle(rle["counts"], *rle["size"])

        return {"pair": line, "operations": line["operations"], "flipped": line["flipped"],
                "base": self.base.sample(line["base"]),
                "intervened": self.intervened.sample(line["intervened"]),
                "colour_difference": mask("colour_difference"),
                "part_difference": mask("part_difference")}
