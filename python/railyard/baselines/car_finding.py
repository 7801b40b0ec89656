"""Finding the cars (the neuro-symbolic baseline's car finder): its targets from the records'
amodal boxes (CenterNet-like heat maps at 1/4 of its input), its loss, its training, and its
output decoded into the locomotive's and the cars' boxes, in order from the engine."""
import time

import torch
import torch.nn.functional as F

from .car_networks import one_cycle
from .checkpoints import NO_CHECKPOINTS
from .scenes import normalised, record_boxes, small_pictures
from .training import descend, epoch_loss

STRIDE = 4            # the finder's heat map: 1/4 of its input picture
SIGMA = 1.0           # its Gaussians, in heat map cells


def grid_shape(size):
    """(height, width) of the finder's heat map for an input of `size` (width, height)."""
    width, height = size
    for _ in range(2):
        width, height = (width + 1) // 2, (height + 1) // 2
    return height, width


def finder_targets(boxes, full_size, size):
    """Heat maps (2 x h x w), regression targets (4 x h x w) and their mask (h x w) of one
    picture's (locomotive box, car boxes), full-resolution boxes to the heat map's cells."""
    grid_h, grid_w = grid_shape(size)
    scale_x, scale_y = grid_w / full_size[0], grid_h / full_size[1]
    heat = torch.zeros(2, grid_h, grid_w)
    regression = torch.zeros(4, grid_h, grid_w)
    mask = torch.zeros(grid_h, grid_w)
    ys = torch.arange(grid_h).float().view(-1, 1) + 0.5
    xs = torch.arange(grid_w).float().view(1, -1) + 0.5
    engine, cars = boxes
    for channel, box in [(1, engine)] + [(0, car) for car in cars]:
        x1, y1, x2, y2 = box
        cx, cy = (x1 + x2) / 2 * scale_x, (y1 + y2) / 2 * scale_y
        col, row = min(int(cx), grid_w - 1), min(int(cy), grid_h - 1)
        if cx < 0 or cy < 0:
            continue
        gaussian = torch.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * SIGMA ** 2))
        heat[channel] = torch.maximum(heat[channel], gaussian)
        heat[channel, row, col] = 1.0
        regression[:, row, col] = torch.tensor([
            cx - col, cy - row, torch.log(torch.tensor(max((x2 - x1) * scale_x, 1e-3))),
            torch.log(torch.tensor(max((y2 - y1) * scale_y, 1e-3)))])
        mask[row, col] = 1.0
    return heat, regression, mask


def finder_loss(output, heat, regression, mask):
    """CenterNet's focal loss on the heat maps plus L1 on offset and size at the centres."""
    probability = torch.sigmoid(output[:, :2]).clamp(1e-4, 1 - 1e-4)
    positive = heat.eq(1).float()
    positive_loss = -(torch.log(probability) * (1 - probability) ** 2 * positive).sum()
    negative_loss = -(torch.log(1 - probability) * probability ** 2 * (1 - heat) ** 4 *
                      (1 - positive)).sum()
    centres = max(positive.sum().item(), 1.0)
    l1 = (torch.abs(output[:, 2:] - regression) * mask[:, None]).sum() / max(mask.sum().item(), 1)
    return (positive_loss + negative_loss) / centres + l1


def find_cars(output, full_size, threshold=0.35, max_cars=12):
    """Per picture of the finder's output: (locomotive box, [car boxes in position order]),
    x1 y1 x2 y2 at full resolution. Cars are the car heat map's local maxima above `threshold`
    (at least one); the locomotive its channel's maximum; the cars ordered by their distance to
    the locomotive's centre."""
    grid_h, grid_w = output.shape[-2:]
    scale_x, scale_y = full_size[0] / grid_w, full_size[1] / grid_h
    heat = torch.sigmoid(output[:, :2])
    peaks = heat * (F.max_pool2d(heat, 3, 1, 1) == heat).float()
    found = []
    for k in range(len(output)):
        def box_at(row, col):
            dx, dy, log_w, log_h = output[k, 2:, row, col].tolist()
            cx, cy = (col + dx) * scale_x, (row + dy) * scale_y
            w, h = torch.exp(torch.tensor([log_w, log_h])).tolist()
            w, h = w * scale_x, h * scale_y
            return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]
        engine_at = int(torch.argmax(peaks[k, 1]))
        engine = box_at(engine_at // grid_w, engine_at % grid_w)
        scores, places = peaks[k, 0].flatten().sort(descending=True)
        chosen = [int(p) for s, p in zip(scores[:max_cars], places[:max_cars]) if s >= threshold]
        chosen = chosen or [int(places[0])]
        cars = [box_at(p // grid_w, p % grid_w) for p in chosen]
        ex, ey = (engine[0] + engine[2]) / 2, (engine[1] + engine[3]) / 2
        cars.sort(key=lambda b: ((b[0] + b[2]) / 2 - ex) ** 2 + ((b[1] + b[3]) / 2 - ey) ** 2)
        found.append((engine, cars))
    return found


def train_finder(network, scenes, size, epochs, batch, learning_rate, seed, log=print,
                 checkpoints=NO_CHECKPOINTS):
    """Trains the car finder on the records' boxes (mirrored at random); the mean loss of each
    epoch."""
    torch.manual_seed(seed)
    full_size = (scenes.images.shape[3], scenes.images.shape[2])
    pictures = small_pictures(scenes.images, size)
    targets = [finder_targets(record_boxes(record), full_size, size) for record in scenes.records]
    heat = torch.stack([t[0] for t in targets])
    regression = torch.stack([t[1] for t in targets])
    mask = torch.stack([t[2] for t in targets])
    optimiser = torch.optim.AdamW(network.parameters(), lr=learning_rate, weight_decay=1e-4)
    steps = epochs * ((len(scenes) + batch - 1) // batch)
    schedule = one_cycle(optimiser, learning_rate, steps)
    generator = torch.Generator().manual_seed(seed)
    began = time.monotonic()
    epochs_left, losses = checkpoints.epochs("finder", epochs, network, optimiser, schedule,
                                             generator)

    def step(chosen):
        x, h, r, m = pictures[chosen], heat[chosen], regression[chosen].clone(), mask[chosen]
        if torch.rand(1, generator=generator).item() < 0.5:  # mirrored: x offsets mirrored
            x, h, m = x.flip(-1), h.flip(-1), m.flip(-1)
            r = r.flip(-1)
            r[:, 0] = torch.where(m > 0, 1.0 - r[:, 0], r[:, 0])
        return descend(optimiser, finder_loss(network(normalised(x)), h, r, m), schedule)
    for epoch in epochs_left:
        order = torch.randperm(len(scenes), generator=generator)
        losses.append(round(epoch_loss(order, batch, step, schedule.step), 6))
        log(f"car finder, epoch {epoch + 1}/{epochs}: loss {losses[-1]:.4f} "
            f"({time.monotonic() - began:.0f} s)")
    return losses
