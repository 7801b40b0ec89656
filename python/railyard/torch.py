"""PyTorch datasets: trains rendered on the fly, and datasets read from disk.

    from railyard.torch import OnTheFly, OnDisk, collate
    train = OnTheFly("configs/vlol_theoryx.yaml", count=10000)            # (image, label)
    loader = torch.utils.data.DataLoader(train, batch_size=32, num_workers=2)
    test = OnDisk("output/...", split="test")
    detection = OnDisk("output/...", target="detection")                  # torchvision targets
    loader = DataLoader(detection, batch_size=4, collate_fn=collate)

Targets: "label" gives (image, label) with image a float32 C x H x W tensor in [0, 1] and label
1 for east, 0 for west (the published label, what a dataset shows); "detection" gives (image,
{"boxes" (x1 y1 x2 y2), "labels" (part kind ids 1..7, railyard.reader.PART_KINDS), "masks",
"area", "iscrowd", "image_id", "label"}) for torchvision's detection and segmentation models,
visible parts only; "sample" gives the whole sample dict as tensors.

Each DataLoader worker renders with its own renderer (and EGL context), made in the worker on
its first sample: nothing made before the fork is used after it.

A folder of tar shards (`railyard pack`) streamed, each sample read once per epoch across
DataLoader workers and torch.distributed ranks, the same items as OnDisk:

    from railyard.torch import Shards
    train = Shards("packed/", split="train", shuffle_buffer=1000)   # or a list of shard URLs
    loader = DataLoader(train, batch_size=32, num_workers=2)
    for epoch in range(10):
        train.set_epoch(epoch)                                      # a new shuffle per epoch

Temporal sequences (railyard.sequences) as (images T x 3 x H x W, label, predicates T x P):

    from railyard.torch import SequenceDataset, collate_sequences
    data = SequenceDataset("output/sequences/...", split="train")   # or a SequenceGenerator
    loader = DataLoader(data, batch_size=8, collate_fn=collate_sequences)
    for images, labels, predicates, lengths in loader: ...   # padded to the longest
"""
import os
import random

import numpy as np
import torch

from . import Generator
from .reader import DatasetOnDisk, part_class
from .sequences import SequenceGenerator, SequenceSet, read_sequences
from ._native import DatasetError
from .shards import ShardFolder, read_units, sample_of

TARGETS = ("label", "detection", "sample")


def image_tensor(image):
    """H x W x 3 uint8 to a 3 x H x W float32 tensor in [0, 1]."""
    return torch.from_numpy(image).permute(2, 0, 1).float().div_(255.0)


def label_of(sample):
    return 1 if sample["published_label"] == "east" else 0


def detection_target(sample):
    """torchvision's target of a sample: the parts with visible pixels."""
    visible = [k for k, part in enumerate(sample["parts"]) if part["area"] > 0]
    boxes = torch.from_numpy(sample["boxes"][visible]).reshape(-1, 4)
    boxes[:, 2:] += boxes[:, :2]  # x y w h to x1 y1 x2 y2
    target = {"boxes": boxes,
              "labels": torch.tensor([part_class(sample["parts"][k]["kind"]) for k in visible],
                                     dtype=torch.int64),
              "area": torch.tensor([sample["parts"][k]["area"] for k in visible],
                                   dtype=torch.float32),
              "iscrowd": torch.zeros(len(visible), dtype=torch.int64),
              "image_id": torch.tensor(sample["index"]),
              "label": torch.tensor(label_of(sample))}
    if "masks" in sample:
        target["masks"] = torch.from_numpy(sample["masks"][visible])
    return target


def as_tensors(sample):
    """The sample dict with its arrays as tensors (other values as they are)."""
    return {key: torch.from_numpy(value) if isinstance(value, np.ndarray) and
            value.dtype != np.uint32 else value for key, value in sample.items()}


def make_item(sample, target, transform):
    image = image_tensor(sample["image"])
    if transform is not None:
        image = transform(image)
    if target == "label":
        return image, label_of(sample)
    if target == "detection":
        return image, detection_target(sample)
    sample = as_tensors(sample)
    sample["part_ids"] = torch.from_numpy(sample["part_ids"].astype(np.int64)) \
        if "part_ids" in sample else None
    sample["image"] = image
    return sample


