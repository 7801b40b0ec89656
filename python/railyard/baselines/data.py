"""The pictures a baseline trains and predicts on: a split of a dataset folder decoded once and
kept in memory at the protocol's resolution (uint8, about 62 kB an image at 192x108), so that 25
epochs cost one decoding; and the two sides of an intervention pairs folder."""
import dataclasses

import torch
from torch.utils.data import DataLoader

from .. import _native
from ..torch import OnDisk


@dataclasses.dataclass
class ImageSet:
    images: torch.Tensor   # N x 3 x H x W, uint8
    labels: torch.Tensor   # N, 1 east 0 west: the published label (what the dataset shows)
    indices: torch.Tensor  # N, each image's sample index in its folder
    folder: str
    split: str             # "all" for every sample

    def __len__(self):
        return len(self.labels)

    def subset(self, positions):
        positions = torch.as_tensor(positions, dtype=torch.long)
        return ImageSet(self.images[positions], self.labels[positions], self.indices[positions],
                        self.folder, self.split)


def parse_size(text):
    """'192x108' -> (192, 108)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"resolution '{text}': expected WIDTHxHEIGHT, e.g. 192x108") from None
    if not (8 <= width <= 4096 and 8 <= height <= 4096):
        raise ValueError(f"resolution '{text}': width and height must be 8 to 4096")
    return width, height


class _Resized:
    """Image tensor (float, 0..1) to uint8 at `size`, box-filtered when shrinking."""

    def __init__(self, size):
        self.size = size

    def __call__(self, image):
        width, height = self.size
        if image.shape[1:] != (height, width):
            image = torch.nn.functional.interpolate(image[None], size=(height, width),
                                                    mode="bilinear", antialias=True,
                                                    align_corners=False)[0]
        return (image * 255.0 + 0.5).clamp(0, 255).to(torch.uint8)


def load_images(folder, split="test", size=(192, 108), workers=2):
    """Every image of `split` of the dataset at `folder` ("all": every sample), decoded by
    `workers` DataLoader workers and resized to `size` (width, height)."""
    data = OnDisk(folder, split=None if split == "all" else split, transform=_Resized(size),
                  with_index=True)
    images, labels, indices = [], [], []
    for image, label, index in DataLoader(data, batch_size=64, num_workers=workers):
        images.append(image)
        labels.append(torch.as_tensor(label))
        indices.append(torch.as_tensor(index))
    if not images:
        raise ValueError(f"{folder}: the split '{split}' has no samples")
    return ImageSet(torch.cat(images), torch.cat(labels).long(), torch.cat(indices).long(),
                    folder, split)


def pairs_sides(folder):
    """[("base", dataset folder), ("intervened", dataset folder)] of a pairs folder (checked
    on opening: DatasetError naming the file)."""
    pairs = _native.PairsFolder.open(folder)
    return [("base", pairs.base.root), ("intervened", pairs.intervened.root)]
