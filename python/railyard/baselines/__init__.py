"""Baseline models trained on railyard's pictures, with V-LoL's protocol (issue #44).

    from railyard.baselines import Protocol, load_images, train, predict, write_predictions
    train_set = load_images("output/Trains_theoryx_...", split="train_1000", size=(192, 108))
    network = train("resnet18", train_set, Protocol())          # 25 epochs, Adam, batch 50
    rows = predict(network, load_images(folder, split="test", size=(192, 108)))
    write_predictions(rows, "predictions.jsonl")                 # what `railyard score` reads

or the whole run from the shell, scored as it goes:

    python3 -m railyard.baselines --model resnet18 --train DATASET --train-split train_1000 \\
        --test DATASET:test --test LONG_TRAINS:all --pairs PAIRS_FOLDER -o runs/resnet18_1000

Models are trained from scratch (nothing can be downloaded); `weights=` / `--weights PATH`
starts from a local state dict (ImageNet's for ResNet18), and the results say which was used.
"""
from .data import ImageSet, load_images, pairs_sides
from .models import MODELS, make_model
from .protocol import Protocol
from .training import predict, train, write_predictions

__all__ = ["ImageSet", "MODELS", "Protocol", "load_images", "make_model", "pairs_sides",
           "predict", "train", "write_predictions"]
