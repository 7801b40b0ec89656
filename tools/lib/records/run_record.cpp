#include "tools/lib/records/run_record.h"

#include <charconv>
#include <cmath>

#include "util/atomic_file.h"
#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

// "<i>/<N>": whole numbers, i < N.
bool parse_shard(const std::string& text, std::uint64_t& index, std::uint64_t& count) {
  std::size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  const char* begin = text.data();
  const char* end = begin + text.size();
  auto [after_index, e1] = std::from_chars(begin, begin + slash, index);
  auto [after_count, e2] = std::from_chars(begin + slash + 1, end, count);
  return slash > 0 && e1 == std::errc() && after_index == begin + slash && e2 == std::errc() &&
         after_count == end && slash + 1 < text.size() && index < count;
}

}  // namespace

std::string run_record_name(std::uint64_t index, std::uint64_t count) {
  return "shard-" + std::to_string(index) + "-of-" + std::to_string(count) + ".json";
}

nlohmann::json to_json(const RunRecord& record) {
  // A plain (key-sorted) object: the form these files have always had.
  return {{"shard", std::to_string(record.shard_index) + "/" + std::to_string(record.shard_count)},
          {"wall_seconds", record.wall_seconds},
          {"rendered_last_run", record.rendered_last_run},
          {"backend", record.backend}};
}

std::string run_record_text(const RunRecord& record) {
  return to_json(record).dump(2) + "\n";
}

void write_run_record(const std::filesystem::path& path, const RunRecord& record) {
  write_file_atomically(path, run_record_text(record));
}

RunRecord run_record_from_json(const nlohmann::json& json, const JsonOrigin& origin) {
  JsonField<nlohmann::json> field(json, origin);
  RunRecord record;
  auto shard = field["shard"];
  std::string text = shard.as_string();
  if (!parse_shard(text, record.shard_index, record.shard_count))
    shard.fail("expected \"<index>/<count>\" with index < count, got '" + printable(text) + "'");
  auto seconds = field["wall_seconds"];
  record.wall_seconds = seconds.as_number();
  if (!std::isfinite(record.wall_seconds) || record.wall_seconds < 0.0)
    seconds.fail("must not be negative");
  record.rendered_last_run = field["rendered_last_run"].as_unsigned();
  record.backend = field["backend"].as_string();
  return record;
}

RunRecord read_run_record(const std::filesystem::path& path) {
  JsonOrigin origin{path.string()};
  RunRecord record = run_record_from_json(parse_json(read_file_text(path), origin), origin);
  std::string name = run_record_name(record.shard_index, record.shard_count);
  if (path.filename() != name)
    fail_at(origin, "shard",
            "the record of " + name + ", not of " + printable(path.filename().string()));
  return record;
}

}  // namespace railyard
