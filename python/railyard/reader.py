"""Datasets on disk, as `railyard generate` (or `suite`) wrote them, as numpy.

    d = railyard.reader.DatasetOnDisk("output/Trains_theoryx_MichalskiTrains_base_scene_len_2-4",
                                      split="test")
    d[0]   # image, depth (from the EXR), masks, boxes, parts, labels, train, camera, record,
           # index and image_name (the sample's ids in a predictions file for `railyard score`),
           # and scene_path (the .glb) in a dataset written with outputs.scene: glb

Annotations come from the sample records (records/<i>.json) or, with annotations="coco", from
the COCO file (coco/instances.json: whole cars instead of car bodies). Splits are the index
files in splits/ (train, val, test, train_<n>, labelled, ...). A suite's folder holds one dataset
per variant, in <suite>/<variant>/<dataset folder>/: `suite_variants(folder)`. A folder of
`railyard intervene` is read pair by pair:

    pairs = railyard.reader.PairsOnDisk("output/Trains_theoryx_..._flip_pairs")
    p = pairs[0]   # p["base"], p["intervened"] (samples as above), p["flipped"], p["operations"],
                   # p["colour_difference"], p["part_difference"] (masks), p["pair"] (the line)

The layout and the checks are the C++ readers' (tools/lib/records/dataset_folder.h, pairs_folder.h,
bound as railyard._native.DatasetFolder and PairsFolder): opening a folder checks it once. A
missing file (manifest, image, the split asked for) is a FileNotFoundError naming it, a folder
where a file belongs an IsADirectoryError. Files that disagree with each other or are not what
railyard writes are refused on opening (or, for a record's contents, on reading it) with a
railyard.DatasetError (a ValueError) naming the file and the fault: a manifest that is not JSON or
not railyard's, a record missing or beyond the manifest's count, a record whose index is not its
file name's, a split file listing an index twice or out of order, an index that is not a sample,
train/val/test sharing or leaving out a sample, a training subset outside train, split files that
are not those the manifest lists, a pairs.jsonl line that is truncated, out of order or not
counted by the manifest, pairs whose two sides no longer align.
"""
import json
import os

import numpy as np

from . import _native, camera_matrices, part_boxes
from ._checks import existing_file, existing_folder, path_argument, position
from ._native import DatasetError

# COCO category ids of the part kinds (coco_writer.cpp): the kind's place in this list, plus 1.
PART_KINDS = ["locomotive", "rail", "body", "wall", "roof", "wheels", "payload"]


def part_class(kind):
    """The COCO category id of a part kind (1..7; 0 is background for torchvision)."""
    return PART_KINDS.index(kind) + 1


def _read_coco(path):
    """The dataset's COCO file, read as COCO's own readers read it (a standard format)."""
    with open(existing_file(path, "COCO file"), "rb") as file:
        data = file.read()
    try:
        return json.loads(data)  # COCO
    except json.JSONDecodeError as error:
        raise DatasetError(f"{path}: line {error.lineno}: {error.msg} (not valid JSON: a "
                           "truncated or corrupted file)") from None
    except UnicodeDecodeError:
        raise DatasetError(f"{path}: not UTF-8 text (a corrupted file)") from None


def read_split(root, name):
    """The sample indices of splits/<name>.txt, ascending; DatasetError naming the file and line
    of something that is not an index, or an index listed twice or out of order."""
    path = _native.DatasetPaths(root).split(name)
    return _native.read_split_file(existing_file(path, "split file"))


def is_dataset(folder):
    return os.path.isfile(_native.DatasetPaths(folder).manifest)


