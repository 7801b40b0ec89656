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
import hashlib
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

    def firsts(self, split=None):
        """Each of those shards' first key, as a number, in the same order."""
        return [s["first"] for s in self._entries(split)]

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
    """Yields (key, {name: bytes}) for each unit of a shard (a path or URL), in order, in
    constant memory whatever its size. With `wanted` (a set of names after the key), the other
    members are passed over unread (a local shard seeks over them; a URL is read as a stream)."""
    remote = "://" in str(shard)
    try:
        with open_shard(shard) as stream, \
                tarfile.open(fileobj=stream, mode="r|" if remote else "r:") as tar:
            key, members, seen = None, {}, set()
            for info in tar:
                tar.members = []  # a seekable TarFile keeps every header it read; not here
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
                    members[name] = _read_member(tar, info, shard)
            if key is not None:
                yield key, members
    except (tarfile.TarError, EOFError) as error:
        raise DatasetError(f"{shard}: not a whole tar archive ({error})") from None


# A member larger than this is refused before it is read (a header that claims gigabytes).
MAX_MEMBER_BYTES = 1 << 30


def _read_member(tar, info, shard):
    """The member's bytes, read in pieces: memory grows with the bytes that are there, not with
    the size a damaged header claims."""
    if info.size > MAX_MEMBER_BYTES:
        raise DatasetError(f"{shard}: member {info.name!r}: claims {info.size} bytes, more than "
                           f"the {MAX_MEMBER_BYTES} a member may hold")
    data, stream = bytearray(), tar.extractfile(info)
    while len(data) < info.size:
        piece = stream.read(min(1 << 20, info.size - len(data)))
        if not piece:
            raise DatasetError(f"{shard}: member {info.name!r}: ends after {len(data)} of its "
                               f"{info.size} bytes (a truncated shard)")
        data += piece
    return bytes(data)


def sample_of(key, members, shard, depth=True, masks=True):
    """Unit `key` of a dataset's shard as a sample (railyard.reader.DatasetOnDisk's dict). The
    files it decodes must be the bytes their record names (size and SHA-256)."""
    record = _native.parse_record(_member(members, key, "json", shard),
                                  f"{shard}: member '{key}.json'")
    if record["index"] != int(key):
        raise DatasetError(f"{shard}: member '{key}.json': the record of sample "
                           f"{record['index']}, not of {int(key)}")

    def checked(name, check):
        data = _member(members, key, name, shard)
        want = record.get("file_checks", {}).get(check)
        if want and (len(data) != want["bytes"] or
                     hashlib.sha256(data).hexdigest() != want["sha256"]):
            raise DatasetError(f"{shard}: member '{key}.{name}': not the file its record names "
                               f"({len(data)} bytes, or another SHA-256)")
        return data

    image = _native.decode_image(checked("png", "image"), f"{shard}: member '{key}.png'")
    depth_map = _native.decode_depth_exr(checked("depth.exr", "depth_exr"),
                                         f"{shard}: member '{key}.depth.exr'") \
        if depth and record["files"].get("depth_exr") else None
    return make_sample(record, image, depth_map, masks=masks)


def _member(members, key, name, shard):
    if name not in members:
        raise DatasetError(f"{shard}: member '{key}.{name}': missing")
    return members[name]
