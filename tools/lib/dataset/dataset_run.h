// The sample run kinds, `generate` (trains sampled and labelled by a rule) and `render` (trains of
// a description file), on the run skeleton (run_job.h): a unit is a sample index, its item the
// rendered sample, its output a dataset folder finished by finalize_dataset. With
// outputs.layout: shards the samples go into tar shards instead of files (tar_shard_plan.h):
// every index's split is known before any is rendered (the labels sampled first), and a shard,
// not a sample, is what a farm task writes and a resumed run finds done.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "logic/train.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/run_job.h"
#include "tools/lib/dataset/sample_writer.h"
#include "tools/lib/dataset/tar_shard_plan.h"
#include "tools/lib/dataset/train_source.h"
#include "tools/lib/records/dataset_paths.h"

namespace railyard {

// The output of a run whose units are the samples of one dataset folder (generate, render, and a
// test's sequences of trains): the folder and how finalize_dataset finishes it.
class DatasetOutput : public RunOutput {
 public:
  // rule_name, scene_name: the resolved names (inputs.h) the folder is named after.
  DatasetOutput(const DatasetConfig& config, std::string rule_name, std::string scene_name);

  const DatasetPaths& lock_folder() const override { return paths_; }
  // Files layout: every folder of the dataset; shards layout: the folder, runs/ and the plan's
  // shard size (runs/shards/plan.json, which a merge reads).
  void create_folders() const override;
  void remove_temporaries() const override;  // this dataset's description files
  // The dataset-wide files; shards layout: from the records in the shards, then shards.json.
  void finalize(const RunLock& lock, const std::string& version) override;
  // A run with outputs.layout: shards writes the shards of `plan` (set before the run); `kind`:
  // shards.json's (dataset, sequences).
  void write_shards(const TarShardPlan& plan, std::string kind = "dataset") {
    shards_ = &plan;
    shard_kind_ = std::move(kind);
  }

  const DatasetConfig& config() const { return config_; }
  const DatasetPaths& paths() const { return paths_; }
  const std::string& rule_name() const { return rule_name_; }
  const std::string& scene_name() const { return scene_name_; }
  // Writes a sample's files into this folder, its record last.
  SampleWriter writer() const { return {config_, paths_, rule_name_, scene_name_}; }

 private:
  const DatasetConfig& config_;
  std::string rule_name_, scene_name_;
  DatasetPaths paths_;

 protected:
  // What a kind adds to finalize's context (a sequence set: its files and splits).
  virtual void prepare(FinalizeContext&) {}
  // Where sample `sample`'s record is in the shards: its unit and member name.
  struct ShardMember {
    std::uint64_t unit = 0;
    std::string name;
  };
  virtual ShardMember record_in_shards(std::uint64_t sample) const { return {sample, "json"}; }

 private:
  const TarShardPlan* shards_ = nullptr;
  std::string shard_kind_ = "dataset";
};

// railyard generate without a `sequence:` section: trains sampled and labelled by config.rule.
RunSummary generate_samples(const DatasetConfig& config, const RunOptions& options);

// railyard render: the trains of a description file, labels as given. `rule_name` names the
// dataset folder and the scenes' classification_rule.
RunSummary render_trains(const DatasetConfig& config, std::vector<LabelledTrain> trains,
                         const std::string& rule_name, const RunOptions& options);

// The samples of `trains` (generate's, render's, an incremental curriculum's episode) rendered
// into the dataset folder of `config`, named after `rule_name`.
RunSummary render_samples(const DatasetConfig& config, const DatasetInputs& inputs,
                          TrainSource& trains, const std::string& rule_name,
                          const RunOptions& options);

// The dataset-wide files of a sharded run of samples, once every shard is done.
std::filesystem::path merge_samples(const DatasetConfig& config, const RunOptions& options);

}  // namespace railyard
