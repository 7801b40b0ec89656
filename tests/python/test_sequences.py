"""Temporal sequences from Python (issue #26): railyard.Formula and Automaton against the
definition, read_sequences on a dataset `railyard generate` wrote, SequenceGenerator's sequences
equal to that dataset's files, and railyard.torch's SequenceDataset.

Order matters: the DataLoader test with workers spawns them (the generator tests render in this
process first, and forked workers cannot render after their parent did)."""
import glob
import json
import os
import pickle
import random
import subprocess

import numpy as np
import pytest

import railyard
from railyard import _native
from conftest import railyard_command

CONFIG = """count: 8
width: 96
height: 54
sequence:
  formula: "G(east -> X roofed)"
  min_length: 3
  max_length: 5
  predicates:
    roofed: {text: "roofed(T) :- has_car(T, C), closed(C)."}
"""

FORMULAS = ["G(east -> X roofed)", "a U b", "a R b", "F(a & last)", "G(a <-> X X b)",
            "X a | WX !b", "(a -> F b) U c", "!(a <-> b <-> c)", "G F a", "F G !b",
            "a & X(b U (c & last))", "true", "false", "last"]


def run_generate(config, output, *sets):
    command = [railyard_command(), "generate", "-q", str(config), "--set", f"output={output}"]
    for assignment in sets:
        command += ["--set", assignment]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    (root,) = [path for path in glob.glob(os.path.join(output, "*"))
               if os.path.isfile(os.path.join(path, "manifest.json"))]
    return root


@pytest.fixture(scope="module")
def config_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("config") / "sequences.yaml"
    path.write_text(CONFIG)
    return path


@pytest.fixture(scope="module")
def dataset(config_file, tmp_path_factory):
    """(folder, output folder) of the config's sequence dataset, written by `railyard generate`."""
    output = tmp_path_factory.mktemp("sequences")
    return run_generate(config_file, output), output


@pytest.fixture(scope="module")
def generator(config_file, dataset):
    return railyard.SequenceGenerator(config_file, output=str(dataset[1]))


def random_trace(rng, atoms, length):
    return [{atom for atom in atoms if rng.random() < 0.5} for _ in range(length)]


# Formulas and automata.

def test_formula_text_atoms_and_canonical_text():
    f = railyard.Formula("G( east->X roofed )")
    assert f.text == "G( east->X roofed )"
    assert f.atoms == ["east", "roofed"]
    assert str(f) == "G(east -> X roofed)"
    assert railyard.Formula(str(f)) == f and hash(railyard.Formula(str(f))) == hash(f)
    assert repr(f) == "railyard.Formula('G( east->X roofed )')"
    assert pickle.loads(pickle.dumps(f)) == f


def test_formula_errors_name_the_column():
    with pytest.raises(railyard.FormulaError, match="column 8") as error:
        railyard.Formula("G(a -> )")
    assert isinstance(error.value, railyard.InputError) and isinstance(error.value, ValueError)
    with pytest.raises(railyard.FormulaError, match="column"):
        railyard.Formula("a && b")
    with pytest.raises(TypeError):
        railyard.Formula(None)
    f = railyard.Formula("a U b")
    with pytest.raises(railyard.FormulaError, match="trace step 1: 'c' is not an atom"):
        f.holds([{"a"}, {"c"}])
    with pytest.raises(railyard.FormulaError, match="'x' is not an atom"):
        f.holds("a; x")
    with pytest.raises(railyard.FormulaError, match="atom \"b\""):
        f.automaton(["a", "q"])  # b missing
    with pytest.raises(TypeError):
        f.holds([{"a": "yes"}])


