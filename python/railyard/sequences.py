"""Temporal sequences (issue #26): LTLf formulas and their automata, sequence datasets on disk,
and sequences rendered on the fly.

    f = railyard.Formula("G(east -> X roofed)")
    f.holds([{"east"}, {"roofed"}, set()])        # a step: the atoms true there, or {atom: bool}
    a = f.automaton()                             # the minimal DFA; atoms=[...] adds orphans
    a.run([{"east"}, {"roofed"}])                 # the states visited, len(trace) + 1
    a.relevant(0, {"east"})                       # the atoms whose flip alone changes the step

    sequences = railyard.read_sequences("output/sequences/...", split="train")
    s = sequences[0]    # s.images (T x H x W x 3 uint8), s.label, s.predicates, s.states, ...

    g = railyard.SequenceGenerator("configs/sequences/ltlzinc_task1_short.yaml", count=8)
    s = g[3]            # exactly what `railyard generate` writes for sequence 3
    g.symbolic(3)       # the same steps without pictures

A trace is a list of steps, each a set (or list) of the atom names true there, a dict {atom:
bool} (absent atoms are false) or a string 'east,roofed' ('-' or '' for none); a whole trace may
also be a string 'east,roofed; -; roofed' or a dict {atom: T values} (Sequence.predicates). A
name that is not an atom of the alphabet is a FormulaError naming the step and the atom.

A sequence dataset is an ordinary dataset folder whose samples are the sequences' steps, plus
sequences/ (automaton.json, sequences.jsonl, sequence_<split>.csv: tools/lib/records/formats/
sequence_files.h). The records keep every step's predicates, relevance and states; sequences.jsonl
shows the train split only what the config's train_annotations publishes (Sequence.published).
"""
import functools
import os

import numpy as np

from . import _native
from ._checks import existing_folder, path_argument, position, whole
from ._native import DatasetError, FormulaError
from .config import ConfigRenderer

def _atom_indices(names, atoms, t):
    """The indices in `atoms` of step t's true atoms `names`; FormulaError naming one not there."""
    indices = set()
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"trace step {t}: an atom must be a name (str), got "
                            f"{type(name).__name__}")
        if name not in atoms:
            raise FormulaError(f"trace step {t}: {name!r} is not an atom (atoms: "
                               f"{', '.join(atoms) or 'none'})")
        indices.add(atoms.index(name))
    return indices


def _truth(value, name, t):
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, (int, np.integer)) and
                                               value in (0, 1)):
        return bool(value)
    raise TypeError(f"trace step {t}: the value of {name!r} must be a bool, got {value!r}")


def step_atoms(step, atoms, t=0):
    """A step (names true there, {name: bool}, or 'a,b'/'-') as the set of indices in `atoms` of
    the atoms true there."""
    if isinstance(step, str):
        if ";" in step:
            raise ValueError(f"trace step {t}: {step!r} holds ';', which separates steps; give "
                             "the whole trace as one string")
        text = step.strip()
        names = [] if text in ("", "-") else [name.strip() for name in text.split(",")]
        return _atom_indices(names, atoms, t)
    if isinstance(step, dict):
        return _atom_indices([name for name, value in step.items() if _truth(value, name, t)],
                             atoms, t)
    if isinstance(step, (set, frozenset, list, tuple)):
        return _atom_indices(step, atoms, t)
    raise TypeError(f"trace step {t}: a step must be a set or list of atom names, a dict "
                    f"{{atom: bool}} or a string 'a,b', got {type(step).__name__}")


def step_letter(step, atoms, t=0):
    """A step as a letter over `atoms`: bit i set when atoms[i] holds."""
    return sum(1 << i for i in step_atoms(step, atoms, t))


