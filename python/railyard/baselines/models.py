"""The image classifiers, by name: a small CNN that trains on CPUs in minutes, and torchvision's
ResNet18 (V-LoL's first baseline), both with two outputs (west, east)."""
import hashlib

import torch


def small_cnn():
    """Five strided convolution blocks, batch-normalised, then global pooling: about 0.4 M
    parameters, sized for 2 CPU cores at 192x108."""
    layers, channels = [], 3
    for width in (32, 64, 96, 128, 160):
        layers += [torch.nn.Conv2d(channels, width, 3, stride=2, padding=1, bias=False),
                   torch.nn.BatchNorm2d(width), torch.nn.ReLU(inplace=True)]
        channels = width
    return torch.nn.Sequential(*layers, torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                               torch.nn.Dropout(0.2), torch.nn.Linear(channels, 2))


def resnet18():
    try:
        import torchvision
    except ImportError as error:  # Debian: apt-get install python3-torchvision
        raise RuntimeError("the resnet18 baseline needs torchvision (python3-torchvision)") \
            from error
    return torchvision.models.resnet18(weights=None, num_classes=1000)


MODELS = {"cnn": small_cnn, "resnet18": resnet18}


def _two_classes(network):
    """ResNet's 1000-way head replaced by a 2-way one (after any ImageNet weights are loaded)."""
    if hasattr(network, "fc") and network.fc.out_features != 2:
        network.fc = torch.nn.Linear(network.fc.in_features, 2)
    return network


def make_model(name, weights=None):
    """(network, what it started from): `weights` a local state dict file (ImageNet's for
    resnet18, or a railyard baseline's own), else from scratch."""
    if name not in MODELS:
        raise ValueError(f"unknown model '{name}' (one of {', '.join(sorted(MODELS))})")
    network = MODELS[name]()
    if weights is None:
        return _two_classes(network), {"weights": "none: trained from scratch"}
    with open(weights, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()
    state = torch.load(weights, map_location="cpu")
    if isinstance(state, dict) and "state_dict" in state:
        state = state["state_dict"]
    head = {key for key in state if key.startswith("fc.")}
    if head and state[next(iter(head))].shape[0] == 2:   # a railyard baseline's own weights
        network = _two_classes(network)
        network.load_state_dict(state)
    else:
        network.load_state_dict(state)
        network = _two_classes(network)
    return network, {"weights": str(weights), "weights_sha256": digest}
