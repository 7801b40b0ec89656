"""Tar shards written by `railyard pack`, read with the standard library's tarfile.

    folder = railyard.shards.ShardFolder("packed/")   # shards.json, checked natively
    folder.shards("train")                            # the train shards' paths, in order
    for key, members in railyard.shards.read_units("packed/train-000000.tar"):
        sample = railyard.shards.sample_of(key, members, "packed/train-000000.tar")

A shard follows WebDataset's convention (tools/lib/shards/shard_layout.h): a unit's members are
"<key>.<name>" and stand together; a sample's are json (its record), png, depth.png, depth.exr and
glb. A unit comes as (key, {name: bytes}); sample_of decodes a sample as
railyard.reader.DatasetOnDisk gives it (the record checked by the native reader, the image and
depth decoded natively), without scene_path (a shard's .glb is the member "glb"). A shard that is
not a tar archive, is truncated, or breaks the convention is a DatasetError naming the shard and
the member. railyard.torch.Shards streams shards into a DataLoader.
"""
import os
import tarfile
import urllib.request

from . import _native
from ._checks import existing_folder, path_argument
from ._native import DatasetError
from .reader import make_sample


class ShardFolder:
    """A folder of `railyard pack`: its index (shards.json, checked on opening) and shards. A
    suite's folder holds one shard folder per variant: `variants()`."""

    def __init__(self, root):
        self.root = existing_folder(path_argument(root, "shard folder", "ShardFolder"),
                                    "shard folder")
        path = os.path.join(self.root, "shards.json")
        if not os.path.isfile(path):
            raise FileNotFoundError(f"{path!r} does not exist: {self.root!r} is not a folder of "
                                    "`railyard pack`")
        self.index = _native.read_shard_index(path)
        self.kind = self.index["kind"]

    def __repr__(self):
        return f"<railyard.shards.ShardFolder {self.root!r}: {self.kind}, " \
               f"{len(self.index['shards'])} shards>"

    def splits(self):
        """The splits that have shards, in the index's order."""
        return list(dict.fromkeys(shard["split"] for shard in self.index["shards"]))

    def _entries(self, split):
        if split is not None and split not in self.splits():
            raise ValueError(f"{self.root}: no {split!r} shards (its splits: "
                             f"{', '.join(self.splits()) or 'none'})")
        return [s for s in self.index["shards"] if split is None or s["split"] == split]

    def shards(self, split=None):
        """The paths of the shards (all, or a split's), in the order a reader streams them."""
        return [os.path.join(self.root, s["name"]) for s in self._entries(split)]

    def count(self, split=None):
        """The units in those shards."""
        return sum(s["samples"] for s in self._entries(split))

    def counts(self, split=None):
        """Each of those shards' units, in the same order."""
        return [s["samples"] for s in self._entries(split)]

    def variants(self):
        """A suite's variants' shard folders ({folder: ShardFolder}), in the suite's order."""
        return {folder: ShardFolder(os.path.join(self.root, folder))
                for folder in self.index["folders"]}


def open_shard(shard):
    """A shard's bytes as a stream: a path, or a URL (http, https, file) read as it arrives."""
    if "://" in str(shard):
        return urllib.request.urlopen(str(shard))
    return open(shard, "rb")


def read_units(shard, wanted=None):
    """Yields (key, {name: bytes}) for each unit of a shard (a path or URL), in order, reading
    the archive as a stream (constant memory whatever its size). With `wanted` (a set of names
    after the key), the other members are passed over unread."""
    try:
        with open_shard(shard) as stream, tarfile.open(fileobj=stream, mode="r|") as tar:
            key, members, seen = None, {}, set()
            for info in tar:
                unit, dot, name = info.name.partition(".")
                if not info.isfile() or not dot or not unit.isdigit():
                    raise DatasetError(f"{shard}: member {info.name!r}: not a plain file named "
                                       "'<key>.<name>'")
                if unit != key:
                    if key is not None:
                        yield key, members
                    key, members, seen = unit, {}, set()
                if name in seen:
                    raise DatasetError(f"{shard}: member {info.name!r}: a second member of that "
                                       "name")
                seen.add(name)
                if wanted is None or name in wanted:
                    members[name] = tar.extractfile(info).read()
            if key is not None:
                yield key, members
    except (tarfile.TarError, EOFError) as error:
        raise DatasetError(f"{shard}: not a whole tar archive ({error})") from None


def sample_of(key, members, shard, depth=True, masks=True):
    """Unit `key` of a dataset's shard as a sample (railyard.reader.DatasetOnDisk's dict)."""
    def member(name):
        if name not in members:
            raise DatasetError(f"{shard}: member '{key}.{name}': missing")
        return members[name]

    record = _native.parse_record(member("json"), f"{shard}: member '{key}.json'")
    if record["index"] != int(key):
        raise DatasetError(f"{shard}: member '{key}.json': the record of sample "
                           f"{record['index']}, not of {int(key)}")
    image = _native.decode_image(member("png"), f"{shard}: member '{key}.png'")
    exr = f"{shard}: member '{key}.depth.exr'"
    depth_map = _native.decode_depth_exr(members["depth.exr"], exr) \
        if depth and "depth.exr" in members else None
    return make_sample(record, image, depth_map, masks=masks)
