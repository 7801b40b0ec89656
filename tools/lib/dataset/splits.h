// Train/val/test splits stratified by label, and nested training subsets (e.g. 100 in 1k in
// 10k) with the train split's label balance. Everything is a deterministic function of the
// labels and the seed, so a merged sharded run and a single run split identically.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "logic/train.h"
#include "tools/lib/dataset/config.h"

namespace railyard {

struct Splits {
  std::vector<std::uint64_t> train, val, test;      // ascending sample indices
  std::vector<std::vector<std::uint64_t>> subsets;  // one per requested size, ascending
};

// labels[i] is sample i's true label. Throws ConfigError when a subset is larger than the train
// split.
Splits make_splits(std::span<const Direction> labels, const SplitRatios& ratios,
                   const std::vector<std::uint64_t>& subset_sizes, std::uint64_t seed);

// The split of each of `count` indices (0 train, 1 val, 2 test).
std::vector<std::uint8_t> split_of_indices(const Splits& splits, std::uint64_t count);

// The split of every index of a balanced set (0 train, 1 val, 2 test), known before any train is
// sampled: its labels are target_label's, and make_splits splits by label and seed alone.
std::vector<std::uint8_t> balanced_split_of(const DatasetConfig& config);

// splits/train.txt, val.txt, test.txt and train_<size>.txt: one index per line.
void write_splits(const Splits& splits, const std::vector<std::uint64_t>& subset_sizes,
                  const std::filesystem::path& folder);

// A semi-supervised set's splits/labelled.txt and unlabelled.txt (label_noise.h): the samples
// whose label is given and those whose label is withheld, whatever split they are in.
void write_supervision(const std::vector<std::uint64_t>& labelled,
                       const std::vector<std::uint64_t>& unlabelled,
                       const std::filesystem::path& folder);

}  // namespace railyard
