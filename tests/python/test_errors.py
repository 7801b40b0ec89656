"""Bad input is a Python exception naming the key, file or line; nothing crashes the
interpreter."""
import pytest

import railyard
from railyard import _native


def test_config_errors_name_the_key():
    with pytest.raises(KeyError, match="colour_count"):
        railyard.Generator(colour_count=3)
    with pytest.raises(railyard.ConfigError, match="width"):
        railyard.Generator(width=-5)
    with pytest.raises(ValueError, match="min_cars"):
        railyard.Generator(min_cars=5, max_cars=2)
    with pytest.raises(TypeError):
        railyard.Generator(count=object())


def test_config_file_errors_name_file_and_line(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing.yaml"):
        railyard.Generator(tmp_path / "missing.yaml")
    config = tmp_path / "bad.yaml"
    config.write_text("count: 2\nroof_colour: red\n")
    with pytest.raises(railyard.ConfigError, match=r"bad.yaml:2.*roof_colour"):
        railyard.Generator(config)
    config.write_text("count: [1, \n")
    with pytest.raises(railyard.ConfigError, match="bad.yaml"):
        railyard.Generator(config)


def test_rule_and_scene_errors():
    with pytest.raises(railyard.RuleError, match="no_such_rule"):
        railyard.Generator(rule="no_such_rule")
    with pytest.raises(railyard.SceneError, match="moon_scene"):
        railyard.Generator(scene="moon_scene")
    with pytest.raises(railyard.RuleError, match=r"<rule text>:2"):
        railyard.Rule(text="eastbound(T) :-\n  has_car(T, C),, .\n")
    with pytest.raises(ValueError):
        railyard.Rule("theoryx", text="eastbound(_).")
    looping = railyard.Rule(text="eastbound(T) :- eastbound(T).\n")
    with pytest.raises(railyard.RuleError):
        looping.label(railyard.sample_trains(count=2))


def test_batches_that_cannot_fit_are_refused():
    with pytest.raises(railyard.ConfigError, match="count"):
        railyard.sample_trains(count=1_000_000_000)


def test_symbolic_errors_name_the_line_or_column():
    rule = railyard.Rule("theoryx")
    trains = railyard.sample_trains(count=2)
    with pytest.raises(railyard.InterventionError, match="column"):
        rule.intervene(trains, "set(2, roof=nne)")
    with pytest.raises(ValueError, match="mode"):
        rule.counterfactuals(trains, "swap")
    with pytest.raises(railyard.InterventionError):
        rule.counterfactuals(trains, "flip", max_edits=9)
    good = trains.description(0)
    with pytest.raises(railyard.DescriptionError, match="line 2"):
        railyard.TrainSet.from_descriptions([good, "east 30 not a train"])
    with pytest.raises(railyard.UnreachableClassError):
        railyard.sample_trains(count=2, rule=None or "theoryx", max_attempts=1,
                               constraints={"roof": ["none"]}, min_cars=1, max_cars=1)


def test_file_errors_are_os_errors(tmp_path):
    with pytest.raises(OSError, match="nothing.png"):
        _native.read_image(str(tmp_path / "nothing.png"))
    (tmp_path / "fake.exr").write_bytes(b"not an exr")
    with pytest.raises(OSError, match="fake.exr"):
        _native.read_depth_exr(str(tmp_path / "fake.exr"))
    with pytest.raises(FileNotFoundError):
        railyard.TrainSet.read(tmp_path / "none.txt")


def test_masks_refuse_bad_runs_and_sizes():
    with pytest.raises(ValueError):
        _native.decode_rle("\x01\x02", 4, 4)
    with pytest.raises(ValueError, match="size"):
        _native.decode_rle("0", 1 << 20, 1 << 20)
    with pytest.raises(ValueError, match="size"):
        _native.decode_rle("0", -1, 4)
