// The dataset-wide files, written once every sample is on disk: all_scenes.json, the COCO file,
// the description file (+ JSON Lines), splits and the manifest, then the config's exports. They
// are built from the per-sample records alone, so a merge of shards and a single run give the
// same bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/splits.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/input_files.h"

namespace railyard {

struct FinalizeContext {
  const DatasetConfig& config;
  const DatasetPaths& paths;
  std::string rule_name;
  std::string scene_name;
  std::string created_date;  // the day the dataset was started (see run_lock.h)
  std::string version;
  std::optional<std::vector<InputFile>>
      inputs;           // input files and hashes (run_lock.h), for the manifest
  bool exports = true;  // write the config's exports (verify makes the rest alone)
  // A run kind whose units are not samples (sequences) says how many samples there are, how
  // they split (a sequence is never split), and sees every record to write its own files
  // before the manifest (which lists them: sequence_files) and the exports.
  std::optional<std::uint64_t> samples = std::nullopt;  // config.count when not given
  std::function<Splits()> splits = nullptr;  // after every record is seen; by label if not given
  std::function<void(const SampleRecord&)> on_record = nullptr;
  std::function<std::vector<std::filesystem::path>()> before_manifest = nullptr;
  // Where the records are: records/<i>.json unless given. A run writing tar shards gives both:
  // `check_complete` throws naming what is not written yet (before any file is written), and
  // `read_record(i, where)` gives record i's text, asked in index order (`where` names the shard
  // and member in messages).
  std::function<void()> check_complete = nullptr;
  std::function<std::string(std::uint64_t, std::string& where)> read_record = nullptr;
};

// Samples whose record is not on disk yet.
std::vector<std::uint64_t> missing_samples(const DatasetPaths& paths, std::uint64_t count);

// Throws std::runtime_error naming missing samples; writes nothing then.
void finalize_dataset(const FinalizeContext& context);

}  // namespace railyard
