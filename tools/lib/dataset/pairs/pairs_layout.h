// Where a pairs dataset lives (pairs_run.h has the tree): its folder, named after the whole
// dataset and the intervention mode, and the two halves inside it, datasets of their own.
#pragma once

#include <filesystem>
#include <string>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/pairs_folder.h"

namespace railyard {

// Where a pairs dataset lives; the two halves are datasets of their own.
struct PairsLayout {
  PairsLayout(const DatasetConfig& config, const DatasetInputs& inputs)
      : root(pairs_root(config, inputs)),
        base(half_identity(config, inputs, root / "base")),
        twin(half_identity(config, inputs, root / "intervened")) {}

  std::filesystem::path root;
  DatasetPaths base, twin;

  std::filesystem::path pair_file(std::uint64_t pair) const {
    return PairsFolder::pair_file(root, pair);
  }

 private:
  static std::filesystem::path pairs_root(const DatasetConfig& config,
                                          const DatasetInputs& inputs) {
    DatasetPaths whole(dataset_identity(config, inputs.rule_name, inputs.scene_name));
    return config.output /
           (whole.root().filename().string() + "_" +
            std::string(intervention_mode_name(config.interventions.mode)) + "_pairs");
  }
  static DatasetIdentity half_identity(const DatasetConfig& config, const DatasetInputs& inputs,
                                       const std::filesystem::path& output) {
    DatasetIdentity identity = dataset_identity(config, inputs.rule_name, inputs.scene_name);
    identity.output = output;
    return identity;
  }
};

}  // namespace railyard
