"""railyard.Generator gives sample i exactly as `railyard generate` writes it."""
import glob
import json
import os

import numpy as np
import pytest

import railyard
from railyard import _native
from conftest import SMALL


@pytest.fixture(scope="module")
def generator(small_dataset):
    _, output = small_dataset
    return railyard.Generator(output=str(output), **SMALL)


def test_length_is_the_config_count(generator):
    assert len(generator) == SMALL["count"]


def test_samples_equal_generated_files(small_dataset, generator):
    root, output = small_dataset
    (descriptions,) = glob.glob(os.path.join(output, "dataset_descriptions", "theoryx", "*.txt"))
    with open(descriptions, encoding="utf-8") as file:
        lines = [line.rstrip("\n") for line in file if line.strip()]
    for i in range(SMALL["count"]):
        sample = generator[i]
        with open(os.path.join(root, "records", f"{i}.json"), encoding="utf-8") as file:
            record = json.load(file)
        # Samples made in memory have no files, so no checks of them.
        del record["file_checks"]
        assert sample["record"] == record
        image = _native.read_image(os.path.join(root, "images", f"{i}_m_train.png"))
        assert sample["image"].dtype == np.uint8 and sample["image"].shape == (90, 160, 3)
        assert np.array_equal(sample["image"], image)
        depth = _native.read_depth_exr(os.path.join(root, "depths", f"{i}_m_train.exr"))
        assert sample["depth"].dtype == np.float32
        assert np.array_equal(sample["depth"], depth)
        assert sample["description"] == lines[i]
        assert sample["true_label"] == record["label"]
        assert sample["published_label"] == record["published_label"]
        assert sample["train"]["cars"] and sample["train"]["label"] == record["label"]


def test_parts_masks_boxes_and_camera_agree(generator):
    sample = generator[1]
    parts, masks = sample["parts"], sample["masks"]
    assert masks.shape == (len(parts), 90, 160)
    for k, part in enumerate(parts):
        assert part["id"] == k + 1
        assert masks[k].sum() == part["area"]
        # The visible mask is the part's pixels in the part id pass.
        assert np.array_equal(masks[k].astype(bool), sample["part_ids"] == part["id"])
        if part["area"]:
            ys, xs = np.nonzero(masks[k])
            assert list(sample["boxes"][k]) == [xs.min(), ys.min(), xs.max() - xs.min() + 1,
                                                ys.max() - ys.min() + 1]
    assert {part["kind"] for part in parts} >= {"locomotive", "body", "wheels"}
    assert sample["intrinsics"].shape == (3, 3) and sample["extrinsics"].shape == (4, 4)
    assert sample["intrinsics"][0, 2] == pytest.approx(80.0)


def test_world_centre_projects_into_its_box(generator):
    sample = generator[2]
    k, m = sample["intrinsics"], sample["extrinsics"]
    inside = 0
    for part, box in zip(sample["parts"], sample["full_boxes"]):
        if part["kind"] != "body" or part["area"] == 0:
            continue
        camera = m @ np.append(part["centre"], 1.0)
        u, v, w = k @ camera[:3]
        x, y = u / w, v / w
        inside += box[0] <= x <= box[0] + box[2] and box[1] <= y <= box[1] + box[3]
    assert inside >= 1


def test_deterministic_and_negative_indices(small_dataset):
    _, output = small_dataset
    a = railyard.Generator(output=str(output), **SMALL)
    b = railyard.Generator(output=str(output), **SMALL)
    assert np.array_equal(a[3]["image"], b[-1]["image"])
    assert a.sample(3, annotations=False)["description"] == b[3]["description"]
    with pytest.raises(IndexError):
        a[SMALL["count"]]
    with pytest.raises(TypeError):
        a["0"]


def test_config_file_and_section_overrides(tmp_path):
    config = tmp_path / "small.yaml"
    config.write_text("count: 2\nwidth: 96\nheight: 54\nrule: numerical\n")
    g = railyard.Generator(config, outputs={"depth_exr": False}, seed=3)
    assert "rule: numerical" in g.effective_config
    assert "depth_exr: false" in g.effective_config
    sample = g[0]
    assert sample["image"].shape == (54, 96, 3)
    assert sample["record"]["files"]["depth_exr"] == ""
    assert railyard.Generator(config, outputs__depth_exr=False).effective_config == \
        railyard.Generator(config, outputs={"depth_exr": False}).effective_config
