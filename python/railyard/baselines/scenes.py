"""The neuro-symbolic baseline's data: the pictures of a split as rendered, their ids and
labels, and (for training, and for scoring the perception after the prediction) their records'
boxes and cars in the decoding vocabulary."""
import torch

from .. import reader
from .data import _Resized
from .decoding import ATTRIBUTES, VOCABULARY
from .training import stratified_choice


class Scenes:
    """The samples of one split: images (N x 3 x H x W uint8, as rendered), indices, labels (the
    published ones, 1 east), and the records (read with the images; a test set's records are
    used only after its prediction, to score the perception)."""

    def __init__(self, images, indices, labels, records, folder, split):
        self.images, self.indices, self.labels = images, indices, labels
        self.records, self.folder, self.split = records, folder, split

    def __len__(self):
        return len(self.indices)


def read_scenes(folder, split="all", count=None, seed=0):
    """The samples of `split` ("all": every sample) of the dataset at `folder`; with `count`,
    that many chosen stratified by label with `seed`, as the CNN baselines' --train-count
    chooses them (the same images)."""
    dataset = reader.DatasetOnDisk(folder, None if split == "all" else split, depth=False,
                                   masks=False)
    if not len(dataset):
        raise ValueError(f"{folder}: the split '{split}' has no samples")
    positions = list(range(len(dataset)))
    if count:
        labels = torch.tensor([int(dataset.record(i)["published_label"] == "east")
                               for i in dataset.indices])
        positions = stratified_choice(labels, count, seed)
    images, indices, labels, records = [], [], [], []
    for k in positions:
        sample = dataset[k]
        images.append(torch.from_numpy(sample["image"]).permute(2, 0, 1))
        indices.append(sample["index"])
        labels.append(int(sample["published_label"] == "east"))
        records.append(sample["record"])
    shapes = {tuple(image.shape) for image in images}
    if len(shapes) != 1:
        raise ValueError(f"{folder}: its images are not all of one size ({sorted(shapes)})")
    return Scenes(torch.stack(images), torch.tensor(indices), torch.tensor(labels), records,
                  folder, split)


def record_boxes(record):
    """(locomotive box, [car boxes in position order]) of a record, x1 y1 x2 y2 (amodal)."""
    def corners(box):
        x, y, w, h = box
        return [float(x), float(y), float(x + w), float(y + h)]
    (engine,) = [p["full_box"] for p in record["parts"] if p["kind"] == "locomotive"]
    cars = sorted(record["cars"], key=lambda car: car["car"])
    return corners(engine), [corners(car["full_box"]) for car in cars]


def record_cars(record):
    """The record's cars as {attribute: value} in position order (the vocabularies checked)."""
    cars = []
    for car in sorted(record["train"]["cars"], key=lambda car: car["position"]):
        values = {name: car[name] for name in ATTRIBUTES}
        if values["load_count"] == 0:
            values["load_shape"] = "none"
        for name, value in values.items():
            if value not in VOCABULARY[name]:
                raise ValueError(f"record {record['index']}: car {car['position']}: {name} "
                                 f"{value!r} is not in the vocabulary {VOCABULARY[name]}")
        cars.append(values)
    return cars


def car_items(scenes):
    """(owners, boxes K x 4, targets {attribute: K}) of every car of the scenes' records."""
    owners, boxes, targets = [], [], {name: [] for name in ATTRIBUTES}
    for position, record in enumerate(scenes.records):
        _, car_boxes = record_boxes(record)
        cars = record_cars(record)
        if len(cars) != len(car_boxes):
            raise ValueError(f"record {record['index']}: {len(cars)} cars in the train but "
                             f"{len(car_boxes)} car boxes")
        for box, car in zip(car_boxes, cars):
            owners.append(position)
            boxes.append(box)
            for name in ATTRIBUTES:
                targets[name].append(VOCABULARY[name].index(car[name]))
    return (torch.tensor(owners), torch.tensor(boxes).reshape(-1, 4),
            {name: torch.tensor(values) for name, values in targets.items()})


def small_pictures(images, size):
    """uint8 pictures resized to `size` (width, height) as the CNN baselines resize them."""
    resize = _Resized(size)
    return torch.stack([resize(image.float() / 255.0) for image in images])


def normalised(images):
    """uint8 (or 0..255 float) pictures to roughly zero-mean inputs."""
    return images.float() / 127.5 - 1.0