def _check_target(target):
    if target not in TARGETS:
        raise ValueError(f"target={target!r}: must be one of {', '.join(TARGETS)}")


class OnTheFly(torch.utils.data.Dataset):
    """Sample i of a dataset config, rendered when asked for (railyard.Generator's samples)."""

    def __init__(self, config=None, target="label", transform=None, **overrides):
        _check_target(target)
        self.target, self.transform = target, transform
        # Checks the config now; pickles as its config, so spawned workers build their own.
        self._generator = Generator(config, **overrides)

    def __len__(self):
        return len(self._generator)

    def __getitem__(self, index):
        # Labels need no annotations: the classifier's path skips masks and boxes.
        sample = self._generator.sample(index, annotations=self.target != "label",
                                        masks=self.target != "label")
        return make_item(sample, self.target, self.transform)


class OnDisk(torch.utils.data.Dataset):
    """A dataset on disk (railyard.reader.DatasetOnDisk) with the same targets as OnTheFly.

    With `with_index=True` each item gains the sample's index in the dataset as its last element,
    (image, label, index) for target "label", so a test loop can write the predictions file
    `railyard score` reads; `sample_id(k)` gives item k's index and image name. Samples of the
    "sample" target carry both ("index", "image_name") in any case."""

    def __init__(self, root, split=None, target="label", transform=None,
                 annotations="records", depth=False, with_index=False):
        _check_target(target)
        self.target, self.transform, self.with_index = target, transform, with_index
        self.dataset = DatasetOnDisk(root, split, annotations, depth=depth or target == "sample",
                                     masks=target != "label")

    def __len__(self):
        return len(self.dataset)

    def sample_id(self, k):
        """{"index", "image"} of item k: the ids a predictions file names samples by."""
        return self.dataset.sample_id(k)

    def __getitem__(self, k):
        sample = self.dataset[k]
        item = make_item(sample, self.target, self.transform)
        if self.with_index:
            return (*item, sample["index"]) if isinstance(item, tuple) else item
        return item


def _ranks():
    """(rank, world size) of torch.distributed in this process; (0, 1) without it."""
    if torch.distributed.is_available() and torch.distributed.is_initialized():
        return torch.distributed.get_rank(), torch.distributed.get_world_size()
    return 0, 1


def _consumer(ranks):
    """(this reader's number, how many read): DataLoader workers within torch.distributed ranks
    (`ranks` as the dataset was made: a worker process has no process group of its own)."""
    rank, world = ranks
    worker = torch.utils.data.get_worker_info()
    workers, number = (1, 0) if worker is None else (worker.num_workers, worker.id)
    return rank * workers + number, world * workers


