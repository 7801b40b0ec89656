#include "tools/lib/dataset/sequences/sequence_model.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "logic/errors.h"
#include "logic/ltlf/evaluate.h"
#include "logic/ltlf/trace_text.h"
#include "tools/lib/dataset/sequences/sequence_finalize.h"
#include "tools/lib/dataset/train_plan.h"

namespace railyard {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The 1-based column of the first whole-word occurrence of `atom` in the formula's text.
std::size_t atom_column(const std::string& text, const std::string& atom) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = text.find(atom); at != std::string::npos; at = text.find(atom, at + 1)) {
    bool starts = at == 0 || !word(text[at - 1]);
    bool ends = at + atom.size() == text.size() || !word(text[at + atom.size()]);
    if (starts && ends) return at + 1;
  }
  return 0;
}

// `sequence.formula "..."`, escaped, for messages.
std::string quoted(const std::string& formula) {
  return "sequence." + ltlf::quoted_formula(formula);
}

using ltlf::NodeId;

// The operator's name when it looks beyond one step; nullptr for propositional ones.
const char* temporal_operator(ltlf::Op op) {
  switch (op) {
    case ltlf::Op::Next: return "X";
    case ltlf::Op::WeakNext: return "WX";
    case ltlf::Op::Eventually: return "F";
    case ltlf::Op::Always: return "G";
    case ltlf::Op::Until: return "U";
    case ltlf::Op::Release: return "R";
    case ltlf::Op::Last: return "last";
    default: return nullptr;
  }
}

// A formula of the config at `key`; its errors name the key and the column.
std::unique_ptr<ltlf::Formula> config_formula(const std::string& text, const std::string& key) {
  try {
    return std::make_unique<ltlf::Formula>(ltlf::parse_formula(text));
  } catch (const ltlf::FormulaError& e) {
    throw ConfigError(key + ": " + e.what());
  }
}

}  // namespace

std::vector<std::uint32_t> letters_where(const std::string& text,
                                         const std::vector<std::string>& names,
                                         const std::string& key) {
  std::unique_ptr<ltlf::Formula> formula = config_formula(text, key);
  for (NodeId id = 0; id < formula->node_count(); ++id)
    if (const char* op = temporal_operator(formula->node(id).op))
      throw ConfigError(key + ": " + ltlf::quoted_formula(text) + " uses " + op +
                        ", a temporal operator; exclude and require take propositional formulas "
                        "over one step's predicates, such as \"roofed & !east\"");
  for (const std::string& atom : formula->atoms())
    if (!contains(names, atom))
      throw ConfigError(key + ": '" + atom + "' is not a predicate of the sequence");
  std::vector<std::uint32_t> letters;
  for (std::uint32_t letter = 0; letter < (1u << names.size()); ++letter) {
    std::vector<std::uint32_t> own = ltlf::project_trace({letter}, names, formula->atoms());
    if (ltlf::holds(*formula, own)) letters.push_back(letter);
  }
  return letters;
}