def trace_steps(trace, atoms):
    """A trace as, per step, the sorted indices in `atoms` of its true atoms (the module's
    docstring lists the forms a trace takes)."""
    atoms = list(atoms)
    if isinstance(trace, str):
        letters = _native.parse_trace(trace, atoms)
        return [[i for i in range(len(atoms)) if letter >> i & 1] for letter in letters]
    if isinstance(trace, dict):  # {atom: T values}
        columns = {name: list(values) for name, values in trace.items()}
        lengths = {len(values) for values in columns.values()}
        if len(lengths) > 1:
            raise ValueError("trace: the columns of {atom: values} have different lengths "
                             f"({', '.join(f'{n}: {len(v)}' for n, v in columns.items())})")
        length = lengths.pop() if lengths else 0
        trace = [{name: values[t] for name, values in columns.items()} for t in range(length)]
    if not hasattr(trace, "__iter__"):
        raise TypeError(f"trace must be a list of steps, a string or a dict of columns, got "
                        f"{type(trace).__name__}")
    return [sorted(step_atoms(step, atoms, t)) for t, step in enumerate(trace)]


def trace_letters(trace, atoms):
    """A trace as letters over `atoms` (bit i: atoms[i])."""
    return [sum(1 << i for i in step) for step in trace_steps(trace, atoms)]


def _names_of(letter, atoms):
    return {name for i, name in enumerate(atoms) if letter >> i & 1}


class Formula:
    """An LTLf formula in flloat's syntax (logic/ltlf/formula.h): atoms [a-z][a-z0-9_]*, true,
    false, last, ! X WX F G & | -> <-> U R. A formula that does not parse is a FormulaError (an
    InputError) naming the column. str() is the canonical text."""

    def __init__(self, text):
        if not isinstance(text, str):
            raise TypeError(f"Formula: text must be a string such as 'G(a -> X b)', got "
                            f"{type(text).__name__}")
        self._native = _native.Formula(text)

    @property
    def text(self):
        """The text as given."""
        return self._native.text

    @property
    def atoms(self):
        """The atom names, in order of first appearance."""
        return list(self._native.atoms)

    def __str__(self):
        return self._native.canonical()

    def __repr__(self):
        return f"railyard.Formula({self.text!r})"

    def __eq__(self, other):
        return isinstance(other, Formula) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __reduce__(self):
        return Formula, (self.text,)

    def letters(self, trace):
        """The trace as letters over atoms (bit i: atoms[i])."""
        return trace_letters(trace, self._native.atoms)

    def holds(self, trace):
        """Whether the finite trace satisfies the formula, computed from the definition (the
        empty trace included: G, WX and R hold on it, atoms, X, F, U and last do not)."""
        return self._native.holds(trace_steps(trace, self._native.atoms))

    def automaton(self, atoms=None):
        """The minimal DFA over `atoms` (default: the formula's; more atoms are orphans, which
        never change a transition). FormulaError for a missing atom, more than 12 atoms, or an
        automaton past 10000 states."""
        if isinstance(atoms, (str, bytes)):  # list('ab') would be the alphabet a, b
            raise TypeError(f"Formula.automaton: atoms must be a list of names such as "
                            f"['a', 'b'], got the string {atoms!r}")
        atoms = self.atoms if atoms is None else list(atoms)
        for atom in atoms:
            if not isinstance(atom, str):
                raise TypeError(f"Formula.automaton: atoms must be names, got "
                                f"{type(atom).__name__}")
        return Automaton(self._native.automaton(atoms))


def _automaton(formula, atoms):
    return Formula(formula).automaton(atoms)