class Shards(torch.utils.data.IterableDataset):
    """A dataset's tar shards (`railyard pack`) streamed, with the same items and targets as
    OnDisk (`target`, `transform`, `with_index`; depth decoded for target "sample" or with
    depth=True).

    `source` is a shard folder (its shards.json says which shards hold `split`) or a list of
    shard paths or URLs. The samples are split across torch.distributed ranks and DataLoader
    workers so that each is read exactly once per epoch: from a folder (whose index counts each
    shard's samples) every reader takes an equal run of the samples laid end to end and reads
    only the shards that hold it; from URLs, every n-th shard, or with fewer shards than
    readers, every n-th sample. With
    `shuffle_buffer` > 0 the shards' order and the samples (through a buffer of that many) are
    shuffled, differently for each epoch (`set_epoch`) and the same for the same seed. The rank
    and world size are torch.distributed's when the dataset is made (after init_process_group),
    or `ranks=(rank, world_size)`."""

    def __init__(self, source, split=None, target="label", transform=None, shuffle_buffer=0,
                 seed=0, depth=False, with_index=False, ranks=None):
        _check_target(target)
        self.target, self.transform, self.with_index = target, transform, with_index
        self.ranks = _ranks() if ranks is None else tuple(ranks)
        self.depth, self.masks = depth or target == "sample", target != "label"
        # The members an item needs; the others are passed over unread.
        self._wanted = {"json", "png"} | ({"depth.exr"} if self.depth else set())
        self.shuffle_buffer, self.seed, self.epoch = int(shuffle_buffer), seed, 0
        if isinstance(source, (str, os.PathLike)):
            folder = ShardFolder(source)
            if folder.kind != "dataset":
                raise ValueError(f"{folder.root}: shards of a {folder.kind} folder; Shards reads "
                                 "a dataset's (a suite's variants: ShardFolder.variants())")
            self.shards, self._count = folder.shards(split), folder.count(split)
            self._counts, self._firsts = folder.counts(split), folder.firsts(split)
        else:
            if split is not None:
                raise ValueError("Shards: split= goes with a shard folder, not a list of shards")
            self.shards, self._count = [str(shard) for shard in source], None
            self._counts = None

    def __len__(self):
        if self._count is None:
            raise TypeError("Shards of a list of URLs has no length (a shard folder has)")
        return self._count

    def set_epoch(self, epoch):
        self.epoch = epoch

    def _units(self, consumer, consumers):
        order = list(range(len(self.shards)))
        if self.shuffle_buffer > 0:
            random.Random(f"{self.seed}:{self.epoch}").shuffle(order)  # the same for all readers
        if self._counts is not None:  # an equal run of the samples, end to end over the shards
            yield from self._run_of_units(order, consumer, consumers)
        elif len(order) >= consumers:  # URLs, counts unknown: whole shards
            for i in order[consumer::consumers]:
                for key, members in read_units(self.shards[i], self._wanted):
                    yield self.shards[i], key, members
        else:  # fewer shards than readers: every n-th sample
            ordinal = 0
            for i in order:
                for key, members in read_units(self.shards[i], self._wanted):
                    if ordinal % consumers == consumer:
                        yield self.shards[i], key, members
                    ordinal += 1

    def _run_of_units(self, order, consumer, consumers):
        """Samples [lo, hi) of the shards in `order` laid end to end: this reader's equal share,
        reading only the shards that hold them. Each shard must begin with the key shards.json
        gives it and hold its count (DatasetError naming the shard)."""
        total = sum(self._counts)
        lo, hi = total * consumer // consumers, total * (consumer + 1) // consumers
        start = 0
        for i in order:
            shard, count = self.shards[i], self._counts[i]
            if start < hi and start + count > lo:
                read = 0
                for key, members in read_units(shard, self._wanted):
                    if read == 0 and int(key) != self._firsts[i]:
                        raise DatasetError(f"{shard}: begins with unit {key}, shards.json says "
                                           f"{self._firsts[i]}")
                    if read == count:
                        raise DatasetError(f"{shard}: more than the {count} samples shards.json "
                                           "says")
                    if start + read >= hi:
                        break
                    if start + read >= lo:
                        yield shard, key, members
                    read += 1
                else:
                    if read != count:
                        raise DatasetError(f"{shard}: {read} samples, shards.json says {count}")
            start += count

    def _samples(self):
        consumer, consumers = _consumer(self.ranks)
        units = self._units(consumer, consumers)
        if self.shuffle_buffer <= 0:
            yield from units
            return
        rng, buffer = random.Random(f"{self.seed}:{self.epoch}:{consumer}"), []
        for unit in units:
            buffer.append(unit)
            if len(buffer) >= self.shuffle_buffer:
                k = rng.randrange(len(buffer))
                buffer[k], buffer[-1] = buffer[-1], buffer[k]
                yield buffer.pop()
        rng.shuffle(buffer)
        yield from buffer

    def __iter__(self):
        for shard, key, members in self._samples():
            sample = sample_of(key, members, shard, depth=self.depth, masks=self.masks)
            item = make_item(sample, self.target, self.transform)
            if self.with_index:
                item = (*item, sample["index"]) if isinstance(item, tuple) else item
            yield item