// Each sequence's split from its plan's label alone (no train drawn), as finalize splits by the
// records' labels.
void SequenceModel::split_every_sequence() const {
  std::vector<Direction> labels;
  labels.reserve(sequence_count());
  for (std::uint64_t i = 0; i < sequence_count(); ++i) {
    std::optional<bool> label = planner_->fixed_label(i);
    if (!label) label = planner_->plan(seed_, i).label;
    labels.push_back(*label ? Direction::East : Direction::West);
  }
  const std::vector<std::string> names = split_sequences(labels, split_config_).split_of;
  split_of_.resize(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    split_of_[i] = names[i] == "train" ? 0 : names[i] == "val" ? 1 : 2;
}

const std::string& SequenceModel::split(std::uint64_t sequence) const {
  static const std::string kNames[] = {"train", "val", "test"};
  return kNames[split_number(sequence)];
}

std::uint8_t SequenceModel::split_number(std::uint64_t sequence) const {
  std::lock_guard lock(split_mutex_);
  if (split_of_.empty() && sequence_count() > 0) split_every_sequence();
  return split_of_.at(sequence);
}

std::vector<NamedPredicate> SequenceModel::load_predicates(const DatasetConfig& config,
                                                           const DatasetInputs& inputs) {
  const SequenceSettings& settings = config.sequence;
  auto named = [&](const std::string& atom) {
    for (const PredicateSource& p : settings.predicates)
      if (p.name == atom) return true;
    return false;
  };
  for (const std::string& atom : formula_->atoms())
    if (atom != "east" && !named(atom))
      throw ConfigError(quoted(settings.formula) + ": column " +
                        std::to_string(atom_column(settings.formula, atom)) + ": atom '" + atom +
                        "' is not bound: name it under sequence.predicates (only `east` is bound "
                        "by default, to the dataset's rule)");
  std::vector<NamedPredicate> rules;
  for (const PredicateSource& p : settings.predicates) {
    std::string key = "sequence.predicates." + p.name;
    bool orphan = contains(settings.orphans, p.name);
    bool used = contains(formula_->atoms(), p.name);
    if (orphan && used)
      throw ConfigError("sequence.orphans: '" + p.name + "' is in " + quoted(settings.formula) +
                        " (column " + std::to_string(atom_column(settings.formula, p.name)) +
                        "); an orphan is a predicate the formula does not use");
    if (!orphan && !used)
      throw ConfigError(key + ": " + quoted(settings.formula) +
                        " does not use it; list it under sequence.orphans to label it anyway");
    try {
      if (p.text.empty()) {
        auto file = resolve_rule(p.rule, rules_dir(inputs.data_dir));
        rules.push_back({p.name, Rule::load(file, inputs.background_file)});
        predicates_.push_back({p.name, "rule " + p.rule, orphan});
      } else {
        rules.push_back({p.name, Rule::from_text(p.text, key, inputs.background_file, p.name)});
        predicates_.push_back({p.name, p.text, orphan});
      }
    } catch (const RuleError& e) {
      throw RuleError(key + ": " + e.what());
    }
    names_.push_back(p.name);
  }
  // `east`: the dataset's own rule, unless a predicate took the name.
  if (contains(formula_->atoms(), "east") && !contains(names_, "east")) {
    rules.push_back({"east", Rule::load(inputs.rule_file, inputs.background_file)});
    predicates_.push_back({"east", "rule " + inputs.rule_name, false});
    names_.push_back("east");
  }
  return rules;
}

SequenceModel::SequenceModel(const DatasetConfig& config, const DatasetInputs& inputs)
    : formula_(config_formula(config.sequence.formula, "sequence.formula")),
      label_rule_(Rule::load(inputs.rule_file, inputs.background_file)),
      train_sampler_(config.sampler),
      seed_(config.seed) {
  const SequenceSettings& settings = config.sequence;
  rules_ = load_predicates(config, inputs);
  automaton_ = std::make_unique<ltlf::Automaton>(ltlf::build_automaton(*formula_, names_));
  if (automaton_->language() == ltlf::Language::Empty)
    throw ConfigError(quoted(settings.formula) +
                      " is unsatisfiable: no sequence satisfies it, so there are no positives");
  if (automaton_->language() == ltlf::Language::Universal)
    throw ConfigError(quoted(settings.formula) +
                      " is a tautology: every sequence satisfies it, so there are no negatives");
  StepPredicates measuring(rules_);
  rates_ = measure_letter_rates(train_sampler_, measuring, config.seed, settings.rate_trains);

  sequences::PlanOptions options;
  options.min_length = settings.incremental() ? settings.episodes : settings.min_length;
  options.max_length = settings.incremental() ? settings.episodes : settings.max_length;
  options.labels = settings.incremental() ? sequences::LabelMode::Positive : settings.labels;
  options.self_loops = settings.self_loops;
  options.accepting_sinks = settings.accepting_sinks;
  options.rejecting_sinks = settings.rejecting_sinks;
  options.show_orphans = settings.show_orphans;
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (contains(settings.orphans, names_[i])) options.orphans |= 1u << i;
  // Each combination must hold for some step: a contradiction would exclude nothing, or require
  // what no step can show (and an empty list of required letters means no requirement at all).
  auto combinations = [&](const std::vector<std::string>& list, const std::string& name,
                          const char* pointless, std::vector<std::uint32_t>& into) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string key = "sequence." + name + "." + std::to_string(i);
      std::vector<std::uint32_t> letters = letters_where(list[i], names_, key);
      if (letters.empty())
        throw ConfigError(key + ": " + ltlf::quoted_formula(list[i]) +
                          " holds for no combination of the predicates (a contradiction): it "
                          "would " +
                          pointless);
      into.insert(into.end(), letters.begin(), letters.end());
    }
  };
  combinations(settings.exclude, "exclude", "exclude nothing", options.excluded);
  combinations(settings.require, "require", "require a step no train can show", options.required);
  planner_ = std::make_unique<sequences::SequencePlanner>(*automaton_, rates_.rates(), options);

  sampler_options_.seed = config.seed;
  sampler_options_.max_attempts = config.max_attempts;
  sampler_options_.dynamics.edits = settings.dynamics == SequenceDynamicsMode::Edits;
  sampler_options_.dynamics.max_edits = settings.max_edits;
  sampler_options_.rates = rates_.describe(names_);
  split_config_ = config;
  if (settings.incremental()) {
    curriculum_ = planner_->plan(settings.curriculum_seed, 0);
    offsets_.emplace([](std::uint64_t) { return 0; }, 0);
  } else {
    offsets_.emplace([planner = planner_.get(),
                      seed = seed_](std::uint64_t s) { return planner->length(seed, s); },
                     config.count);
  }
  if (config.unique && !settings.incremental()) plan_unique(config, inputs.rule_name);
}