def test_holds_on_hand_traces():
    f = railyard.Formula("G(east -> X roofed)")
    assert f.holds([])
    assert f.holds([{"east"}, {"roofed"}, set()])
    assert not f.holds([{"east"}, set()])
    assert not f.holds([{"east"}])  # strong next: no step after the last
    assert railyard.Formula("WX a").holds([set()])
    assert not railyard.Formula("X a").holds([])
    assert railyard.Formula("G false").holds([]) and not railyard.Formula("F true").holds([])
    # Steps as sets, lists, dicts and strings; whole traces as strings and columns.
    forms = [[{"east"}, {"roofed"}], [["east"], ["roofed"]],
             [{"east": True, "roofed": False}, {"east": np.False_, "roofed": 1}],
             ["east", "roofed"], "east; roofed", {"east": [1, 0], "roofed": np.array([0, 1])}]
    for trace in forms:
        assert f.letters(trace) == [1, 2]
        assert f.holds(trace)


def test_holds_with_many_atoms_and_long_traces():
    # More atoms than a 32-bit letter holds, and a million steps in one pass (issue #40).
    atoms = [f"a{i}" for i in range(40)]
    f = railyard.Formula(" & ".join(f"F {a}" for a in atoms))
    assert f.holds([{a} for a in atoms])
    assert not f.holds([{a} for a in atoms if a != "a35"])
    assert railyard.Formula("G(!F a)").holds([set()] * 1_000_000)
    with pytest.raises(TypeError, match="list of names"):
        railyard.Formula("a").automaton(atoms="ab")


def test_holds_equals_the_automaton_on_random_traces():
    rng = random.Random(26)
    for text in FORMULAS:
        f = railyard.Formula(text)
        own = f.automaton()
        # Another order with an orphan: the same language, states numbered otherwise.
        alphabet = list(reversed(f.atoms)) + ["orphan"]
        other = f.automaton(alphabet)
        assert own.atoms == f.atoms and other.atoms == alphabet
        for _ in range(150):
            trace = random_trace(rng, alphabet, rng.randrange(0, 9))
            plain = [step - {"orphan"} for step in trace]
            expected = f.holds(plain)
            assert own.accepts(plain) == expected, (text, plain)
            assert other.accepts(trace) == expected, (text, trace)
            states = other.run(trace)
            assert len(states) == len(trace) + 1 and states[0] == other.initial
            assert other.accepting(states[-1]) == expected


def test_relevant_steps_and_guards_follow_the_transitions():
    rng = random.Random(7)
    for text in FORMULAS:
        a = railyard.Formula(text).automaton(railyard.Formula(text).atoms + ["orphan"])
        for s in range(a.states):
            # Every step leads to exactly one state.
            seen = []
            for t in range(a.states):
                steps = a.steps(s, t)
                seen += [frozenset(step) for step in steps]
                assert (a.guard(s, t) == "false") == (not steps)
                assert all(a.next(s, step) == t for step in steps)
            assert len(seen) == len(set(seen)) == 2 ** len(a.atoms)
            assert a.is_sink(s) == all(a.next(s, step) == s for step in seen)
            for _ in range(8):
                step = random_trace(rng, a.atoms, 1)[0]
                relevant = a.relevant(s, step)
                assert "orphan" not in relevant
                for atom in a.atoms:
                    flipped = step ^ {atom}
                    assert (a.next(s, flipped) != a.next(s, step)) == (atom in relevant)


def test_automaton_views():
    a = railyard.Formula("G(east -> X roofed)").automaton()
    assert (a.states, a.initial, a.language) == (3, 0, "proper")
    assert a.accepting(0) and not a.accepting(1)
    assert a.run([{"east"}, {"roofed"}]) == [0, 1, 0]
    assert a.relevant(0, {"east"}) == {"east"} and a.relevant(1, set()) == {"roofed"}
    assert a.guard(0, 1) == "east"
    d = a.to_dict()
    assert d["formula"] == "G(east -> X roofed)" and d["atoms"] == ["east", "roofed"]
    assert [s["accepting"] for s in d["states"]] == [a.accepting(s) for s in range(a.states)]
    for transition in d["transitions"]:
        assert transition["guard"] == a.guard(transition["from"], transition["to"])
    assert "states: 3 (proper language)" in str(a)
    assert pickle.loads(pickle.dumps(a)).to_dict() == d
    assert railyard.Formula("a & !a").automaton().language == "empty"
    assert railyard.Formula("a | !a").automaton().language == "universal"
    with pytest.raises(IndexError, match="state 3"):
        a.accepting(3)
    with pytest.raises(IndexError):
        a.next(-1, set())


