// The `sequence:` section of a dataset config: temporal sequences of trains whose label is an LTLf
// formula over per-step Prolog predicates (LTLZinc's sequential mode). With a formula, `count`
// counts sequences, splits partition sequences, and each step is an ordinary sample of the
// dataset folder. Declared here, beside the feature, and taken whole by the dataset config
// (config.cpp: section("sequence", ...)), so every key is `sequence.<key>` in a file, a --set, a
// suite and --print-config.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "logic/sequences/plan.h"
#include "tools/lib/records/formats/sequence_files.h"
#include "util/settings_schema.h"

namespace railyard {

// One atom of the formula: a unary Prolog predicate over the train term, either a rule (a shipped
// name or a .pl path: its eastbound/1) or clauses written inline that define name/1.
struct PredicateSource {
  std::string name;
  std::string rule;  // a rule name or path, or
  std::string text;  // clauses defining name(Train)
  bool operator==(const PredicateSource&) const = default;
};

enum class SequenceDynamicsMode : std::uint8_t { Independent, Edits };

// LTLZinc's two modes. Sequential: `count` sequences, each labelled by the formula. Incremental:
// one positive trace of `episodes` steps drawn from the formula (the curriculum; another
// curriculum_seed gives another), and this dataset is its episode `episode`: `count` single
// trains that all satisfy that step's predicates (a suite's variants make the whole curriculum).
enum class SequenceMode : std::uint8_t { Sequential, Incremental };

struct SequenceSettings {
  std::string formula;  // flloat's syntax; empty: not a sequence dataset
  SequenceMode mode = SequenceMode::Sequential;
  std::uint64_t episodes = 10;        // incremental: the curriculum's length
  std::uint64_t episode = 0;          // incremental: this dataset's step of it
  std::uint64_t curriculum_seed = 0;  // incremental: which positive trace
  std::uint64_t min_length = 10;
  std::uint64_t max_length = 20;
  std::vector<PredicateSource> predicates;  // `east` is the dataset's rule unless named here
  std::vector<std::string> orphans;         // predicates labelled at every step, not in the formula
  sequences::LabelMode labels = sequences::LabelMode::Balanced;
  sequences::DecayRule self_loops, accepting_sinks, rejecting_sinks;  // LTLZinc's avoid_states
  bool show_orphans = false;  // best effort: each orphan true and false at least once
  SequenceDynamicsMode dynamics = SequenceDynamicsMode::Independent;
  int max_edits = 1;                 // edits dynamics: edits per step, 1..3
  std::vector<std::string> exclude;  // letters never shown (propositional formulas)
  std::vector<std::string> require;  // each sequence shows at least one letter of these
  // What the train split's sequence files show (records keep everything): LTLZinc's levels of
  // supervision, from the sequence label alone (temporally distant) to the state trace.
  SequenceAnnotations train_annotations = SequenceAnnotations::States;
  std::uint64_t rate_trains = 20'000;  // trains drawn once to measure the letters' rates

  bool enabled() const { return !formula.empty(); }
  bool incremental() const { return enabled() && mode == SequenceMode::Incremental; }
};

// Every key of the section, relative to `sequence`, with its checks.
const Schema<SequenceSettings>& sequence_schema();

// Throws ConfigError when a key is set without a formula, min_length > max_length, an orphan is
// not a predicate or a predicate has neither or both of rule and text.
void check_sequence_settings(const SequenceSettings& settings);

// "label", "predicates", "states": kSequenceAnnotationNames (sequence_files.h), as C text.
const char* sequence_annotations_name(SequenceAnnotations annotations);

}  // namespace railyard
