"""The neuro-symbolic baseline's perception scored against the records, after the prediction:
how well the pictures were read (cars counted, each attribute, whole trains), the reader alone on
the records' own boxes (a diagnostic), and the trains read beside the true ones."""
from .decoding import ATTRIBUTES, VOCABULARY, description, most_probable_cars
from .scenes import car_items, record_cars


def perception(perceived, scenes):
    """How well the pictures were read: the number of cars, each attribute over the true cars
    (a true car the finder missed counts as wrong), and whole trains read exactly."""
    by_index = {row["index"]: row for row in perceived}
    right = {name: 0 for name in ATTRIBUTES}
    cars = count_right = exact = 0
    for k, record in enumerate(scenes.records):
        truth = record_cars(record)
        predicted = by_index[int(scenes.indices[k])]["cars"]
        count_right += len(truth) == len(predicted)
        exact += truth == predicted
        for position, car in enumerate(truth):
            cars += 1
            if position < len(predicted):
                for name in ATTRIBUTES:
                    right[name] += car[name] == predicted[position][name]
    trains = len(scenes.records)
    return {"trains": trains, "cars": cars,
            "car_count": round(count_right / trains, 4),
            "attributes": {name: round(value / max(cars, 1), 4) for name, value in right.items()},
            "train_exact": round(exact / trains, 4)}


def perception_on_true_boxes(model, scenes):
    """Diagnostic only (never a prediction): the reader's accuracy per attribute on crops cut
    with the records' own car boxes, which separates reading errors from finding errors."""
    owners, boxes, targets = car_items(scenes)
    probabilities = model.read_cars(scenes.images, owners, boxes)
    best = most_probable_cars(probabilities)
    return {"cars": len(best),
            "attributes": {name: round(sum(car[name] == VOCABULARY[name][int(t)] for car, t in
                                           zip(best, targets[name])) / max(len(best), 1), 4)
                           for name in ATTRIBUTES}}


def symbol_rows(perceived, rows, scenes):
    """Per picture: the train read (its description line, labelled by the rule), the true one
    (from its record, read after the prediction), and the boxes found."""
    truth = {int(i): record for i, record in zip(scenes.indices, scenes.records)}
    out = []
    for p, row in zip(perceived, rows):
        record = truth[p["index"]]
        out.append({"index": p["index"], "predicted": description(p["cars"], row["label"]),
                    "true": description(record_cars(record), record["label"],
                                        record["train"]["angle"]),
                    "boxes": p["boxes"]})
    return out


def say_perception(name, entry):
    figures = entry["perception"]
    attributes = " ".join(f"{k} {v:.3f}" for k, v in figures["attributes"].items())
    print(f"{name}: perception: cars counted {figures['car_count']:.3f}, {attributes}, whole "
          f"trains {figures['train_exact']:.3f} ({figures['trains']} trains, "
          f"{figures['cars']} cars)")
    if "perception_on_true_boxes" in entry:
        diagnostic = entry["perception_on_true_boxes"]["attributes"]
        print(f"{name}: reader on the records' boxes (diagnostic): " +
              " ".join(f"{k} {v:.3f}" for k, v in diagnostic.items()))