class Automaton:
    """The minimal complete DFA of a formula over an alphabet of atoms (logic/ltlf/automaton.h):
    states 0..states-1, initial 0, a rejecting sink a state of its own. A step is a set of the
    atoms true there or {atom: bool}; str() is the table `railyard ltlf` prints."""

    def __init__(self, native):
        if not isinstance(native, _native.Automaton):
            raise TypeError("Automaton: make one with Formula(text).automaton(atoms)")
        self._native = native

    @property
    def formula(self):
        """The formula's text."""
        return self._native.formula

    @property
    def atoms(self):
        """The alphabet: the formula's atoms, then any orphans, as given."""
        return list(self._native.atoms)

    @property
    def states(self):
        """The number of states."""
        return self._native.state_count

    @property
    def initial(self):
        return self._native.initial

    @property
    def language(self):
        """'empty' (nothing accepted), 'universal' (everything) or 'proper'."""
        return self._native.language

    def __str__(self):
        return self._native.to_text()

    def __repr__(self):
        return f"<railyard.Automaton of {self.formula!r}: {self.states} states over " \
               f"{', '.join(self.atoms)}>"

    def __reduce__(self):
        return _automaton, (self.formula, self.atoms)

    def letter(self, step):
        """A step as a letter over atoms (bit i: atoms[i])."""
        return step_letter(step, self._native.atoms)

    def _state(self, state, method):
        """An int state (the native side says which states exist, IndexError otherwise)."""
        return whole(state, "state", f"Automaton.{method}", low=-2**63)

    def accepting(self, state):
        return self._native.accepting(self._state(state, "accepting"))

    def is_sink(self, state):
        """Whether every step loops on the state."""
        return self._native.is_sink(self._state(state, "is_sink"))

    def next(self, state, step):
        return self._native.next(self._state(state, "next"), self.letter(step))

    def run(self, trace):
        """The states the trace visits from the initial state: len(trace) + 1 of them."""
        return self._native.run(trace_letters(trace, self._native.atoms))

    def accepts(self, trace):
        return self.accepting(self.run(trace)[-1])

    def relevant(self, state, step):
        """The atoms whose flip alone changes the transition the step takes from `state`
        (LTLZinc's relevance; orphans never are)."""
        return _names_of(self._native.relevant(self._state(state, "relevant"), self.letter(step)),
                         self._native.atoms)

    def guard(self, from_state, to_state):
        """The steps from one state to the other as a short DNF, 'p & !q | r' ('true': every
        step, 'false': none)."""
        return self._native.guard(self._state(from_state, "guard"), self._state(to_state, "guard"))

    def steps(self, from_state, to_state):
        """The steps from one state to the other, each the set of atoms true there."""
        atoms = self._native.atoms
        letters = self._native.letters(self._state(from_state, "steps"),
                                       self._state(to_state, "steps"))
        return [_names_of(letter, atoms) for letter in letters]

    def to_dict(self):
        """{formula, atoms, states: [{id, initial, accepting, sink}], transitions: [{from, to,
        guard, letters}]}: what a dataset's sequences/automaton.json holds before its predicates
        and rates."""
        return self._native.to_json()


class Sequence:
    """One sequence of trains, T steps, from a dataset on disk or a SequenceGenerator:
      index, split ('train'/'val'/'test'), label (True: the formula holds on it), len() = T,
      samples (the steps' flat sample indices), images (T x H x W x 3 uint8; read from disk on
      first use; None for a symbolic sequence), predicates ({name: T bools}), relevant ({name: T
      bools}: whether the value mattered for the transition taken), states (T + 1 automaton
      states), step_labels (each step's train by the dataset's rule, 'east'/'west'), origins
      ('drawn', 'edited', 'redrawn'), steps (each record's "sequence" key), trains (each step's
      train, structured as railyard.Generator's "train": index, label, angle, num_cars and the
      cars in all three vocabularies), records (the steps' records; None when not asked for),
      published (its line of sequences.jsonl).
    Predicates, relevance and states come from the records, which keep everything, whatever the
    dataset's train_annotations publish."""

    def __init__(self, index, split, samples, steps, trains, step_labels, published,
                 records=None, images=None, image_files=None):
        self.index, self.split = index, split
        self.samples = list(samples)
        self.steps, self.trains, self.step_labels = steps, trains, step_labels
        self.published, self.records = published, records
        self._images, self._image_files = images, image_files
        names = list(steps[0]["predicates"])
        self.predicates = {name: np.array([step["predicates"][name] for step in steps], bool)
                           for name in names}
        self.relevant = {name: np.array([name in step["relevant"] for step in steps], bool)
                         for name in names}
        self.states = [steps[0]["state"]] + [step["next_state"] for step in steps]
        self.origins = [step["origin"] for step in steps]

    def __len__(self):
        return len(self.steps)

    def __repr__(self):
        return f"<railyard.Sequence {self.index} ({self.split}): {len(self)} steps, " \
               f"{'accepted' if self.label else 'rejected'}>"

    @property
    def label(self):
        return bool(self.steps[0]["accepted"])

    @property
    def names(self):
        """The predicates' names, in the order of `predicates`."""
        return list(self.predicates)

    @property
    def images(self):
        if self._images is None and self._image_files is not None:
            self._images = np.stack([_native.read_image(path) for path in self._image_files])
        return self._images

    def trace(self, atoms=None):
        """The steps as sets of the predicates true there (only those in `atoms`, if given), for
        Formula.holds and Automaton.run."""
        keep = self.names if atoms is None else [a for a in atoms if a in self.predicates]
        return [{name for name in keep if self.predicates[name][t]} for t in range(len(self))]


