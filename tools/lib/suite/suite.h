// A benchmark suite: a training set and named test variants that differ from it in controlled
// ways, built from one base config and written as one folder (tools/lib/suite/README.md documents
// the suite file). Every variant IS a dataset config: the base, then the variant's overrides
// through the dataset schema, then the suite's hold-out, seed and output folder, then the command
// line's
// --scale and --set. Generating a variant is `railyard generate` with that config.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "logic/train_pattern.h"
#include "tools/lib/dataset/config.h"

namespace railyard {

struct SuiteVariant {
  std::string name;  // unique in the suite; the variant's folder
  DatasetConfig config;
  bool holdout = false;  // requires the suite's held-out combinations instead of excluding them
  int line = 0;          // where the suite file declares it, for messages
};

struct Suite {
  std::filesystem::path file;
  std::string name;                   // the suite's folder under `output`
  std::uint64_t seed = 0;             // every variant's seed derives from it (variant_seed)
  std::filesystem::path output;       // the suite folder is output / name
  std::vector<TrainPattern> holdout;  // combinations the training set never shows
  bool curriculum = false;            // the variants are tasks, in order
  std::string reference;              // the training set: distances and leakage are against it
  std::vector<SuiteVariant> variants;

  std::filesystem::path folder() const { return output / name; }
  const SuiteVariant& variant(const std::string& name) const;  // throws ConfigError
  std::size_t index_of(const std::string& name) const;
};

// What the command line adds to every variant, after the suite file.
struct SuiteOverrides {
  double scale = 1.0;                    // multiplies count and subsets (see scale_config)
  std::vector<std::string> assignments;  // key=value of the dataset schema, in order
  std::filesystem::path output;          // replaces the suite's output folder when not empty
};

// Reads and checks a suite file and builds every variant's config. Throws InputError (or a
// subclass) naming the suite file, the variant and the key at fault, before any work.
Suite load_suite(const std::filesystem::path& file, const SuiteOverrides& overrides = {});

// A variant's seed: SplitMix64's mix of the suite seed and the FNV-1a hash of the variant's name,
// so variants get independent streams, a variant's trains do not change when others are added,
// renamed or reordered, and the same name in another suite seed gets other trains.
std::uint64_t variant_seed(std::uint64_t suite_seed, const std::string& variant_name);

// count and subsets times `scale` (at least 2 samples, rounded up); subsets that collapse onto a
// smaller one or no longer fit the train split are dropped. For quick runs of a big suite. Throws
// ConfigError naming the scale, the count and the schema's range for count when the scaled count
// is past what `generate` takes.
void scale_config(DatasetConfig& config, double scale);

}  // namespace railyard