def _column(values):
    """One field of a batch: stacked when every sample has a tensor of one shape, a tensor of
    numbers, else a list."""
    first = values[0]
    if isinstance(first, torch.Tensor) and all(v.shape == first.shape for v in values):
        return torch.stack(values)
    if isinstance(first, (int, float)) and not isinstance(first, bool):
        return torch.tensor(values)
    return list(values)


def collate(batch):
    """Batches whose samples hold different numbers of parts: (images, targets) gives stacked
    images and a list of target dicts (what torchvision's detection models take); sample dicts
    give a dict of stacked tensors where shapes agree and lists where they do not."""
    first = batch[0]
    if isinstance(first, tuple):
        return tuple(_column(list(values)) for values in zip(*batch))
    if isinstance(first, dict):
        return {key: _column([item[key] for item in batch]) for key in first}
    return _column(list(batch))


class SequenceDataset(torch.utils.data.Dataset):
    """Sequences as (images, label, predicates): images a float32 T x 3 x H x W tensor in [0, 1]
    (`transform` applied to each step's image), label an int64 tensor (1: the formula holds),
    predicates a float32 T x P tensor of 0/1 over `names` (default: every predicate, in the order
    of Sequence.predicates), from the records, whatever the dataset's train_annotations publish.

    `source` is a sequence dataset folder (read with railyard.read_sequences(source, split)), a
    SequenceSet, or a railyard.SequenceGenerator (rendered on the fly, records skipped; `split`
    keeps the sequences the finished dataset puts in that split)."""

    def __init__(self, source, split=None, transform=None, names=None):
        self.transform = transform
        if isinstance(source, SequenceGenerator):
            self.source = source
            self.indices = list(range(len(source))) if split is None else \
                [i for i, name in enumerate(source.splits()) if name == split]
            all_names = sorted(source.names)
        else:
            if not isinstance(source, SequenceSet):
                source = read_sequences(source, split)
            elif split is not None and split != source.split:
                raise ValueError(f"SequenceDataset: split={split!r}, but the SequenceSet given "
                                 f"is {source.split!r}'s")
            self.source = source
            self.indices = list(range(len(source)))
            all_names = sorted(source.names)
        self.names = all_names if names is None else list(names)
        unknown = [name for name in self.names if name not in all_names]
        if unknown:
            raise ValueError(f"SequenceDataset: {', '.join(map(repr, unknown))} not a predicate "
                             f"of the sequences ({', '.join(all_names)})")

    def __len__(self):
        return len(self.indices)

    def sequence(self, k):
        """The k-th sequence, as railyard.sequences.Sequence."""
        k = self.indices[k]
        if isinstance(self.source, SequenceGenerator):
            return self.source.sequence(k, annotations=False)
        return self.source[k]

    def __getitem__(self, k):
        sequence = self.sequence(k)
        frames = [image_tensor(image) for image in sequence.images]
        if self.transform is not None:
            frames = [self.transform(frame) for frame in frames]
        predicates = np.stack([sequence.predicates[name] for name in self.names], axis=1) \
            if self.names else np.zeros((len(sequence), 0), bool)
        return (torch.stack(frames), torch.tensor(int(sequence.label)),
                torch.from_numpy(predicates.astype(np.float32)))


def collate_sequences(batch):
    """(images, label, predicates) of sequences of different lengths as (images B x T x 3 x H x
    W, labels B, predicates B x T x P, lengths B), zero-padded after each sequence's end to the
    longest T (lengths: each one's T, int64, as pack_padded_sequence takes them)."""
    lengths = torch.tensor([images.shape[0] for images, _, _ in batch], dtype=torch.int64)
    longest = int(lengths.max())

    def padded(tensor):
        pad = tensor.new_zeros((longest - tensor.shape[0],) + tuple(tensor.shape[1:]))
        return torch.cat([tensor, pad])

    images = torch.stack([padded(images) for images, _, _ in batch])
    predicates = torch.stack([padded(predicates) for _, _, predicates in batch])
    labels = torch.stack([label for _, label, _ in batch])
    return images, labels, predicates, lengths