def suite_variants(folder):
    """{variant name: DatasetOnDisk} of a finished suite folder (<output>/<suite>/), in the suite
    file's order (a curriculum's task order). The suite's summary.json, written last, names each
    variant's dataset folder (<variant>/<V-LoL dataset folder>/, tools/lib/suite/README.md)."""
    folder = existing_folder(path_argument(folder, "suite folder", "suite_variants"),
                             "suite folder")
    path = os.path.join(folder, "summary.json")
    if not os.path.exists(path):
        raise FileNotFoundError(
            f"suite summary {path!r} does not exist: {folder!r} is not a finished suite folder "
            "(railyard suite, or its --merge, writes summary.json once every variant is done)")
    suite = _native.SuiteFolder.open(folder)  # summary.json checked (DatasetError naming a key)
    out = {}
    for name, root in suite.variants:
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
        root = existing_folder(path_argument(root, "dataset folder", "DatasetOnDisk"),
                               "dataset folder")
        if annotations not in ("records", "coco"):
            raise ValueError(f"annotations={annotations!r}: must be 'records' or 'coco'")
        if split is not None and not isinstance(split, str):
            raise TypeError(f"split must be a split's name such as 'train', got "
                            f"{type(split).__name__}")
        existing_file(_native.DatasetPaths(root).manifest, "dataset manifest")
        self._open(_native.DatasetFolder.open(root), root, split, annotations, depth, masks)

    def _open(self, folder, root, split=None, annotations="records", depth=True, masks=True):
        """Reads through `folder`, a DatasetFolder already open (a pairs folder's side)."""
        self._folder, self.root = folder, root
        self.manifest, self.count = folder.manifest, folder.count
        self.annotations, self.depth, self.masks = annotations, depth, masks
        self._splits = folder.split_files()
        if split is None:
            self.indices = list(range(self.count))
        elif split in self._splits:
            self.indices = self._splits[split]
        else:
            raise FileNotFoundError(
                f"split file {os.path.join(folder.paths.splits, split + '.txt')!r} does not "
                f"exist (this dataset's splits: {', '.join(self.splits()) or 'none'})")
        self._coco = None
        return self

    def __len__(self):
        return len(self.indices)

    def splits(self):
        """The names of the split files this dataset has."""
        return sorted(self._splits)

    def sample_id(self, k):
        """{"index", "image"} of item k (sample indices[k]): what a predictions file for
        `railyard score` names a sample by (either key; the image as images/ names it)."""
        index = self.indices[position(k, len(self), "samples")]
        return {"index": index, "image": os.path.basename(self._folder.paths.image(index))}

    def record(self, index):
        """records/<index>.json, checked (DatasetError, an InputError, naming the file and key,
        or that its index is not its file name's)."""
        return self._folder.read_record(self._sample_index(index))

    def _sample_index(self, index):
        if not isinstance(index, (int, np.integer)):
            raise TypeError(f"sample index must be an integer, got {type(index).__name__}")
        if not 0 <= index < self.count:
            raise IndexError(f"sample {index} is not in the dataset (its samples are "
                             f"0..{self.count - 1})")
        return int(index)

    def _coco_regions(self, index):
        if self._coco is None:
            path = self._folder.paths.coco
            coco = _read_coco(path)
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
        index = self._sample_index(index)
        record, files = self._folder.read_sample(index)
        image = _native.read_image(existing_file(files["image"], "image"))
        depth = _native.read_depth_exr(existing_file(files["depth_exr"], "depth EXR")) \
            if self.depth and "depth_exr" in files else None
        parts = None if self.annotations == "records" else self._coco_regions(index)
        return make_sample(record, image, depth, parts, self.masks,
                           scene_path=files.get("scene"))


def make_sample(record, image, depth=None, parts=None, masks=True, scene_path=None):
    """A sample as DatasetOnDisk gives it, from its record (a dict, checked by the native
    reader) and its decoded files: `parts` the record's unless given (COCO regions), the masks
    decoded when `masks`, `scene_path` the .glb of a dataset written with outputs.scene."""
    sample = {"index": record["index"], "image_name": record["files"]["image"],
              "record": record, "train": record["train"], "image": image,
              "true_label": record["label"], "published_label": record["published_label"],
              "labelled": record.get("labelled", True), "camera": record["camera"]}
    sample["intrinsics"], sample["extrinsics"] = camera_matrices(record["camera"])
    if scene_path is not None:  # outputs.scene: the sample's 3D scene as a .glb, for 3D tools
        sample["scene_path"] = scene_path
    if depth is not None:
        sample["depth"] = depth
    parts = record["parts"] if parts is None else parts
    sample["parts"] = parts
    sample["boxes"] = part_boxes(parts)
    sample["full_boxes"] = part_boxes(parts, "full_box")
    if masks:
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
        self.root = existing_folder(path_argument(root, "pairs folder", "PairsOnDisk"),
                                    "pairs folder")
        if not _native.PairsFolder.is_pairs_folder(self.root):
            raise ValueError(f"{self.root}: not a folder of railyard intervene (it has no "
                             "pairs.jsonl)")
        self._folder = _native.PairsFolder.open(self.root)
        self.manifest = self._folder.manifest
        self.base, self.intervened = (
            DatasetOnDisk.__new__(DatasetOnDisk)._open(side, side.root, depth=depth, masks=masks)
            for side in (self._folder.base, self._folder.intervened))
        self.pairs = self._folder.pair_lines  # checked on opening

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