// unique for sequences: sequence i, in order, takes the first redraw of its plan's trains whose
// list of trains (train_key each) no earlier sequence has; max_attempts redraws, then it stops
// before any file is written. The plan (letters, length, label, split) stays the sequence's.
void SequenceModel::plan_unique(const DatasetConfig& config, const std::string& rule_name) {
  SequenceSampler drawing = sampler();
  std::unordered_set<std::string> taken;
  std::vector<std::uint32_t> redraws;
  redraws.reserve(sequence_count());
  for (std::uint64_t s = 0; s < sequence_count(); ++s) {
    std::uint64_t redraw = 0;
    for (;; ++redraw) {
      if (redraw == config.max_attempts)
        throw TrainDemandError(
            "unique", "unique: sequence " + std::to_string(s) + " (" + split(s) + " split, " +
                          std::to_string(length(s)) +
                          " steps) found no list of "
                          "trains that is not already in the dataset in " +
                          std::to_string(config.max_attempts) +
                          " redraws (max_attempts): " + std::to_string(taken.size()) +
                          " distinct sequences found before it; rule " + rule_name + ", " +
                          std::to_string(config.sampler.min_cars) + " to " +
                          std::to_string(config.sampler.max_cars) +
                          " cars. Lower count, widen the trains or raise max_attempts");
      SymbolicSequence sequence = drawing.sequence(s, redraw);
      std::string key;
      for (const SequenceStep& step : sequence.steps) key += train_key(step.train.train) + "|";
      if (taken.insert(std::move(key)).second) break;
    }
    redraws.push_back(static_cast<std::uint32_t>(redraw));
  }
  redraws_ = std::move(redraws);
}

SequenceSampler SequenceModel::sampler() const {
  std::vector<NamedPredicate> copies;
  for (const NamedPredicate& p : rules_) copies.push_back({p.name, p.rule.clone()});
  return {train_sampler_, StepPredicates(std::move(copies)), label_rule_.clone(), *planner_,
          sampler_options_};
}

}  // namespace railyard
