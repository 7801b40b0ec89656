#include "tools/lib/records/pairs_folder.h"

#include <fstream>

#include "tools/lib/records/pair_record.h"
#include "util/file_system.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// Pair p's samples are its line's: the base sample has the line's base label, the intervened
// one its label, and the two trains differ (an intervention edits the train).
void check_pair_samples(const std::string& where, const PairRecord& pair, const DatasetFolder& base,
                        const DatasetFolder& intervened, std::uint64_t p) {
  SampleRecord before = base.read_record(p), after = intervened.read_record(p);
  if (pair.base_label != before.train.label || pair.label != after.train.label)
    throw DatasetError(where + "its labels are not those of sample " + std::to_string(p) +
                       " of the two sides: the sides no longer align with pairs.jsonl");
  if (before.train.train == after.train.train)
    throw DatasetError(where + "sample " + std::to_string(p) +
                       " is the same train on both sides: the sides no longer align");
}

// pairs.jsonl: line p is pair p, pairing sample p of both sides.
std::vector<PairRecord> read_pair_lines(const fs::path& root, std::uint64_t pairs,
                                        const DatasetFolder& base,
                                        const DatasetFolder& intervened) {
  fs::path file = root / "pairs.jsonl";
  std::ifstream in;
  try {
    in = open_input_stream(file);
  } catch (const IoError& e) {
    throw DatasetError(e.what());
  }
  std::string line;
  std::vector<PairRecord> records;
  std::uint64_t p = 0;
  for (; std::getline(in, line); ++p) {
    std::string where = file.string() + ":" + std::to_string(p + 1) + ": ";
    PairRecord pair = pair_record_from_line(line, file, p + 1);
    for (auto [key, value] : {std::pair{"pair", pair.pair}, std::pair{"base", pair.base},
                              std::pair{"intervened", pair.intervened}})
      if (value != p)
        throw DatasetError(where + "key '" + key + "': expected " + std::to_string(p) +
                           " (line p pairs sample p of both sides), got " + std::to_string(value));
    if (p < pairs) check_pair_samples(where, pair, base, intervened, p);
    records.push_back(std::move(pair));
  }
  if (p != pairs)
    throw DatasetError(file.string() + ": " + std::to_string(p) + " lines for the manifest's " +
                       std::to_string(pairs) + " pairs");
  return records;
}

}  // namespace

bool PairsFolder::is_pairs_folder(const fs::path& root) {
  return file_system::exists(root / "pairs.jsonl");
}

PairsFolder PairsFolder::open(const fs::path& root) {
  fs::path file = root / "manifest.json";
  if (!file_system::exists(file))
    throw DatasetError(root.string() +
                       ": the pairs folder is not finished (no manifest.json); "
                       "finish the run or run `railyard intervene --merge`");
  PairsManifest manifest = read_pairs_manifest(file);
  std::uint64_t pairs = manifest.pairs;
  DatasetFolder base = DatasetFolder::open(root / manifest.base);
  DatasetFolder intervened = DatasetFolder::open(root / manifest.intervened);
  for (const DatasetFolder* side : {&base, &intervened})
    if (side->count() != pairs)
      throw DatasetError(side->paths().manifest().string() + ": " + std::to_string(side->count()) +
                         " samples for the pairs manifest's " + std::to_string(pairs) +
                         " pairs: the sides no longer align");
  std::vector<PairRecord> records = read_pair_lines(root, pairs, base, intervened);
  return PairsFolder(root, std::move(manifest), std::move(base), std::move(intervened),
                     std::move(records));
}

}  // namespace railyard