# Sequence datasets on disk.

def test_reader_reads_every_sequence(dataset):
    root, _ = dataset
    sequences = railyard.read_sequences(root)
    with open(os.path.join(root, "sequences", "sequences.jsonl"), encoding="utf-8") as file:
        lines = [json.loads(line) for line in file]
    with open(os.path.join(root, "sequences", "automaton.json"), encoding="utf-8") as file:
        automaton_file = json.load(file)
    assert len(sequences) == len(lines) == 8
    assert sequences.names == automaton_file["atoms"] == ["roofed", "east"]
    automaton = sequences.automaton
    d = automaton.to_dict()
    assert d == {key: automaton_file[key] for key in d}
    assert list(sequences.labels) == [line["accepted"] for line in lines]
    assert sequences.labels.sum() == 4  # labels balanced
    for k, s in enumerate(sequences):
        line = lines[k]
        assert s.index == k and s.split == line["split"] and s.published == line
        assert 3 <= len(s) <= 5 and s.samples == line["samples"] and s.label == line["accepted"]
        assert s.images.dtype == np.uint8 and s.images.shape == (len(s), 54, 96, 3)
        for t, sample in enumerate(s.samples):
            image = _native.read_image(os.path.join(root, "images", f"{sample}_m_train.png"))
            assert np.array_equal(s.images[t], image)
            assert s.records[t]["sequence"] == s.steps[t]
            assert s.step_labels[t] == s.records[t]["label"] == line["steps"][t]["label"]
        assert s.states == line["states"] and len(s.states) == len(s) + 1
        assert set(s.predicates) == {"east", "roofed"}
        for name, values in s.predicates.items():
            assert values.dtype == bool and values.shape == (len(s),)
            assert list(values) == [step["predicates"][name] for step in line["steps"]]
            assert list(s.relevant[name]) == [name in step["relevant"] for step in line["steps"]]
        # The records agree with the automaton and the formula.
        assert automaton.run(s.trace()) == s.states
        assert sequences.formula.holds(s.trace(sequences.formula.atoms)) == s.label
        for t, step in enumerate(s.trace()):
            assert automaton.relevant(s.states[t], step) == \
                {name for name in s.names if s.relevant[name][t]}


def test_reader_splits(dataset):
    root, _ = dataset
    everything = railyard.read_sequences(root)
    seen = []
    for split in ("train", "val", "test"):
        part = railyard.read_sequences(root, split=split)
        assert all(s.split == split for s in part)
        seen += [s.index for s in part]
        with open(os.path.join(root, "splits", f"{split}.txt"), encoding="utf-8") as file:
            listed = [int(line) for line in file if line.strip()]
        assert [sample for s in part for sample in s.samples] == listed
    assert sorted(seen) == list(range(len(everything)))
    assert everything.splits() == ["test", "train", "val"]
    assert everything[-1].index == 7
    with pytest.raises(IndexError):
        everything[8]
    with pytest.raises(FileNotFoundError, match="train_9"):
        railyard.read_sequences(root, split="train_9")


def test_reader_refuses_what_is_not_a_sequence_dataset(small_dataset, tmp_path):
    plain, _ = small_dataset
    with pytest.raises(ValueError, match="not a sequence dataset") as error:
        railyard.read_sequences(plain)
    assert plain in str(error.value)
    with pytest.raises(FileNotFoundError):
        railyard.read_sequences(tmp_path / "missing")
    with pytest.raises(TypeError):
        railyard.read_sequences(None)


def test_reader_refuses_a_sequences_file_that_disagrees(dataset, tmp_path):
    import shutil
    root, _ = dataset
    copy = str(tmp_path / "copy")
    shutil.copytree(root, copy)
    path = os.path.join(copy, "sequences", "sequences.jsonl")
    with open(path, encoding="utf-8") as file:
        lines = file.readlines()
    with open(path, "w", encoding="utf-8") as file:
        file.writelines(lines[1:])
    with pytest.raises(railyard.DatasetError,
                       match="sequences.jsonl: not the sequence file the manifest lists"):
        railyard.read_sequences(copy)


