"""Bad input is a Python exception naming the key, file or line; nothing crashes the
interpreter."""
import numpy as np
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


def test_negative_indices_out_of_range_are_named_as_given():
    g = railyard.Generator(count=5, width=64, height=36)
    with pytest.raises(IndexError, match=r"index -6 is out of range for 5 samples"):
        g[-6]
    with pytest.raises(IndexError, match=r"index 5 is out of range for 5 samples"):
        g.sample(5, annotations=False)
    with pytest.raises(TypeError, match="integer"):
        g[1.0]
    trains = railyard.sample_trains(count=6, seed=2)
    assert trains[-1]["index"] == 5  # the index counted from the end, not first + (2**64 - 1)
    assert trains[-6] == trains[0]
    with pytest.raises(IndexError, match=r"index -7 is out of range for 6 trains"):
        trains[-7]
    with pytest.raises(IndexError, match=r"index -7 is out of range for 6 trains"):
        trains.description(-7)
    with pytest.raises(IndexError, match=r"index 6 is out of range for 6 trains"):
        trains[6]
    # The native batch says the same to a direct caller.
    with pytest.raises(IndexError, match=r"index -7 is out of range for 6 trains"):
        trains._native.json(-7)
    assert trains._native.json(-1)["index"] == 5


def test_folders_given_as_files_are_named_as_folders(tmp_path):
    with pytest.raises(IsADirectoryError, match="config file .* is a folder"):
        railyard.Generator(tmp_path)
    with pytest.raises(IsADirectoryError, match="config file .* is a folder"):
        railyard.sample_trains(str(tmp_path), count=2)
    with pytest.raises(IsADirectoryError, match="config file .* is a folder"):
        railyard.rule_stats(["theoryx"], config=tmp_path, count=10)
    with pytest.raises(IsADirectoryError, match="description file .* is a folder"):
        railyard.TrainSet.read(tmp_path)
    (tmp_path / "rules.pl").mkdir()
    with pytest.raises(railyard.RuleError, match="rules.pl' is a folder"):
        railyard.Rule(str(tmp_path / "rules.pl"))
    with pytest.raises(railyard.RuleError, match="is a folder"):
        railyard.Rule(str(tmp_path) + "/")


def test_none_and_wrong_types_name_what_is_expected():
    rule = railyard.Rule("theoryx")
    trains = railyard.sample_trains(count=2)
    with pytest.raises(TypeError, match=r"Rule.label: trains must be a railyard.TrainSet.*None"):
        rule.label(None)
    with pytest.raises(TypeError, match=r"Rule.label: trains must be a railyard.TrainSet.*list"):
        rule.label(trains.descriptions())
    with pytest.raises(TypeError, match=r"Rule.intervene: trains must be a railyard.TrainSet"):
        rule.intervene(None, "swap_loads(1,2)")
    with pytest.raises(TypeError, match=r"Rule.intervene: operations must be a string"):
        rule.intervene(trains, None)
    with pytest.raises(TypeError, match=r"Rule.counterfactuals: trains must be"):
        rule.counterfactuals(None)
    with pytest.raises(TypeError, match=r"Rule.counterfactuals: mode must be a string"):
        rule.counterfactuals(trains, None)
    with pytest.raises(ValueError, match="got neither"):
        railyard.Rule()
    with pytest.raises(TypeError, match="text= must be a string"):
        railyard.Rule(text=b"eastbound(_).")
    with pytest.raises(TypeError, match="rule must be a path, got int"):
        railyard.Rule(3)
    with pytest.raises(TypeError, match="rule_stats: a rule in rules is None"):
        railyard.rule_stats([None], count=10)
    with pytest.raises(TypeError, match="description file must be a path, got NoneType"):
        railyard.TrainSet.read(None)
    with pytest.raises(TypeError, match="lines must be a string or a list"):
        railyard.TrainSet.from_descriptions(None)
    with pytest.raises(TypeError, match="line 2 is a NoneType"):
        railyard.TrainSet.from_descriptions([trains.description(0), None])
    with pytest.raises(TypeError, match="config file must be a path, got int"):
        railyard.Generator(7)


def test_rule_text_errors_name_the_rule_text_not_a_file():
    looping = railyard.Rule(text="eastbound(T) :- eastbound(T).\n")
    assert looping.name == "rule_text"
    with pytest.raises(railyard.RuleError) as runaway:
        looping.label(railyard.sample_trains(count=2))
    message = str(runaway.value)
    assert message.startswith("<rule text>: "), message
    assert "limit" in message and ".pl" not in message and "/tmp" not in message, message
    growing = railyard.Rule(text="grow(L) :- grow([x|L]).\neastbound(_) :- grow([]).\n")
    with pytest.raises(railyard.RuleError, match=r"^<rule text>: .*limit") as runaway:
        growing.label(railyard.sample_trains(count=1))
    assert ".pl" not in str(runaway.value)
    with pytest.raises(railyard.RuleError, match=r"<rule text>.*eastbound/1"):
        railyard.Rule(text="westbound(_).\n")
    with pytest.raises(railyard.RuleError, match=r"^<rule text>:1:"):
        railyard.Rule(text="eastbound(T) :- .\n")
    # A shipped rule's text labels as its file does.
    trains = railyard.sample_trains(count=200, seed=4, balanced=False)
    with open(railyard.Rule("numerical")._native.path, encoding="utf-8") as file:
        text = file.read()
    assert np.array_equal(railyard.Rule(text=text, threads=2).label(trains).labels,
                          railyard.Rule("numerical").label(trains).labels)