def is_sequence_dataset(folder):
    try:
        return _native.folder_content(folder) == "sequences"
    except DatasetError:
        return False


class SequenceSet:
    """A sequence dataset on disk: len, [k] is the k-th sequence (all, or a split's) as a
    Sequence. Opening it checks the dataset folder (railyard.reader's checks) and sequences.jsonl
    against it: sequences numbered in order, each one's samples the next `length` samples, all
    of them the manifest's count, and each split's sequences exactly its split file's samples
    (DatasetError naming the file and line). A step's record that is not that step is a
    DatasetError when the sequence is read."""

    def __init__(self, root, split=None):
        root = existing_folder(path_argument(root, "dataset folder", "read_sequences"),
                               "dataset folder")
        if split is not None and not isinstance(split, str):
            raise TypeError(f"split must be a split's name such as 'train', got "
                            f"{type(split).__name__}")
        if not is_sequence_dataset(root):
            raise ValueError(
                f"{root}: not a sequence dataset of railyard (it has no sequences/sequences.jsonl: "
                "`railyard generate` writes one for a config with a sequence: section in "
                "sequential mode)")
        self.root = root
        # The dataset, automaton.json and sequences.jsonl checked against each other (open_folder.h)
        self._set = _native.SequenceSet.open(root)
        self._folder = self._set.dataset
        self.manifest = self._folder.manifest
        self.automaton_file = self._set.automaton_file
        self.lines = self._set.lines
        self._splits = self._folder.split_files()
        self.split = split
        if split is None:
            self.indices = list(range(len(self.lines)))
        elif split in self._splits:  # whole sequences, or a DatasetError
            self.indices = self._set.sequences_in(split)
        else:
            raise FileNotFoundError(
                f"split file {os.path.join(self._folder.paths.splits, split + '.txt')!r} does "
                f"not exist (this dataset's splits: {', '.join(sorted(self._splits)) or 'none'})")

    def __len__(self):
        return len(self.indices)

    def __getitem__(self, k):
        return self.sequence(self.indices[position(k, len(self), "sequences")])

    def __repr__(self):
        return f"<railyard.SequenceSet {self.root!r}" \
               f"{'' if self.split is None else f' ({self.split})'}: {len(self)} sequences>"

    def splits(self):
        """The names of the split files this dataset has."""
        return sorted(self._splits)

    @property
    def sample_count(self):
        """The steps of all sequences: the dataset's samples."""
        return self._folder.count

    @property
    def labels(self):
        """Each sequence's label (True: accepted), in the order of [k]."""
        return np.array([self.lines[i]["accepted"] for i in self.indices], bool)

    @property
    def names(self):
        """The predicates' names (the automaton's alphabet: the formula's atoms, then orphans)."""
        return list(self.automaton_file["atoms"])

    @property
    def formula(self):
        return Formula(self.automaton_file["formula"])

    @property
    def automaton(self):
        """The automaton of sequences/automaton.json, over its atoms (its state ids)."""
        return self.formula.automaton(self.names)

    @property
    def train_annotations(self):
        """What sequences.jsonl shows of the train split: 'label', 'predicates' or 'states'."""
        train = [line for line in self.lines if line["split"] == "train"]
        if not train:
            return "states"
        return "states" if "states" in train[0] else "predicates" if "steps" in train[0] \
            else "label"

    def sequence(self, index):
        """Sequence `index` of the dataset (line index + 1 of sequences.jsonl), whatever the
        split. Its records are checked against its line and the automaton (DatasetError naming
        an edited record)."""
        index = position(index, len(self.lines), "sequences")
        line = self.lines[index]
        steps = self._set.read_steps(index)
        records = [record for record, _ in steps]
        images = [files["image"] for _, files in steps]
        trains = [_native.record_train(record, self._folder.paths.record(sample))
                  for record, sample in zip(records, line["samples"])]
        return Sequence(index, line["split"], line["samples"],
                        [r["sequence"] for r in records], trains,
                        [r["label"] for r in records], line, records=records,
                        image_files=images)


