"""Datasets on disk, as `railyard generate` (or `suite`) wrote them, as numpy.

    d = railyard.reader.DatasetOnDisk("output/Trains_theoryx_MichalskiTrains_base_scene_len_2-4",
                                      split="test")
    d[0]   # image, depth (from the EXR), masks, boxes, parts, labels, train, camera, record

Annotations come from the sample records (records/<i>.json) or, with annotations="coco", from
the COCO file (coco/instances.json: whole cars instead of car bodies). Splits are the index
files in splits/ (train, val, test, train_<n>, labelled, ...). A suite's folder holds one dataset
per variant: `suite_variants(folder)`. A folder of `railyard intervene` is read pair by pair:

    pairs = railyard.reader.PairsOnDisk("output/Trains_theoryx_..._flip_pairs")
    p = pairs[0]   # p["base"], p["intervened"] (samples as above), p["flipped"], p["operations"],
                   # p["colour_difference"], p["part_difference"] (masks), p["pair"] (the line)

Every missing file is a FileNotFoundError naming it.
"""
import json
import os

import numpy as np

from . import _native, camera_matrices, part_boxes

# COCO category ids of the part kinds (coco_writer.cpp): the kind's place in this list, plus 1.
PART_KINDS = ["locomotive", "rail", "body", "wall", "roof", "wheels", "payload"]


def part_class(kind):
    """The COCO category id of a part kind (1..7; 0 is background for torchvision)."""
    return PART_KINDS.index(kind) + 1


def _require(path, what):
    if not os.path.exists(path):
        raise FileNotFoundError(f"{what} {path!r} does not exist")
    return path


def _read_json(path):
    with open(_require(path, "file"), encoding="utf-8") as file:
        try:
            return json.load(file)
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}: line {error.lineno}: {error.msg}") from None


def read_split(root, name):
    """The sample indices of splits/<name>.txt, in file order."""
    path = _require(os.path.join(root, "splits", name + ".txt"), "split file")
    with open(path, encoding="utf-8") as lines:
        indices = []
        for number, line in enumerate(lines, 1):
            if line.strip():
                try:
                    indices.append(int(line))
                except ValueError:
                    raise ValueError(f"{path}:{number}: not a sample index: {line.strip()!r}") \
                        from None
        return indices


def is_dataset(folder):
    return os.path.isfile(os.path.join(folder, "manifest.json"))


def suite_variants(folder):
    """{variant name: DatasetOnDisk} for every dataset folder of a suite (train, tests, ...)."""
    _require(folder, "suite folder")
    return {name: DatasetOnDisk(os.path.join(folder, name))
            for name in sorted(os.listdir(folder)) if is_dataset(os.path.join(folder, name))}


class DatasetOnDisk:
    """A dataset folder read back: len, [k] is sample indices[k] (all samples, or a split's)."""

    def __init__(self, root, split=None, annotations="records", depth=True, masks=True):
        self.root = os.fspath(root)
        if annotations not in ("records", "coco"):
            raise ValueError(f"annotations={annotations!r}: must be 'records' or 'coco'")
        self.manifest = _read_json(_require(os.path.join(self.root, "manifest.json"),
                                            "dataset manifest"))
        self.annotations, self.depth, self.masks = annotations, depth, masks
        records = _require(os.path.join(self.root, "records"), "records folder")
        if split is None:
            self.indices = sorted(int(name.split(".")[0]) for name in os.listdir(records)
                                  if name.endswith(".json"))
        else:
            self.indices = read_split(self.root, split)
        self._coco = None

    def __len__(self):
        return len(self.indices)

    def splits(self):
        """The names of the split files this dataset has."""
        folder = os.path.join(self.root, "splits")
        return sorted(name[:-4] for name in os.listdir(folder) if name.endswith(".txt")) \
            if os.path.isdir(folder) else []

    def record(self, index):
        """records/<index>.json, checked (InputError naming the file and key)."""
        path = _require(os.path.join(self.root, "records", f"{index}.json"), "sample record")
        return _native.read_record(path)

    def _coco_regions(self, index):
        if self._coco is None:
            coco = _read_json(os.path.join(self.root, "coco", "instances.json"))
            self._coco = {}
            for annotation in coco["annotations"]:
                self._coco.setdefault(annotation["image_id"], []).append(annotation)
        return [{"kind": PART_KINDS[a["category_id"] - 1], "visible_box": a["bbox"],
                 "full_box": a["bbox_amodal"], "area": a["area"], "mask": a.get("segmentation"),
                 "label": a["attributes"].get("label", a["attributes"].get("color", ""))}
                for a in self._coco.get(index, [])]

    def __getitem__(self, k):
        if not -len(self) <= k < len(self):
            raise IndexError(f"sample {k}: the dataset has {len(self)} samples")
        return self.sample(self.indices[k])

    def sample(self, index):
        """Sample `index` of the dataset (records/<index>.json), whatever the split."""
        record = self.record(index)
        images = os.path.join(self.root, "images")
        sample = {"index": index, "record": record, "train": record["train"],
                  "image": _native.read_image(_require(os.path.join(
                      images, record["files"]["image"]), "image")),
                  "true_label": record["label"], "published_label": record["published_label"],
                  "labelled": record.get("labelled", True), "camera": record["camera"]}
        sample["intrinsics"], sample["extrinsics"] = camera_matrices(record["camera"])
        if self.depth and record["files"]["depth_exr"]:
            sample["depth"] = _native.read_depth_exr(_require(os.path.join(
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
    samples (base/ and intervened/ hold pair p as their sample p) and the decoded masks."""

    def __init__(self, root, depth=True, masks=True):
        self.root = os.fspath(root)
        self.manifest = _read_json(_require(os.path.join(self.root, "manifest.json"),
                                            "pairs manifest"))
        if "intervened" not in self.manifest:
            raise ValueError(f"{self.root}: not a folder of railyard intervene (its manifest has "
                             "no 'intervened' key)")
        self.base = DatasetOnDisk(os.path.join(self.root, self.manifest["base"]),
                                  depth=depth, masks=masks)
        self.intervened = DatasetOnDisk(os.path.join(self.root, self.manifest["intervened"]),
                                        depth=depth, masks=masks)
        path = _require(os.path.join(self.root, "pairs.jsonl"), "pairs file")
        with open(path, encoding="utf-8") as lines:
            self.pairs = []
            for number, line in enumerate(lines, 1):
                try:
                    self.pairs.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise ValueError(f"{path}:{number}: {error.msg}") from None

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, k):
        if not -len(self) <= k < len(self):
            raise IndexError(f"pair {k}: the folder has {len(self)} pairs")
        line = self.pairs[k]

        def mask(name):
            rle = line[name]
            return _native.decode_rle(rle["counts"], *rle["size"])

        return {"pair": line, "operations": line["operations"], "flipped": line["flipped"],
                "base": self.base.sample(line["base"]),
                "intervened": self.intervened.sample(line["intervened"]),
                "colour_difference": mask("colour_difference"),
                "part_difference": mask("part_difference")}
