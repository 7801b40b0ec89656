"""Reading the cars (the neuro-symbolic baseline's car reader): square crops around the cars, cut
from the pictures as rendered, and the reader's training on the records' cars (boxes jittered,
crops mirrored at random)."""
import time

import torch
import torch.nn.functional as F

from .car_networks import one_cycle
from .checkpoints import NO_CHECKPOINTS
from .decoding import ATTRIBUTES
from .scenes import car_items, normalised
from .training import descend, epoch_loss

CROP_MARGIN = 1.15    # a crop's side: the car box's longer side times this


def square_boxes(boxes, margin=CROP_MARGIN):
    """x1 y1 x2 y2 boxes (K x 4) to squares about their centres, side the longer side x margin."""
    centre = (boxes[:, :2] + boxes[:, 2:]) / 2
    half = (boxes[:, 2:] - boxes[:, :2]).max(1).values.clamp(min=4.0)[:, None] * margin / 2
    return torch.cat([centre - half, centre + half], 1)


def crops(images, owners, boxes, size):
    """K crops (float, normalised) of `images` (uint8) at `boxes` (x1 y1 x2 y2, full
    resolution) of the pictures `owners` (K positions), resized to size x size."""
    from torchvision.ops import roi_align
    if not len(owners):
        return torch.zeros(0, 3, size, size)
    unique, inverse = torch.unique(torch.as_tensor(owners), return_inverse=True)
    rois = torch.cat([inverse.float()[:, None], square_boxes(boxes)], 1)
    cut = roi_align(images[unique].float(), rois, output_size=size, spatial_scale=1.0,
                    sampling_ratio=2, aligned=True)
    return normalised(cut)


def jittered(boxes, generator, shift=0.08, scale=0.12):
    """Boxes moved and resized at random (by up to `shift` of their size, `scale` in size)."""
    size = boxes[:, 2:] - boxes[:, :2]
    centre = (boxes[:, :2] + boxes[:, 2:]) / 2
    centre = centre + (torch.rand(boxes.shape[0], 2, generator=generator) * 2 - 1) * shift * size
    size = size * (1 + (torch.rand(boxes.shape[0], 2, generator=generator) * 2 - 1) * scale)
    return torch.cat([centre - size / 2, centre + size / 2], 1)


def train_reader(network, scenes, epochs, batch, learning_rate, seed, log=print,
                 checkpoints=NO_CHECKPOINTS):
    """Trains the car reader on the records' cars (boxes jittered, crops mirrored at random);
    the mean loss (summed over the attributes) of each epoch."""
    torch.manual_seed(seed)
    owners, boxes, targets = car_items(scenes)
    optimiser = torch.optim.AdamW(network.parameters(), lr=learning_rate, weight_decay=1e-4)
    steps = epochs * ((len(owners) + batch - 1) // batch)
    schedule = one_cycle(optimiser, learning_rate, steps)
    generator = torch.Generator().manual_seed(seed + 1)
    began = time.monotonic()
    epochs_left, losses = checkpoints.epochs("reader", epochs, network, optimiser, schedule,
                                             generator)

    def step(chosen):
        x = crops(scenes.images, owners[chosen], jittered(boxes[chosen], generator), network.crop)
        flip = torch.rand(len(chosen), generator=generator) < 0.5
        logits = network(torch.where(flip[:, None, None, None], x.flip(-1), x))
        loss = sum(F.cross_entropy(logits[name], targets[name][chosen]) for name in ATTRIBUTES)
        return descend(optimiser, loss, schedule)
    for epoch in epochs_left:
        order = torch.randperm(len(owners), generator=generator)
        losses.append(round(epoch_loss(order, batch, step, schedule.step), 6))
        log(f"car reader, epoch {epoch + 1}/{epochs}: loss {losses[-1]:.4f} "
            f"({time.monotonic() - began:.0f} s)")
    return losses
