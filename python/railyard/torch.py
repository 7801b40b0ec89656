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

Temporal sequences (railyard.sequences) as (images T x 3 x H x W, label, predicates T x P):

    from railyard.torch import SequenceDataset, collate_sequences
    data = SequenceDataset("output/sequences/...", split="train")   # or a SequenceGenerator
    loader = DataLoader(data, batch_size=8, collate_fn=collate_sequences)
    for images, labels, predicates, lengths in loader: ...   # padded to the longest
"""
import numpy as np
import torch

from . import Generator
from .reader import DatasetOnDisk, part_class
from .sequences import SequenceGenerator, SequenceSet, read_sequences

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
        self._args = (config, overrides)
        self._generator = Generator(config, **overrides)  # checks the config now

    def __len__(self):
        return len(self._generator)

    def __getitem__(self, index):
        # Labels need no annotations: the classifier's path skips masks and boxes.
        sample = self._generator.sample(index, annotations=self.target != "label",
                                        masks=self.target != "label")
        return make_item(sample, self.target, self.transform)

    # Spawned workers get the config, not the native generator, and build their own.
    def __getstate__(self):
        return {"target": self.target, "transform": self.transform, "_args": self._args}

    def __setstate__(self, state):
        self.__dict__.update(state)
        config, overrides = self._args
        self._generator = Generator(config, **overrides)


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
