#include "tools/lib/suite/suite_run.h"

#include <cstdio>

#include "logic/errors.h"
#include "tools/lib/dataset/run_lock.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/records/suite_summary_record.h"
#include "tools/lib/suite/suite_check.h"
#include "tools/lib/suite/suite_summary.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {

namespace {

// A suite folder is taken when it is missing or holds no file, or when it is a suite railyard
// wrote: its summary.json reads as one, or a variant's dataset is one a railyard run started
// (a killed first run). Anything else is refused before any work: the summary files would replace
// a person's. Each variant's dataset folder is checked again by its own run.
void check_suite_folder(const Suite& suite, const SuiteCheck& check) {
  const std::filesystem::path& folder = suite.folder();
  if (!file_system::exists(folder)) return;
  if (!file_system::is_directory(folder))
    throw ConfigError(folder.string() + ": exists and is not a folder; choose another -o");
  try {
    read_suite_summary(folder / "summary.json");
    return;
  } catch (const InputError&) {
  } catch (const IoError&) {
  }
  for (std::size_t v = 0; v < suite.variants.size(); ++v)
    if (has_run_lock(DatasetPaths(dataset_identity(
            suite.variants[v].config, check.inputs[v].rule_name, check.inputs[v].scene_name))))
      return;
  if (std::string file = file_system::first_file_under(folder); !file.empty())
    throw ConfigError(folder.string() + ": holds '" + file +
                      "' but is not a suite railyard wrote (no summary.json, no variant "
                      "started); choose another -o");
}

// The whole pass (the summary's statistics are every train's), saying how far it is.
SuiteCheckOptions every_train(const RunOptions& options) {
  return {CheckTrains::Every, options.progress ? stderr : nullptr};
}

// Variants written as tar shards (outputs.layout: shards) make the suite what `railyard pack`
// makes of it: all of them, or none.
bool written_as_shards(const Suite& suite) {
  std::size_t shards = 0;
  for (const SuiteVariant& variant : suite.variants)
    shards += variant.config.outputs.layout == OutputLayout::Shards;
  if (shards != 0 && shards != suite.variants.size())
    throw ConfigError(suite.file.string() +
                      ": outputs.layout is shards for some variants only; give it in the suite's "
                      "config, for every variant");
  return shards != 0;
}

// The summary, and for a suite of shard folders pack's index of them (its variants' folders).
void finish_suite(const Suite& suite, const SuiteCheck& check, const RunOptions& options) {
  SuiteSummary summary = write_summary(suite, check);
  if (!written_as_shards(suite)) return;
  ShardIndex index;
  index.version = options.version;
  index.kind = "suite";
  for (const SuiteVariantSummary& variant : summary.variants)
    index.folders.push_back(variant.folder);
  write_file_atomically(suite.folder() / kShardIndexFile, shard_index_text(index));
}

}  // namespace

std::vector<RunSummary> run_suite(const Suite& suite, const RunOptions& options) {
  SuiteCheck check = check_suite(suite, options.data_dir, every_train(options));
  check_suite_folder(suite, check);
  written_as_shards(suite);
  std::vector<RunSummary> summaries;
  for (const SuiteVariant& variant : suite.variants) {
    if (options.progress) std::fprintf(stderr, "variant %s\n", variant.name.c_str());
    RunOptions whole = options;
    whole.shard = Shard{};
    summaries.push_back(generate_dataset(variant.config, whole));
  }
  finish_suite(suite, check, options);
  return summaries;
}

SuiteTask suite_task(const Suite& suite, const Shard& task) {
  std::uint64_t variants = suite.variants.size();
  if (task.count % variants != 0)
    throw ConfigError(suite.file.string() + ": " + std::to_string(task.count) +
                      " tasks cannot be shared by " + std::to_string(variants) +
                      " variants: use a multiple of " + std::to_string(variants) +
                      " (variants x shards per variant)");
  std::uint64_t shards = task.count / variants;
  return {static_cast<std::size_t>(task.index / shards), Shard{task.index % shards, shards}};
}

RunSummary run_suite_task(const Suite& suite, const Shard& task, RunOptions options) {
  SuiteTask mine = suite_task(suite, task);
  written_as_shards(suite);
  check_suite_folder(suite, check_suite(suite, options.data_dir, {CheckTrains::FirstTwo, nullptr}));
  options.shard = mine.shard;
  const SuiteVariant& variant = suite.variants[mine.variant];
  if (options.progress)
    std::fprintf(stderr, "variant %s, shard %llu/%llu\n", variant.name.c_str(),
                 static_cast<unsigned long long>(mine.shard.index),
                 static_cast<unsigned long long>(mine.shard.count));
  return generate_dataset(variant.config, options);
}

void merge_suite(const Suite& suite, const RunOptions& options) {
  SuiteCheck check = check_suite(suite, options.data_dir, every_train(options));
  for (const SuiteVariant& variant : suite.variants) {
    try {
      merge_dataset(variant.config, options);
    } catch (const std::exception& e) {
      throw std::runtime_error("variant '" + variant.name + "': " + e.what());
    }
  }
  finish_suite(suite, check, options);
}

}  // namespace railyard