def read_sequences(root, split=None):
    """The sequences of a sequence dataset folder (all, or a split's): a SequenceSet."""
    return SequenceSet(root, split)


class SequenceGenerator(ConfigRenderer):
    """Sequence i of a sequence dataset config, rendered in this process as `railyard generate`
    renders it (railyard.Generator's counterpart for a config with a `sequence:` section).

    `config` is a YAML file (or None for the defaults); keyword overrides are the config's keys
    (sequence={"formula": ...} or sequence__formula=...). `len(g)` is the number of sequences.
    `g[i]` is a Sequence with its images and records (the records `generate` writes, less their
    file checks); `g.sequence(i, annotations=False)` skips the records (faster);
    `g.symbolic(i)` draws the same steps without rendering (images and records None).
    A config without sequence.formula, or in incremental mode, is a ConfigError; an
    unsatisfiable formula, a tautology or a label the walk cannot reach, the InputError that
    generate gives. It pickles as its config, so each DataLoader worker makes its own.
    """

    _native_class = _native.SequenceGenerator
    _unit = "sequences"

    def __getitem__(self, index):
        return self.sequence(index)

    def __repr__(self):
        return f"<railyard.SequenceGenerator of {self.formula!r}: {len(self)} sequences>"

    def sequence(self, index, annotations=True):
        """Sequence `index`, rendered; without annotations no records (faster)."""
        out = self._native.sequence(self._index(index), annotations)
        return self._make(out, out.get("records"), out["images"])

    def symbolic(self, index):
        """Sequence `index`'s steps (trains, predicates, states, labels) without pictures."""
        return self._make(self._native.symbolic(self._index(index)), None, None)

    def _make(self, out, records, images):
        index = out["index"]
        split = self.split(index)
        return Sequence(index, split, out["samples"], out["steps"], out["trains"],
                        out["step_labels"], out["published"], records=records, images=images)

    @functools.cached_property
    def _splits(self):
        return self._native.splits()

    def splits(self):
        """Each sequence's split, as the finished dataset has it."""
        return list(self._splits)

    def split(self, index):
        return self._splits[self._index(index)]

    @property
    def labels(self):
        """Each sequence's label (True: accepted), from its plan (no train drawn)."""
        return np.array(self._native.labels(), bool)

    def length(self, index):
        return self._native.length(self._index(index))

    @property
    def sample_count(self):
        """The steps of all sequences: the dataset's samples."""
        return self._native.sample_count

    @property
    def names(self):
        """The predicates' names (the automaton's alphabet)."""
        return list(self._native.names)

    @property
    def formula(self):
        return Formula(self._native.formula)

    automaton = SequenceSet.automaton

    @property
    def automaton_file(self):
        """sequences/automaton.json as generate writes it (automaton, predicates, rates)."""
        return self._native.automaton_file

    @property
    def train_annotations(self):
        return self._native.train_annotations