def test_reader_refuses_an_edited_step_record(dataset, tmp_path):
    """A record whose step or states are not what sequences.jsonl and the automaton give is
    refused when its sequence is read, naming the record (the other sequences still read)."""
    import shutil
    root, _ = dataset
    edits = {"next_state": lambda step: {**step, "next_state": step["next_state"] + 1},
             "step": lambda step: {**step, "step": step["step"] + 1}}
    for key, edit in edits.items():
        copy = str(tmp_path / key)
        shutil.copytree(root, copy)
        first = railyard.read_sequences(copy)[1].samples[1]
        path = os.path.join(copy, "records", f"{first}.json")
        with open(path, encoding="utf-8") as file:
            record = json.load(file)
        record["sequence"] = edit(record["sequence"])
        with open(path, "w", encoding="utf-8") as file:
            json.dump(record, file)
        sequences = railyard.read_sequences(copy)
        expected = "does not follow sequences/automaton.json" if key == "next_state" else \
            "its key 'sequence' disagrees"
        with pytest.raises(railyard.DatasetError, match=expected) as error:
            sequences.sequence(1)
        assert f"{first}.json: step 1 of sequence 1" in str(error.value)
        assert len(sequences[0]) == len(sequences.lines[0]["samples"])


def test_train_annotations_hide_but_records_keep(config_file, tmp_path):
    root = run_generate(config_file, tmp_path, "count=4", "sequence.train_annotations=label")
    sequences = railyard.read_sequences(root, split="train")
    assert len(sequences) > 0 and sequences.train_annotations == "label"
    for s in sequences:
        assert "states" not in s.published and "steps" not in s.published
        assert len(s.states) == len(s) + 1 and set(s.predicates) == {"east", "roofed"}
    g = railyard.SequenceGenerator(config_file, count=4, output=str(tmp_path),
                                   sequence__train_annotations="label")
    assert g.train_annotations == "label"
    for s in railyard.read_sequences(root):
        assert g.symbolic(s.index).published == s.published


# Sequences on the fly.

def assert_generator_equals_files(generator, on_disk):
    assert len(generator) == len(on_disk)
    assert generator.sample_count == on_disk.sample_count
    assert generator.automaton_file == on_disk.automaton_file
    assert generator.names == on_disk.names
    assert generator.automaton.to_dict() == on_disk.automaton.to_dict()
    assert list(generator.labels) == list(on_disk.labels)
    assert generator.splits() == [line["split"] for line in on_disk.lines]
    for i in range(len(generator)):
        made, read = generator[i], on_disk.sequence(i)
        assert made.images.shape == read.images.shape
        assert np.array_equal(made.images, read.images)
        for record in read.records:
            del record["file_checks"]  # samples made in memory have no files
        assert made.records == read.records
        assert made.published == read.published
        assert (made.split, made.samples, made.states, made.step_labels, made.steps,
                made.trains, made.origins) == (read.split, read.samples, read.states,
                                               read.step_labels, read.steps, read.trains,
                                               read.origins)
        for name in read.predicates:
            assert np.array_equal(made.predicates[name], read.predicates[name])
            assert np.array_equal(made.relevant[name], read.relevant[name])
        symbolic = generator.symbolic(i)
        assert symbolic.images is None and symbolic.records is None
        assert (symbolic.steps, symbolic.trains, symbolic.published) == \
            (read.steps, read.trains, read.published)


def test_generator_equals_the_generated_files(dataset, generator):
    root, _ = dataset
    assert len(generator) == 8
    assert_generator_equals_files(generator, railyard.read_sequences(root))


