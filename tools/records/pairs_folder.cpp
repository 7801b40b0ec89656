#include "tools/records/pairs_folder.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "logic/vocabulary.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// The folder the manifest names for a side: a relative path inside the pairs folder.
fs::path side_folder(const fs::path& root, const nlohmann::json& manifest, const char* side) {
  fs::path file = root / "manifest.json";
  if (!manifest.contains(side) || !manifest[side].is_string())
    throw DatasetError(file.string() + ": key '" + side + "': expected the folder of the " + side +
                       " dataset");
  fs::path relative = manifest[side].get<std::string>();
  if (relative.empty() || relative.is_absolute() ||
      relative.lexically_normal().string().starts_with(".."))
    throw DatasetError(file.string() + ": key '" + side + "': '" + relative.string() +
                       "' is not a folder inside the pairs folder");
  return root / relative;
}

// Pair p's samples are its line's: the base sample has the line's base label, the intervened
// one its label, and the two trains differ (an intervention edits the train).
void check_pair_samples(const std::string& where, const nlohmann::json& line,
                        const DatasetFolder& base, const DatasetFolder& intervened,
                        std::uint64_t p) {
  SampleRecord before = base.read_record(p), after = intervened.read_record(p);
  auto label = [&](const char* key) {
    if (!line.contains(key) || !line[key].is_string())
      throw DatasetError(where + "key '" + key + "': expected east or west");
    return line[key].get<std::string>();
  };
  if (label("base_label") != name(before.train.label) || label("label") != name(after.train.label))
    throw DatasetError(where + "its labels are not those of sample " + std::to_string(p) +
                       " of the two sides: the sides no longer align with pairs.jsonl");
  if (before.train.train == after.train.train)
    throw DatasetError(where + "sample " + std::to_string(p) +
                       " is the same train on both sides: the sides no longer align");
}

// pairs.jsonl: line p is pair p, pairing sample p of both sides.
void check_pair_lines(const fs::path& root, std::uint64_t pairs, const DatasetFolder& base,
                      const DatasetFolder& intervened) {
  fs::path file = root / "pairs.jsonl";
  std::ifstream in(file, std::ios::binary);
  if (!in) throw DatasetError(file.string() + ": cannot be read");
  std::string line;
  std::uint64_t p = 0;
  for (; std::getline(in, line); ++p) {
    std::string where = file.string() + ":" + std::to_string(p + 1) + ": ";
    auto json = nlohmann::json::parse(line, nullptr, false);
    if (json.is_discarded() || !json.is_object())
      throw DatasetError(where + "not a pair record (truncated?)");
    for (const char* key : {"pair", "base", "intervened"})
      if (!json.contains(key) || !json[key].is_number_unsigned() ||
          json[key].get<std::uint64_t>() != p)
        throw DatasetError(where + "key '" + key + "': expected " + std::to_string(p) +
                           " (line p pairs sample p of both sides)");
    if (p < pairs) check_pair_samples(where, json, base, intervened, p);
  }
  if (p != pairs)
    throw DatasetError(file.string() + ": " + std::to_string(p) + " lines for the manifest's " +
                       std::to_string(pairs) + " pairs");
}

}  // namespace

bool PairsFolder::is_pairs_folder(const fs::path& root) {
  return fs::exists(root / "pairs.jsonl");
}

PairsFolder PairsFolder::open(const fs::path& root) {
  fs::path file = root / "manifest.json";
  if (!fs::exists(file))
    throw DatasetError(root.string() +
                       ": the pairs folder is not finished (no manifest.json); "
                       "finish the run or run `railyard intervene --merge`");
  auto manifest = nlohmann::json::parse(read_file_text(file), nullptr, false);
  if (manifest.is_discarded() || !manifest.is_object())
    throw DatasetError(file.string() + ": not a JSON object");
  if (!manifest.contains("pairs") || !manifest["pairs"].is_number_unsigned())
    throw DatasetError(file.string() + ": key 'pairs': expected the number of pairs");
  std::uint64_t pairs = manifest["pairs"].get<std::uint64_t>();
  DatasetFolder base = DatasetFolder::open(side_folder(root, manifest, "base"));
  DatasetFolder intervened = DatasetFolder::open(side_folder(root, manifest, "intervened"));
  for (const DatasetFolder* side : {&base, &intervened})
    if (side->count() != pairs)
      throw DatasetError(side->paths().manifest().string() + ": " + std::to_string(side->count()) +
                         " samples for the pairs manifest's " + std::to_string(pairs) +
                         " pairs: the sides no longer align");
  check_pair_lines(root, pairs, base, intervened);
  return PairsFolder(root, std::move(manifest), std::move(base), std::move(intervened), pairs);
}

}  // namespace railyard
