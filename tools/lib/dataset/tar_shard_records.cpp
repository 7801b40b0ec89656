#include "tools/lib/dataset/tar_shard_records.h"

#include "tools/lib/records/json/dataset_error.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/printable_text.h"
#include "util/tar_archive.h"

namespace railyard {

TarShardRecords::TarShardRecords(const TarShardPlan& plan, std::filesystem::path root)
    : plan_(plan), root_(std::move(root)) {
  for (std::size_t k = 0; k < plan_.shards().size(); ++k)
    shards_[plan_.shards()[k].split].push_back(k);
}

TarShardRecords::~TarShardRecords() = default;

void TarShardRecords::open_next(std::uint8_t split) {
  Cursor& cursor = cursors_[split];
  const PlannedShard& shard = plan_.shards()[shards_[split].at(cursor.shard++)];
  cursor.file = root_ / shard.name;
  cursor.reader = std::make_unique<TarReader>(cursor.file);
  cursor.last = plan_.units_of(shard).back();
}

std::string TarShardRecords::next(std::uint64_t unit, std::string_view name, std::string& where) {
  const std::uint8_t split = plan_.split_of(unit);
  Cursor& cursor = cursors_[split];
  while (!cursor.reader || unit > cursor.last) open_next(split);
  const std::string wanted = unit_key(unit, plan_.key_digits()) + "." + std::string(name);
  // Members sort by their whole name (fixed-width keys, then names in order): those before the
  // wanted one are earlier units' and this unit's other files ("depth.exr", ...).
  while (auto member = cursor.reader->next()) {
    where = cursor.file.string() + ": member '" + printable(member->name) + "'";
    if (member->name == wanted) return cursor.reader->read_all(kMaxTextMember);
    if (member->name > wanted)
      throw DatasetError(where + ": found where " + wanted + " was expected");
  }
  throw DatasetError(cursor.file.string() + ": ends before member '" + wanted + "'");
}

}  // namespace railyard
