// Where a dataset's trains come from: sampled and labelled by a rule (generate), or read from a
// description file (render). Either way train i is a pure function of i.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "logic/balanced_set.h"
#include "logic/rule.h"
#include "logic/sampler.h"
#include "tools/records/formats/sequence_step.h"

namespace railyard {

class TrainSource {
 public:
  virtual ~TrainSource() = default;
  virtual LabelledTrain train(std::uint64_t index) = 0;  // with its true label
  // Train i's place in a temporal sequence, for a source whose trains are steps of one.
  virtual std::optional<SequenceStepRecord> sequence_step(std::uint64_t) { return std::nullopt; }
};

class SampledTrains final : public TrainSource {
 public:
  SampledTrains(SamplerConfig config, Rule rule, BalanceOptions balance, std::uint64_t seed)
      : sampler_(std::move(config)), rule_(std::move(rule)), balance_(balance), seed_(seed) {}

  LabelledTrain train(std::uint64_t index) override {
    auto label = [&](const Train& t) { return rule_.label(t); };
    return sample_labelled(sampler_, label, seed_, index, balance_);
  }

 private:
  TrainSampler sampler_;
  Rule rule_;
  BalanceOptions balance_;
  std::uint64_t seed_;
};

class DescribedTrains final : public TrainSource {
 public:
  explicit DescribedTrains(std::vector<LabelledTrain> trains) : trains_(std::move(trains)) {}
  LabelledTrain train(std::uint64_t index) override { return trains_.at(index); }
  std::uint64_t size() const { return trains_.size(); }

 private:
  std::vector<LabelledTrain> trains_;
};

}  // namespace railyard
