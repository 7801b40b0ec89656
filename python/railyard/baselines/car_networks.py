"""The neuro-symbolic baseline's two small CNNs, trained from scratch: the car finder (heat maps
of car and locomotive centres, with box sizes) and the car reader (a car crop to one set of logits
per attribute); and the one-cycle learning-rate schedule both train with."""
import torch
import torch.nn.functional as F

from .decoding import VOCABULARY


def _conv(inputs, outputs, stride=1, kernel=3):
    return [torch.nn.Conv2d(inputs, outputs, kernel, stride, kernel // 2, bias=False),
            torch.nn.BatchNorm2d(outputs), torch.nn.ReLU(inplace=True)]


def one_cycle(optimiser, learning_rate, steps, warm_up=0.2):
    """torch's one-cycle schedule (a warm-up over `warm_up` of the steps to `learning_rate`, then
    cosine annealing) over `steps` optimiser steps (at least 1). OneCycleLR ends its warm-up at
    step warm_up * steps - 1 and divides by that: where it is 0 (5 steps at 0.2, as in a very
    short training) the warm-up is made half a step longer; other lengths are unchanged."""
    steps = max(steps, 1)
    if float(warm_up * steps) - 1 == 0:
        warm_up = 1.5 / steps
    return torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=learning_rate,
                                               total_steps=steps, pct_start=warm_up)


class CarFinder(torch.nn.Module):
    """Heat maps of car and locomotive centres at 1/4 of the input, with box size and offset:
    channels 0 car, 1 locomotive (logits), 2-3 sub-cell offset x y, 4-5 log box width, height
    in cells. Features of 1/4, 1/8 and 1/16 fused at 1/4: a receptive field over a whole car."""

    def __init__(self):
        super().__init__()
        self.quarter = torch.nn.Sequential(*_conv(3, 16, 2), *_conv(16, 32, 2), *_conv(32, 32))
        self.eighth = torch.nn.Sequential(*_conv(32, 64, 2), *_conv(64, 64))
        self.sixteenth = torch.nn.Sequential(*_conv(64, 96, 2), *_conv(96, 96))
        self.fuse = torch.nn.Sequential(*_conv(32 + 64 + 96, 48, kernel=1), *_conv(48, 48))
        self.head = torch.nn.Conv2d(48, 6, 1)
        with torch.no_grad():
            self.head.bias.zero_()
            self.head.bias[:2] = -2.19  # a prior of 0.1 on the heat maps (CenterNet's)

    def forward(self, x):
        quarter = self.quarter(x)
        eighth = self.eighth(quarter)
        sixteenth = self.sixteenth(eighth)
        size = quarter.shape[-2:]
        fused = torch.cat([quarter, F.interpolate(eighth, size=size, mode="bilinear"),
                           F.interpolate(sixteenth, size=size, mode="bilinear")], 1)
        return self.head(self.fuse(fused))


class CarReader(torch.nn.Module):
    """A car crop to one set of logits per attribute (VOCABULARY's order)."""

    def __init__(self, crop=64):
        super().__init__()
        self.features = torch.nn.Sequential(
            *_conv(3, 24, 2), *_conv(24, 48), torch.nn.MaxPool2d(2),
            *_conv(48, 96), torch.nn.MaxPool2d(2), *_conv(96, 128), torch.nn.MaxPool2d(2),
            torch.nn.AdaptiveAvgPool2d(4), torch.nn.Flatten(),
            torch.nn.Linear(128 * 16, 256), torch.nn.ReLU(inplace=True), torch.nn.Dropout(0.2))
        self.heads = torch.nn.ModuleDict({name: torch.nn.Linear(256, len(values))
                                         for name, values in VOCABULARY.items()})
        self.crop = crop

    def forward(self, x):
        features = self.features(x)
        return {name: head(features) for name, head in self.heads.items()}
