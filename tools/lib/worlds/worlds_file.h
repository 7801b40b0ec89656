// A worlds spec file (configs/worlds/*.yaml): the keys of worlds::WorldSpec, declared once in a
// schema, plus `dataset:`, the dataset keys every world's dataset takes (its trains are also the
// base distribution the worlds' shares are measured on, so the fact lives in one place).
//
//   name: graphlog57          # the rule files' and the suite's name
//   seed: 0
//   pool: 76                  # concepts; worlds = (pool - window) / stride + 1
//   window: 20
//   stride: 1
//   concepts: {cars: [1, 3], literals: [1, 3], kinds: [attribute, comparison, equality, infront],
//              negation: 0.2, share: [0.01, 0.06]}
//   worlds: {share: [0.35, 0.65], confidence: 0.99, split: {train: 51, val: 3, test: 3}}
//   probe: {trains: 4000, share_trains: 20000, min_distance: 0.01}
//   patience: 2000
//   curriculum: {gamma: 0.8, beta: 0.2}   # KANDY's fading labels along curriculum.yaml
//   dataset: {count: 7000, min_cars: 2, max_cars: 4, compositions: {train: single, ...}}
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "logic/worlds/world_spec.h"
#include "tools/lib/dataset/config.h"
#include "util/settings_schema.h"

namespace railyard {

// Labels fading along the curriculum suite (KANDY): task k of K gets the span [k/K, (k+1)/K] of
// one curve from gamma to beta (the dataset key supervision_decay). 1 and 1: every label given.
struct CurriculumSupervision {
  double gamma = 1.0, beta = 1.0;
  bool fades() const { return gamma < 1.0 || beta < 1.0; }
};

struct WorldsFile {
  worlds::WorldSpec spec;
  CurriculumSupervision curriculum;
  DatasetConfig dataset;     // the defaults and `dataset:`
  std::string dataset_yaml;  // `dataset:` as written (a flow map), for the suite files
  std::filesystem::path file;
};

const Schema<worlds::WorldSpec>& world_spec_schema();
const Schema<CurriculumSupervision>& curriculum_schema();

// Reads the file, then `assignments` ("key=value", e.g. "pool=30", "dataset.count=100").
// Throws ConfigError naming file, line and key, or WorldsError for what only the whole spec
// can tell.
WorldsFile load_worlds_file(const std::filesystem::path& file,
                            const std::vector<std::string>& assignments = {});

}  // namespace railyard
