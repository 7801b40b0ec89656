"""Training a classifier with a protocol, and its predictions in the format `railyard score`
reads (JSON Lines: index, label, probability of east; a pairs folder's lines add `variant`)."""
import json
import os

import torch

from .checkpoints import NO_CHECKPOINTS

# ImageNet's channel statistics: what torchvision's weights expect, harmless from scratch.
MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)


def _inputs(images):
    return (images.float() / 255.0 - MEAN) / STD


def use_threads(threads=0):
    """Torch's threads for this process: `threads`, or with 0 one per core the process may run
    on (Debian's torch starts with one: a ResNet18 step at 192x108 ran 2.3x faster on two cores
    than on the one it took). Returns the number used; the same weights need the same number."""
    if threads < 0:
        raise ValueError(f"--threads must be 0 (every core) or more, not {threads}")
    torch.set_num_threads(threads or len(os.sched_getaffinity(0)))
    return torch.get_num_threads()


def stratified_folds(labels, k, seed):
    """k lists of positions, each class spread evenly over them in a seeded order."""
    generator = torch.Generator().manual_seed(seed)
    folds = [[] for _ in range(k)]
    for value in sorted(set(labels.tolist())):
        positions = (labels == value).nonzero().flatten()
        positions = positions[torch.randperm(len(positions), generator=generator)]
        for j, position in enumerate(positions.tolist()):
            folds[j % k].append(position)
    return [sorted(fold) for fold in folds]


def stratified_choice(labels, count, seed):
    """`count` positions with the labels' shares (the rounding to the larger class), in a seeded
    order, ascending: a training subset like a dataset's train_<n> split."""
    if not 0 < count <= len(labels):
        raise ValueError(f"cannot choose {count} of {len(labels)} images")
    generator = torch.Generator().manual_seed(seed)
    chosen, left = [], count
    values = sorted(set(labels.tolist()), key=lambda v: -(labels == v).sum().item())
    for j, value in enumerate(values):
        positions = (labels == value).nonzero().flatten()
        take = left if j == len(values) - 1 else \
            min(left, round(count * len(positions) / len(labels)))
        chosen += positions[torch.randperm(len(positions), generator=generator)[:take]].tolist()
        left -= take
    return sorted(chosen)


def train(network, data, protocol, log=print, checkpoints=NO_CHECKPOINTS, name="classifier"):
    """Trains `network` on `data` (an ImageSet) with `protocol`; returns the mean training loss
    of each epoch. The batches' order is the protocol's seed's, epoch by epoch. With
    `checkpoints` (checkpoints.py), the state after each epoch is saved as loop `name` and a
    resumed run goes on from it."""
    protocol.check()
    torch.manual_seed(protocol.seed)
    kind = torch.optim.AdamW if protocol.optimizer == "adamw" else torch.optim.Adam
    optimiser = kind(network.parameters(), lr=protocol.learning_rate,
                     weight_decay=protocol.weight_decay)
    if protocol.schedule == "onecycle":  # stepped per batch (the batches a loop below runs)
        steps = sum(1 for first in range(0, len(data), protocol.batch)
                    if first == 0 or len(data) - first >= 2)
        per_batch = torch.optim.lr_scheduler.OneCycleLR(
            optimiser, max_lr=protocol.learning_rate, total_steps=max(1, steps * protocol.epochs))
        schedule = None
    else:
        per_batch = None
        schedule = torch.optim.lr_scheduler.StepLR(optimiser, step_size=protocol.step_epochs,
                                                   gamma=protocol.step_factor)
    epochs, losses = checkpoints.epochs(name, protocol.epochs, network, optimiser,
                                        per_batch if per_batch is not None else schedule)

    def step(batch):
        loss = torch.nn.functional.cross_entropy(network(_inputs(data.images[batch])),
                                                 data.labels[batch])
        return descend(optimiser, loss, per_batch)
    for epoch in epochs:
        order = torch.randperm(len(data), generator=torch.Generator().manual_seed(
            protocol.seed * 1_000_003 + epoch))
        losses.append(epoch_loss(order, protocol.batch, step))
        if schedule is not None:
            schedule.step()
        log(f"epoch {epoch + 1}/{protocol.epochs}: loss {losses[-1]:.4f}")
    return losses


def descend(optimiser, loss, schedule=None):
    """One optimiser step down `loss` (and the per-batch `schedule`'s, if any); the loss."""
    optimiser.zero_grad()
    loss.backward()
    optimiser.step()
    if schedule is not None:
        schedule.step()
    return loss


def epoch_loss(order, batch, step, skipped=None):
    """One epoch: `step(positions)` (a training step; its loss) on each batch of `order` in
    turn; the mean loss per sample. A last batch of one is left out (batch norm needs two
    samples), `skipped()` called instead."""
    total, seen = 0.0, 0
    for first in range(0, len(order), batch):
        chosen = order[first:first + batch]
        if len(chosen) < 2 and first:
            if skipped is not None:
                skipped()
            continue
        total += step(chosen).item() * len(chosen)
        seen += len(chosen)
    return total / max(seen, 1)


def predict(network, data, batch=100):
    """[{"index", "label", "probability"}] for every image of `data`, in its order."""
    network.eval()
    rows = []
    with torch.no_grad():
        for first in range(0, len(data), batch):
            east = torch.softmax(network(_inputs(data.images[first:first + batch])), 1)[:, 1]
            for index, probability in zip(data.indices[first:first + batch].tolist(),
                                          east.tolist()):
                rows.append({"index": index, "label": "east" if probability >= 0.5 else "west",
                             "probability": round(probability, 6)})
    return rows


def write_predictions(rows, path):
    """Writes the rows as JSON Lines; the file appears whole or not at all."""
    temporary = path + ".partial"
    with open(temporary, "w", encoding="utf-8") as file:
        for row in rows:
            file.write(json.dumps(row) + "\n")
    os.replace(temporary, path)
