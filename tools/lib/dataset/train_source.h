// Where a dataset's trains come from: sampled and labelled by a rule (generate), or read from a
// description file (render). Either way train i is a pure function of i (and, for a set with
// `unique`, of the plan made from the config before any train is taken: train_plan.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "logic/balanced_set.h"
#include "logic/rule.h"
#include "logic/sampler.h"
#include "tools/lib/dataset/settings/compositions.h"
#include "tools/lib/records/formats/sequence_step.h"

namespace railyard {

class TrainSource {
 public:
  virtual ~TrainSource() = default;
  virtual LabelledTrain train(std::uint64_t index) = 0;  // with its true label
  // Train i's place in a temporal sequence, for a source whose trains are steps of one.
  virtual std::optional<SequenceStepRecord> sequence_step(std::uint64_t) { return std::nullopt; }
  // A set with per-split compositions: how many clauses of eastbound/1 the train satisfies.
  virtual std::optional<std::uint32_t> clauses(const Train&) { return std::nullopt; }
  // Whether train i's label is given, for a source that decides it (a sequence set: per
  // sequence); nullopt: the dataset's supervision decides (SampleSettings::labelled).
  virtual std::optional<bool> label_given(std::uint64_t) { return std::nullopt; }
  // The samples of the run's first `units` units (a sequence set's: their steps).
  virtual std::uint64_t samples_of_first(std::uint64_t units) const { return units; }
};

class SampledTrains final : public TrainSource {
 public:
  SampledTrains(SamplerConfig config, Rule rule, BalanceOptions balance, std::uint64_t seed)
      : sampler_(std::move(config)), rule_(std::move(rule)), balance_(balance), seed_(seed) {}

  // Train i: sample_labelled's, or with compositions or unique the attempt they choose
  // (train_plan.h). Throws UnreachableClassError (TrainDemandError).
  LabelledTrain train(std::uint64_t index) override;
  std::optional<std::uint32_t> clauses(const Train& train) override;

  // East trains of index i's split (split_of[i]: 0 train, 1 val, 2 test) meet that split's
  // composition. Throws ConfigError naming `compositions` for an unbalanced set or a rule whose
  // eastbound/1 has fewer than two clauses.
  void require_compositions(const Compositions& compositions, std::vector<std::uint8_t> split_of);
  // unique: the plan of indices 0..count-1, made now (train_plan.h). Throws TrainDemandError
  // (or UnreachableClassError) for the first index it cannot fill.
  void plan_unique(std::uint64_t count);
  // The attempt each index takes under unique (empty without it).
  const std::vector<std::uint32_t>& plan() const { return plan_; }
  bool needs_every_index() const { return compositions_.has_value(); }

 private:
  std::size_t split_of(std::uint64_t index) const;

  TrainSampler sampler_;
  Rule rule_;
  BalanceOptions balance_;
  std::uint64_t seed_;
  std::optional<Compositions> compositions_;
  std::vector<std::uint8_t> split_of_;
  std::vector<std::uint32_t> plan_;
};

class DescribedTrains final : public TrainSource {
 public:
  explicit DescribedTrains(std::vector<LabelledTrain> trains) : trains_(std::move(trains)) {}
  LabelledTrain train(std::uint64_t index) override { return trains_.at(index); }
  std::uint64_t size() const { return trains_.size(); }

 private:
  std::vector<LabelledTrain> trains_;
};

// Another source asked by several producing threads one at a time: a rule's engine labels one
// train at a time, and drawing a train is a small share of a sample's work.
class SerialTrains final : public TrainSource {
 public:
  explicit SerialTrains(TrainSource& trains) : trains_(trains) {}
  LabelledTrain train(std::uint64_t index) override {
    std::lock_guard lock(mutex_);
    return trains_.train(index);
  }
  std::optional<SequenceStepRecord> sequence_step(std::uint64_t index) override {
    std::lock_guard lock(mutex_);
    return trains_.sequence_step(index);
  }
  std::optional<std::uint32_t> clauses(const Train& train) override {
    std::lock_guard lock(mutex_);
    return trains_.clauses(train);
  }
  std::optional<bool> label_given(std::uint64_t index) override {
    std::lock_guard lock(mutex_);
    return trains_.label_given(index);
  }
  std::uint64_t samples_of_first(std::uint64_t units) const override {
    return trains_.samples_of_first(units);
  }

 private:
  TrainSource& trains_;
  std::mutex mutex_;
};

}  // namespace railyard