def test_generator_equals_files_with_orphans_and_edits(tmp_path):
    config = tmp_path / "edits.yaml"
    config.write_text(CONFIG.replace("count: 8", "count: 6") + """    heavy: numerical
  orphans: [heavy]
  dynamics: edits
  train_annotations: predicates
""")
    root = run_generate(config, tmp_path)
    on_disk = railyard.read_sequences(root)
    assert on_disk.names == ["roofed", "heavy", "east"]
    assert on_disk.train_annotations == "predicates"
    assert {"drawn", "edited"} <= {o for s in on_disk for o in s.origins}
    assert any("edits" in step for s in on_disk for step in s.published.get("steps", []))
    g = railyard.SequenceGenerator(config, output=str(tmp_path))
    assert_generator_equals_files(g, on_disk)
    # An orphan never matters for a transition.
    assert not any(s.relevant["heavy"].any() for s in on_disk)


def test_generator_indices_and_refusals(generator):
    assert generator[-1].index == 7
    assert generator.sequence(2, annotations=False).records is None
    with pytest.raises(IndexError, match="8"):
        generator[8]
    with pytest.raises(TypeError):
        generator["0"]
    with pytest.raises(railyard.ConfigError, match="no sequence.formula"):
        railyard.SequenceGenerator(count=2)
    with pytest.raises(railyard.ConfigError, match="unsatisfiable"):
        railyard.SequenceGenerator(count=2, sequence={"formula": "east & !east"})
    with pytest.raises(railyard.InputError, match="column"):
        railyard.SequenceGenerator(count=2, sequence={"formula": "G(east ->"})
    with pytest.raises(KeyError):
        railyard.SequenceGenerator(count=2, sequence__no_such_key=1)


# PyTorch.

def test_torch_dataset_shapes_and_collate(dataset):
    import torch
    from torch.utils.data import DataLoader
    from railyard.torch import SequenceDataset, collate_sequences
    root, _ = dataset
    data = SequenceDataset(root)
    assert data.names == ["east", "roofed"] and len(data) == 8
    images, label, predicates = data[0]
    s = railyard.read_sequences(root)[0]
    assert images.shape == (len(s), 3, 54, 96) and images.dtype == torch.float32
    assert label.dtype == torch.int64 and label.item() == int(s.label)
    assert predicates.shape == (len(s), 2)
    assert predicates[:, 1].tolist() == [float(v) for v in s.predicates["roofed"]]
    loader = DataLoader(data, batch_size=3, collate_fn=collate_sequences)
    count = 0
    for images, labels, predicates, lengths in loader:
        longest = int(lengths.max())
        assert images.shape == (len(lengths), longest, 3, 54, 96)
        assert predicates.shape == (len(lengths), longest, 2) and labels.shape == lengths.shape
        for b, length in enumerate(lengths.tolist()):
            assert images[b, length:].abs().sum() == 0
            original = data[count + b]
            assert torch.equal(images[b, :length], original[0])
            assert torch.equal(predicates[b, :length], original[2])
        count += len(lengths)
    assert count == 8
    only = SequenceDataset(root, split="test", names=["roofed"])
    assert only[0][2].shape[1] == 1
    with pytest.raises(ValueError, match="'rain'"):
        SequenceDataset(root, names=["rain"])


def test_torch_dataset_on_the_fly_with_spawned_workers(dataset, generator):
    import torch
    from torch.utils.data import DataLoader
    from railyard.torch import SequenceDataset, collate_sequences
    root, _ = dataset
    on_the_fly = SequenceDataset(generator, split="train")
    on_disk = SequenceDataset(root, split="train")
    assert len(on_the_fly) == len(on_disk) > 0
    loader = DataLoader(on_the_fly, batch_size=2, num_workers=1,
                        multiprocessing_context="spawn", collate_fn=collate_sequences)
    k = 0
    for images, labels, predicates, lengths in loader:
        for b, length in enumerate(lengths.tolist()):
            expected = on_disk[k]
            assert torch.equal(images[b, :length], expected[0])
            assert labels[b] == expected[1]
            assert torch.equal(predicates[b, :length], expected[2])
            k += 1
    assert k == len(on_disk)
