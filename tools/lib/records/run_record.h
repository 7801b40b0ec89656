// runs/shard-<i>-of-<N>.json: what the processes of one shard did, for the manifest's timing
// (finalize.cpp sums them). A rerun of the shard (after a kill) adds its wall time to the
// earlier runs':
//
// {"backend": the renderer's description, "rendered_last_run": samples the last run rendered,
//  "shard": "<i>/<N>", "wall_seconds": the shard's runs together}
//
// Written atomically, so a killed run never leaves half a record: a record that does not read is
// damaged, and its readers refuse it naming the file and the key.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tools/lib/records/json/json_fields.h"

namespace railyard {

struct RunRecord {
  std::uint64_t shard_index = 0, shard_count = 1;  // shard <index> of <count>
  double wall_seconds = 0.0;
  std::uint64_t rendered_last_run = 0;
  std::string backend;

  bool operator==(const RunRecord&) const = default;
};

// "shard-<index>-of-<count>.json", the record's name under runs/.
std::string run_record_name(std::uint64_t index, std::uint64_t count);

nlohmann::json to_json(const RunRecord& record);
std::string run_record_text(const RunRecord& record);  // the bytes of the file
// Writes the record atomically (IoError when it cannot be written).
void write_run_record(const std::filesystem::path& path, const RunRecord& record);

// Throws DatasetError naming `origin` and the key when the JSON is not a run record.
RunRecord run_record_from_json(const nlohmann::json& json, const JsonOrigin& origin);
// Reads a run record. Throws DatasetError naming the file (and the line of a JSON fault) and the
// key when it is not one, or when its name is not run_record_name of its shard; IoError when it
// cannot be read.
RunRecord read_run_record(const std::filesystem::path& path);

}  // namespace railyard
