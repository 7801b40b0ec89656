"""railyard.shards and railyard.torch.Shards: a dataset packed by `railyard pack` streams the same
items as OnDisk, every sample exactly once per epoch across DataLoader workers and
torch.distributed ranks (with few shards and many, shuffled and not), from a folder or URLs; a
damaged shard is a DatasetError naming the shard and the member."""
import os
import shutil
import subprocess

import numpy as np
import pytest
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.utils.data import DataLoader

import railyard
from railyard.shards import ShardFolder, read_units
from railyard.torch import OnDisk, Shards

from conftest import generate, railyard_command


def pack(folder, output, per_shard):
    subprocess.run([railyard_command(), "pack", "-q", folder, "-o", str(output),
                    "--samples-per-shard", str(per_shard)], check=True, stdout=subprocess.DEVNULL)
    return str(output)


@pytest.fixture(scope="module")
def packed(tmp_path_factory):
    """(dataset folder, shards of 2 samples, shards of 100) of a 20-sample dataset."""
    out = tmp_path_factory.mktemp("shards")
    root = generate(out / "run", count=20, width=64, height=36)
    return root, pack(root, out / "small", 2), pack(root, out / "large", 100)


def same(a, b):
    if isinstance(a, torch.Tensor):
        return a.dtype == b.dtype and torch.equal(torch.nan_to_num(a), torch.nan_to_num(b))
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b, equal_nan=True)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.mark.parametrize("target", ["label", "detection", "sample"])
def test_same_items_as_on_disk(packed, target):
    root, small, _ = packed
    on_disk = OnDisk(root, split="train", target=target, with_index=True)
    shards = Shards(small, split="train", target=target, with_index=True)
    assert len(shards) == len(on_disk) > 0
    assert same(list(shards), [on_disk[k] for k in range(len(on_disk))])


def indices(loader):
    return [int(i) for _, _, index in loader for i in index.reshape(-1)]


@pytest.mark.parametrize("folder", [1, 2])  # several shards per worker; fewer than workers
@pytest.mark.parametrize("shuffle_buffer", [0, 4])
def test_each_sample_once_per_epoch_across_workers(packed, folder, shuffle_buffer):
    root = packed[0]
    expected = sorted(DatasetOnDisk_indices(root, "train"))
    data = Shards(packed[folder], split="train", with_index=True, shuffle_buffer=shuffle_buffer)
    orders = []
    for epoch in range(2):
        data.set_epoch(epoch)
        seen = indices(DataLoader(data, batch_size=3, num_workers=2))
        assert sorted(seen) == expected
        orders.append(seen)
    if shuffle_buffer:
        assert orders[0] != orders[1]  # a new order each epoch
        data.set_epoch(0)
        assert indices(DataLoader(data, batch_size=3, num_workers=2)) == orders[0]  # seeded


@pytest.mark.parametrize("folder", [1, 2])  # URLs: whole shards; fewer shards than workers
def test_each_sample_once_from_urls(packed, folder):
    urls = ["file://" + os.path.abspath(p) for p in ShardFolder(packed[folder]).shards("train")]
    seen = indices(DataLoader(Shards(urls, with_index=True), batch_size=3, num_workers=2))
    assert sorted(seen) == sorted(DatasetOnDisk_indices(packed[0], "train"))


def DatasetOnDisk_indices(root, split):
    return railyard.reader.DatasetOnDisk(root, split).indices


def _rank(rank, world, store_file, source, out):
    dist.init_process_group("gloo", init_method=f"file://{store_file}", rank=rank,
                            world_size=world)
    data = Shards(source, split="train", with_index=True, shuffle_buffer=3)
    seen = indices(DataLoader(data, batch_size=2, num_workers=2))
    np.save(os.path.join(out, f"{rank}.npy"), np.array(seen, np.int64))
    dist.destroy_process_group()


@pytest.mark.parametrize("folder", [1, 2])
def test_each_sample_once_across_distributed_ranks(packed, folder, tmp_path):
    mp.spawn(_rank, args=(2, str(tmp_path / "store"), packed[folder], str(tmp_path)), nprocs=2)
    seen = [np.load(tmp_path / f"{rank}.npy").tolist() for rank in range(2)]
    assert all(seen)  # both ranks read
    assert sorted(seen[0] + seen[1]) == sorted(DatasetOnDisk_indices(packed[0], "train"))


def test_urls_and_folder_views(packed):
    small = packed[1]
    folder = ShardFolder(small)
    assert folder.kind == "dataset" and folder.splits()[0] == "train"
    assert folder.count() == 20 and len(folder.shards("train")) == (folder.count("train") + 1) // 2
    urls = ["file://" + os.path.abspath(path) for path in folder.shards("train")]
    assert same(list(Shards(urls, with_index=True)),
                list(Shards(small, split="train", with_index=True)))
    with pytest.raises(ValueError, match="split= goes with a shard folder"):
        Shards(urls, split="train")
    with pytest.raises(TypeError, match="no length"):
        len(Shards(urls))
    with pytest.raises(ValueError, match="no 'nope' shards"):
        Shards(small, split="nope")
    with pytest.raises(FileNotFoundError, match="not a folder of `railyard pack`"):
        Shards(packed[0])


def test_damaged_shards_name_the_shard_and_member(packed, tmp_path):
    copy = shutil.copytree(packed[1], tmp_path / "copy")
    shard = ShardFolder(copy).shards("train")[0]
    with open(shard, "r+b") as file:
        file.truncate(9000)
    with pytest.raises(railyard.DatasetError, match="train-000000.tar: not a whole tar archive"):
        list(Shards(str(copy), split="train"))
    key, members = next(read_units(ShardFolder(packed[1]).shards("train")[1]))
    members["json"] = members["json"].replace(b'"index"', b'"indox"', 1)
    with pytest.raises(railyard.DatasetError, match=f"member '{key}.json'"):
        railyard.shards.sample_of(key, members, "x.tar")
    del members["png"]
    members["json"] = next(read_units(ShardFolder(packed[1]).shards("train")[1]))[1]["json"]
    with pytest.raises(railyard.DatasetError, match=f"x.tar: member '{key}.png': missing"):
        railyard.shards.sample_of(key, members, "x.tar")
