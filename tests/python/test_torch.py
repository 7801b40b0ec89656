"""railyard.torch: on-the-fly samples through DataLoader workers, targets and collate, and a few
training steps of a tiny CNN to prove the tensors flow (no accuracy claim).

Order matters: the tests that render in this (parent) process come last, as forked workers
cannot render after their parent did."""
import numpy as np
import pytest
import torch
from torch.utils.data import DataLoader

import railyard
from railyard.torch import OnTheFly, collate

SMALL = {"count": 8, "width": 96, "height": 54, "seed": 11}


def test_detection_targets_collate_with_workers():
    dataset = OnTheFly(target="detection", **SMALL)
    loader = DataLoader(dataset, batch_size=3, num_workers=2, collate_fn=collate)
    seen = 0
    for images, targets in loader:
        assert images.dim() == 4 and len(targets) == images.shape[0]
        for target in targets:
            n = target["boxes"].shape[0]
            assert n > 0 and target["labels"].shape == (n,)
            assert target["masks"].shape == (n, 54, 96)
            assert bool((target["boxes"][:, 2:] > target["boxes"][:, :2]).all())
            assert set(target["labels"].tolist()) <= set(range(1, 8))
            seen += 1
    assert seen == 8


def test_tiny_cnn_trains_on_64_samples():
    torch.manual_seed(0)
    dataset = OnTheFly(count=64, width=64, height=36, seed=2)
    loader = DataLoader(dataset, batch_size=16, num_workers=2, shuffle=True)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, stride=2), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1),
        torch.nn.Flatten(), torch.nn.Linear(8, 2))
    before = [p.detach().clone() for p in model.parameters()]
    optimiser = torch.optim.SGD(model.parameters(), lr=0.1)
    steps = 0
    for images, labels in loader:
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        assert np.isfinite(loss.item())
        steps += 1
    assert steps == 4
    assert any(not torch.equal(a, b) for a, b in zip(before, model.parameters()))


def test_two_workers_give_the_generators_samples():
    dataset = OnTheFly(**SMALL)
    loader = DataLoader(dataset, batch_size=4, num_workers=2)
    images, labels = zip(*loader)
    images, labels = torch.cat(images), torch.cat(labels)
    g = railyard.Generator(**SMALL)
    assert images.shape == (8, 3, 54, 96) and images.dtype == torch.float32
    for i in range(8):
        sample = g.sample(i, annotations=False)
        assert labels[i].item() == (sample["published_label"] == "east")
        expected = torch.from_numpy(sample["image"]).permute(2, 0, 1).float() / 255
        assert torch.equal(images[i], expected)
    # Balanced: even indices west, odd east.
    assert labels.tolist() == [0, 1] * 4


def test_sample_target_keeps_everything():
    item = OnTheFly(target="sample", **SMALL)[1]
    assert item["image"].shape == (3, 54, 96)
    assert item["depth"].shape == (54, 96) and item["masks"].dim() == 3
    batch = collate([item, OnTheFly(target="sample", **SMALL)[2]])
    assert batch["image"].shape == (2, 3, 54, 96) and len(batch["parts"]) == 2


def test_parent_that_rendered_needs_forkserver_workers():
    dataset = OnTheFly(**SMALL)
    first = dataset[0][0]  # the parent's renderer exists before the workers start
    # Forked workers cannot start a renderer then (Mesa's state does not survive fork): refused.
    with pytest.raises(Exception, match="forkserver"):
        list(DataLoader(dataset, batch_size=2, num_workers=2))
    loader = DataLoader(dataset, batch_size=2, num_workers=2, multiprocessing_context="forkserver")
    assert torch.equal(next(iter(loader))[0][0], first)
