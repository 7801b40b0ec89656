#include "tools/lib/dataset/pairs/pair_plan.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include "logic/errors.h"
#include "logic/vocabulary.h"

namespace railyard {
namespace {

SearchOptions search_options(const InterventionSettings& settings) {
  SearchOptions options;
  options.max_edits = settings.max_edits;
  options.kinds = settings.kinds;
  return options;
}

// Why a plan without pairs is refused: the settings that made it, and one train's reason.
std::string empty_plan_message(const InterventionSettings& settings, std::uint64_t considered,
                               const UnpairedTrain& sample) {
  std::string how = "mode " + std::string(intervention_mode_name(settings.mode));
  if (settings.mode == InterventionMode::Listed)
    how += ", operations \"" + format_operations(settings.operations) + "\"";
  else
    how += ", kinds \"" + format_edit_kinds(settings.kinds) + "\"";
  if (settings.mode == InterventionMode::Flip)
    how += ", max_edits " + std::to_string(settings.max_edits);
  if (settings.keep != PairKeep::All)
    how += ", keep " + std::string(kPairKeepNames.name(settings.keep));
  std::string trains =
      considered == 1 ? "the one base train has no twin"
                      : "none of the " + std::to_string(considered) + " base trains has a twin";
  return "interventions: " + trains + " (" + how + "; train " + std::to_string(sample.train) +
         ": " + sample.reason +
         "): there is no pair to render, and nothing was written. Change the interventions "
         "settings or the trains (count, indices, cars, constraints)";
}

}  // namespace

PairPlanner::PairPlanner(const DatasetConfig& config, Rule rule)
    : settings_(config.interventions),
      seed_(config.seed),
      rule_(std::make_unique<Rule>(std::move(rule))) {
  check_intervention_settings(settings_);  // what check_config refuses, for any caller
  // A pair is judged by its labels (flipped or kept); noisy or withheld ones would hide that.
  if (config.label_noise > 0.0)
    throw ConfigError(
        "label_noise: pairs carry the rule's labels, which flipped/kept compares; "
        "it must be 0 for railyard intervene");
  if (config.supervision < 1.0)
    throw ConfigError(
        "supervision: pairs carry every label, which flipped/kept compares; it "
        "must be 1 for railyard intervene");
  if (config.supervision_decay)
    throw ConfigError(
        "supervision_decay: pairs carry every label, which flipped/kept compares; remove it "
        "for railyard intervene");
  if (config.compositions)
    throw ConfigError(
        "compositions: an intervened twin changes which clauses its train satisfies; remove it "
        "for railyard intervene");
  if (settings_.mode == InterventionMode::Flip || settings_.mode == InterventionMode::Preserve) {
    try {
      search_.emplace(*rule_, search_options(settings_));
    } catch (const InterventionError& e) {
      throw ConfigError(std::string("interventions: ") + e.what());
    }
  }
}

Expected<Intervention> PairPlanner::intervention(std::uint64_t index, const Train& base) {
  switch (settings_.mode) {
    case InterventionMode::Listed: {
      auto result = intervene(base, settings_.operations, *rule_);
      refused_operation_ = !result.has_value();
      return result;
    }
    case InterventionMode::Random: {
      RandomStream stream = intervention_stream(seed_, index);
      return intervene_randomly(base, settings_.kinds, stream, *rule_);
    }
    case InterventionMode::Flip: return search_->flip(base);
    case InterventionMode::Preserve: {
      std::vector<Intervention> found = search_->preserving(base);
      if (found.empty())
        return Refusal{"no single edit of " + format_edit_kinds(settings_.kinds) +
                       " keeps the label"};
      RandomStream stream = intervention_stream(seed_, index);
      auto pick = stream.uniform_int(0, static_cast<std::int64_t>(found.size()) - 1);
      return std::move(found[static_cast<std::size_t>(pick)]);
    }
  }
  return Refusal{"unknown intervention mode"};
}

Expected<Intervention> PairPlanner::kept(Expected<Intervention> result) const {
  if (!result) return result;
  bool flipped = result->flipped();
  if (settings_.keep == PairKeep::Flipped && !flipped)
    return Refusal{"the label stays " + std::string(name(result->label)) + " (keep: flipped)"};
  if (settings_.keep == PairKeep::Preserved && flipped)
    return Refusal{"the label flips from " + std::string(name(result->base_label)) + " to " +
                   std::string(name(result->label)) + " (keep: preserved)"};
  return result;
}

Expected<Intervention> PairPlanner::twin(std::uint64_t index, const Train& base) {
  refused_operation_ = false;
  Expected<Intervention> result = kept(intervention(index, base));
  // Operations that leave the train as it was (a roof set to none where there is none) make no
  // pair: its two pictures would be one, which a pairs folder's reader refuses.
  if (result && result->train == base)
    return Refusal{"the operations change nothing on this train (" + format_changes(*result) + ")"};
  return result;
}

BaseTrains::BaseTrains(const InterventionSettings& settings, std::uint64_t count) : count_(count) {
  if (settings.mode == InterventionMode::Listed && !settings.indices.empty()) {
    listed_ = true;
    indices_ = settings.indices;
    std::sort(indices_.begin(), indices_.end());
    indices_.erase(std::unique(indices_.begin(), indices_.end()), indices_.end());
  }
}

PairStream::PairStream(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
                       std::function<void(const UnpairedTrain&)> unpaired)
    : settings_(config.interventions),
      trains_(trains),
      planner_(planner),
      unpaired_(std::move(unpaired)),
      base_(config.interventions, config.count) {}

std::optional<PlannedPair> PairStream::next(std::uint64_t max_trains) {
  for (std::uint64_t tried = 0; tried < max_trains && !finished(); ++tried) {
    std::uint64_t index = base_[considered_++];
    LabelledTrain base = trains_.train(index);
    Expected<Intervention> twin = planner_.twin(index, base.train);
    if (twin) return PlannedPair{pairs_++, index, std::move(base), std::move(twin.value())};
    if (planner_.refused_operation() && settings_.on_refusal == OnRefusal::Fail)
      throw ConfigError("interventions.operations: train " + std::to_string(index) + " refuses " +
                        twin.reason() +
                        " (interventions.on_refusal: skip leaves such trains unpaired)");
    if (!first_unpaired_) first_unpaired_ = UnpairedTrain{index, twin.reason()};
    if (unpaired_) unpaired_({index, twin.reason()});
  }
  if (finished() && pairs_ == 0 && first_unpaired_)
    throw ConfigError(empty_plan_message(settings_, base_.size(), *first_unpaired_));
  return std::nullopt;
}

PlannedPair planned_pair(std::uint64_t pair, std::uint64_t train, TrainSource& trains,
                         PairPlanner& planner) {
  LabelledTrain base = trains.train(train);
  Expected<Intervention> twin = planner.twin(train, base.train);
  if (!twin)
    throw std::logic_error("pair " + std::to_string(pair) + ": train " + std::to_string(train) +
                           " has no twin (" + twin.reason() + ")");
  return PlannedPair{pair, train, std::move(base), std::move(twin.value())};
}

void check_plan_start(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
                      std::uint64_t listed_prefix) {
  PairStream stream(config, trains, planner);
  const InterventionSettings& settings = config.interventions;
  if (settings.mode == InterventionMode::Listed && settings.on_refusal == OnRefusal::Fail)
    while (!stream.finished() && stream.considered() < listed_prefix)
      stream.next(listed_prefix - stream.considered());
  while (stream.pairs() == 0 && !stream.finished()) stream.next();
}

PairPlan plan_pairs(const DatasetConfig& config, TrainSource& trains, PairPlanner& planner,
                    const std::function<void(const UnpairedTrain&)>& unpaired,
                    const std::function<void(const PlannedPair&)>& paired) {
  PairStream stream(config, trains, planner, unpaired);
  while (auto pair = stream.next())
    if (paired) paired(*pair);
  return {stream.pairs(), stream.considered()};
}

}  // namespace railyard
