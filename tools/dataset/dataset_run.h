// A whole dataset run, from a checked config to files on disk: resolve and load everything that
// can fail first (rule, scene, assets, output folder, renderer), then render the samples this
// process owns that are not done yet, then, for an unsharded run, write the dataset-wide files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "logic/train.h"
#include "renderer/scene.h"
#include "tools/dataset/config.h"
#include "tools/dataset/shard.h"

namespace railyard {

struct RunOptions {
  Shard shard;                     // whole dataset by default
  std::filesystem::path data_dir;  // holds logic/rules, scenes, assets
  std::string version;             // written into the dataset's info and manifest
  bool progress = true;
};

struct RunSummary {
  std::filesystem::path root;
  std::uint64_t rendered = 0;  // by this process
  std::uint64_t skipped = 0;   // already done by an earlier run
  std::uint64_t redone = 0;    // done earlier, but their files failed the check: rendered again
  double seconds = 0.0;
  bool finalized = false;
  std::string backend;  // the renderer's description
};

// railyard generate: trains sampled and labelled by config.rule.
RunSummary generate_dataset(const DatasetConfig& config, const RunOptions& options);

// railyard render: the trains of a description file, labels as given. `rule_name` names the
// dataset folder and the scenes' classification_rule.
RunSummary render_trains(const DatasetConfig& config, std::vector<LabelledTrain> trains,
                         const std::string& rule_name, const RunOptions& options);

// railyard view: the scene of sample i as `generate` lays it out, its train sampled and labelled
// by config.rule. Rule, scene and assets are loaded here, so their errors come before any window.
std::function<render::Scene(std::uint64_t index)> dataset_scenes(const DatasetConfig& config,
                                                                 const RunOptions& options);

// railyard merge: the dataset-wide files of a sharded run, once every shard is done.
std::filesystem::path merge_dataset(const DatasetConfig& config, const RunOptions& options);

}  // namespace railyard
