// What a sequence dataset is made from, loaded and checked once before any work: the formula, its
// predicates (Prolog rules over the train term), the minimal automaton over their truth
// assignments, each assignment's measured rate under the config's distribution, and the planner
// that walks the automaton. Every refusal of issue #26 happens here, before a folder exists: a
// formula that does not parse (its column), an atom no predicate binds (its column), a predicate
// that does not load (its name), an automaton over the size limit, an unsatisfiable formula or a
// tautology, and a label or length the walk cannot reach (sequences::PlanError).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "logic/ltlf/automaton.h"
#include "logic/ltlf/formula.h"
#include "logic/sequences/letter_rates.h"
#include "logic/sequences/plan.h"
#include "logic/sequences/sequence_sampler.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/sequences/sequence_offsets.h"
#include "tools/lib/records/formats/automaton_file.h"

namespace railyard {

class SequenceModel {
 public:
  // Throws InputError (ltlf::FormulaError, RuleError, ConfigError, sequences::PlanError) naming the
  // cause.
  SequenceModel(const DatasetConfig& config, const DatasetInputs& inputs);

  const ltlf::Formula& formula() const { return *formula_; }
  const ltlf::Automaton& automaton() const { return *automaton_; }
  const std::vector<StepPredicateSource>& predicates() const { return predicates_; }
  const std::vector<std::string>& names() const { return names_; }
  const LetterRates& rates() const { return rates_; }
  // sequences/automaton.json's content: the automaton, the predicates and the measured rates.
  AutomatonFile automaton_file() const { return {*automaton_, predicates_, rates_}; }
  const sequences::SequencePlanner& planner() const { return *planner_; }
  std::uint64_t seed() const { return seed_; }
  // Incremental mode: the positive trace whose steps are the curriculum's episodes.
  const sequences::SequencePlan& curriculum() const { return curriculum_; }

  // A sampler of this model's sequences, with engines of its own (one per thread).
  SequenceSampler sampler() const;

  // Sequence i's first sample in the flat view and its length (sequence_offsets.h: found as
  // asked, so a set of any size starts at once), and the number of samples of the whole set.
  std::uint64_t first_sample(std::uint64_t sequence) const { return offsets_->first(sequence); }
  std::uint64_t length(std::uint64_t sequence) const { return offsets_->length(sequence); }
  std::uint64_t sample_count() const { return offsets_->samples(); }
  std::uint64_t sequence_of(std::uint64_t sample) const { return offsets_->sequence_of(sample); }
  std::uint64_t sequence_count() const { return offsets_->count(); }
  // "train", "val" or "test": the split the finished dataset puts the sequence in (by the plans'
  // labels, as finalize splits by the records' labels: sequence_finalize.h). The first call
  // splits every sequence (a byte each; a plan each where the walk decides the label), so only
  // what needs it asks: train_annotations: label, unique's messages.
  const std::string& split(std::uint64_t sequence) const;
  // The same split as a number: 0 train, 1 val, 2 test.
  std::uint8_t split_number(std::uint64_t sequence) const;
  // unique: which redraw of its plan's trains sequence i takes (SequenceSampler::sequence), the
  // first that repeats no earlier sequence's list of trains; 0 without unique.
  std::uint64_t redraw(std::uint64_t sequence) const {
    return redraws_.empty() ? 0 : redraws_.at(sequence);
  }

 private:
  std::vector<NamedPredicate> load_predicates(const DatasetConfig& config,
                                              const DatasetInputs& inputs);
  void split_every_sequence() const;  // holds split_mutex_
  void plan_unique(const DatasetConfig& config, const std::string& rule_name);

  std::unique_ptr<ltlf::Formula> formula_;
  std::unique_ptr<ltlf::Automaton> automaton_;
  std::vector<StepPredicateSource> predicates_;
  std::vector<std::string> names_;
  std::vector<NamedPredicate> rules_;  // kept to clone a sampler's predicates from
  Rule label_rule_;
  TrainSampler train_sampler_;
  LetterRates rates_;
  std::unique_ptr<sequences::SequencePlanner> planner_;
  SequenceSamplerOptions sampler_options_;
  std::uint64_t seed_ = 0;
  sequences::SequencePlan curriculum_;
  std::optional<SequenceOffsets> offsets_;
  DatasetConfig split_config_;  // what the splits are made from
  mutable std::mutex split_mutex_;
  mutable std::vector<std::uint8_t> split_of_;  // per sequence, 0 train 1 val 2 test; on demand
  std::vector<std::uint32_t> redraws_;          // unique: per sequence
};

// The letters (over `names`) on which a propositional formula holds, e.g. "roofed & !east".
// Throws ConfigError naming `key` when it does not parse or names an atom not in `names`.
std::vector<std::uint32_t> letters_where(const std::string& text,
                                         const std::vector<std::string>& names,
                                         const std::string& key);

}  // namespace railyard
