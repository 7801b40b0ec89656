#include "tools/lib/dataset/splits.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "logic/balanced_set.h"
#include "logic/errors.h"
#include "util/atomic_file.h"
#include "util/random.h"

namespace railyard {
namespace {

constexpr std::uint64_t kSplitDomain = 0x7370'6c69'7400'0003ULL;

// Indices of one class in a seeded random order (Fisher-Yates).
std::vector<std::uint64_t> shuffled_class(std::span<const Direction> labels, Direction label,
                                          std::uint64_t seed) {
  std::vector<std::uint64_t> indices;
  for (std::uint64_t i = 0; i < labels.size(); ++i)
    if (labels[i] == label) indices.push_back(i);
  RandomStream random(seed, static_cast<std::uint64_t>(label), 0, kSplitDomain);
  for (std::size_t i = indices.size(); i > 1; --i)
    std::swap(indices[i - 1], indices[static_cast<std::size_t>(random.uniform_int(0, i - 1))]);
  return indices;
}

std::vector<std::uint64_t> sorted(std::vector<std::uint64_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

void append(std::vector<std::uint64_t>& to, const std::vector<std::uint64_t>& from,
            std::size_t begin, std::size_t end) {
  to.insert(to.end(), from.begin() + static_cast<std::ptrdiff_t>(begin),
            from.begin() + static_cast<std::ptrdiff_t>(end));
}

}  // namespace

Splits make_splits(std::span<const Direction> labels, const SplitRatios& ratios,
                   const std::vector<std::uint64_t>& subset_sizes, std::uint64_t seed) {
  Splits splits;
  std::vector<std::uint64_t> train_by_class[2];
  for (Direction label : {Direction::West, Direction::East}) {
    auto order = shuffled_class(labels, label, seed);
    std::size_t n = order.size();
    auto n_train = static_cast<std::size_t>(std::llround(ratios.train * static_cast<double>(n)));
    auto n_val = std::min(
        n - n_train, static_cast<std::size_t>(std::llround(ratios.val * static_cast<double>(n))));
    train_by_class[static_cast<int>(label)].assign(
        order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n_train));
    append(splits.train, order, 0, n_train);
    append(splits.val, order, n_train, n_train + n_val);
    append(splits.test, order, n_train + n_val, n);
  }
  const auto& west = train_by_class[static_cast<int>(Direction::West)];
  const auto& east = train_by_class[static_cast<int>(Direction::East)];
  std::uint64_t n_train = splits.train.size();
  for (std::uint64_t size : subset_sizes) {
    if (size > n_train)
      throw ConfigError("subset of " + std::to_string(size) + " is larger than the train split (" +
                        std::to_string(n_train) + " samples)");
    // ceil keeps both class counts non-decreasing in size, so every subset holds the smaller ones.
    auto n_west = static_cast<std::size_t>(
        std::ceil(static_cast<double>(size) * static_cast<double>(west.size()) /
                  static_cast<double>(n_train)));
    n_west = std::min<std::size_t>(n_west, size);
    std::vector<std::uint64_t> subset;
    append(subset, west, 0, n_west);
    append(subset, east, 0, size - n_west);
    splits.subsets.push_back(sorted(std::move(subset)));
  }
  splits.train = sorted(std::move(splits.train));
  splits.val = sorted(std::move(splits.val));
  splits.test = sorted(std::move(splits.test));
  return splits;
}

std::vector<std::uint8_t> balanced_split_of(const DatasetConfig& config) {
  std::vector<Direction> labels(config.count);
  for (std::uint64_t i = 0; i < config.count; ++i) labels[i] = target_label(i);
  return split_of_indices(make_splits(labels, config.splits, config.subsets, config.seed),
                          config.count);
}

std::vector<std::uint8_t> split_of_indices(const Splits& splits, std::uint64_t count) {
  std::vector<std::uint8_t> split_of(count, 0);
  for (std::uint64_t i : splits.val) split_of[i] = 1;
  for (std::uint64_t i : splits.test) split_of[i] = 2;
  return split_of;
}

namespace {

void write_index_file(const std::filesystem::path& file,
                      const std::vector<std::uint64_t>& indices) {
  std::string text;
  for (std::uint64_t i : indices) text += std::to_string(i) + "\n";
  write_file_atomically(file, text);
}

}  // namespace

void write_splits(const Splits& splits, const std::vector<std::uint64_t>& subset_sizes,
                  const std::filesystem::path& folder) {
  auto write = [&](const std::string& name, const std::vector<std::uint64_t>& indices) {
    write_index_file(folder / name, indices);
  };
  write("train.txt", splits.train);
  write("val.txt", splits.val);
  write("test.txt", splits.test);
  for (std::size_t k = 0; k < subset_sizes.size(); ++k)
    write("train_" + std::to_string(subset_sizes[k]) + ".txt", splits.subsets[k]);
}

void write_supervision(const std::vector<std::uint64_t>& labelled,
                       const std::vector<std::uint64_t>& unlabelled,
                       const std::filesystem::path& folder) {
  write_index_file(folder / "labelled.txt", labelled);
  write_index_file(folder / "unlabelled.txt", unlabelled);
}

}  // namespace railyard
