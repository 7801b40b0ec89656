#include "tools/lib/dataset/tar_shard_sink.h"

#include <stdexcept>

#include "tools/lib/records/json/dataset_error.h"
#include "tools/lib/shards/shard_layout.h"
#include "tools/lib/shards/tar_shard.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {

TarShardSink::TarShardSink(const TarShardPlan& plan, std::filesystem::path root, std::size_t window)
    : plan_(plan), root_(std::move(root)), window_(std::max<std::size_t>(1, window)) {}

TarShardSink::~TarShardSink() = default;  // a shard being written is left as a temporary

namespace {

std::filesystem::path entry_file(const std::filesystem::path& root, const PlannedShard& shard) {
  return root / "runs" / "shards" / (shard.name + ".json");
}

}  // namespace

std::optional<ShardEntry> finished_shard(const TarShardPlan& plan, const PlannedShard& shard,
                                         const std::filesystem::path& root) {
  const std::filesystem::path file = entry_file(root, shard);
  if (!file_system::exists(file)) return std::nullopt;
  ShardEntry entry;
  try {
    entry = read_record_file<ShardEntry>(file);
  } catch (const DatasetError&) {
    return std::nullopt;  // damaged: the shard is written again
  }
  std::span<const std::uint64_t> units = plan.units_of(shard);
  const std::filesystem::path tar = root / shard.name;
  if (entry.name != shard.name || entry.split != kSplitNames[shard.split] ||
      entry.samples != units.size() || entry.first != units.front() ||
      !file_system::is_regular_file(tar) || file_system::file_size(tar) != entry.bytes)
    return std::nullopt;
  return entry;
}

std::vector<ShardEntry> finished_shards(const TarShardPlan& plan,
                                        const std::filesystem::path& root) {
  std::vector<ShardEntry> entries;
  std::vector<std::string> missing;
  for (const PlannedShard& shard : plan.shards()) {
    if (auto entry = finished_shard(plan, shard, root))
      entries.push_back(std::move(*entry));
    else
      missing.push_back(shard.name);
  }
  if (missing.empty()) return entries;
  std::string list;
  for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", " : "") + missing[i];
  if (missing.size() > 10) list += ", ... (" + std::to_string(missing.size() - 10) + " more)";
  throw std::runtime_error(
      root.string() + ": " + std::to_string(missing.size()) + " of " +
      std::to_string(plan.shards().size()) + " shards are not written yet: " + list +
      ". Run the farm tasks (--shard) that write them, or run the same command "
      "with the same config, first.");
}

void TarShardSink::begin(const Shard& task) {
  std::lock_guard lock(mutex_);
  pending_.clear();
  units_done_ = units_pending_ = 0;
  const std::vector<PlannedShard>& shards = plan_.shards();
  for (std::size_t k = 0; k < shards.size(); ++k) {
    if (!TarShardPlan::writes(task, k)) continue;
    const std::uint64_t units = shards[k].end - shards[k].begin;
    if (finished_shard(plan_, shards[k], root_)) {
      units_done_ += units;
    } else {
      pending_.push_back(k);
      units_pending_ += units;
    }
  }
  taken_ = written_ = {};
  in_flight_ = 0;
  failed_ = false;
  ready_.clear();
  shard_.reset();
  file_.reset();
}

std::span<const std::uint64_t> TarShardSink::units_at(const Place& place) const {
  return plan_.units_of(plan_.shards()[pending_[place.shard]]);
}

std::optional<std::uint64_t> TarShardSink::next_unit() {
  std::unique_lock lock(mutex_);
  room_.wait(lock, [&] { return failed_ || in_flight_ < window_; });
  if (failed_ || taken_.shard == pending_.size()) return std::nullopt;
  std::uint64_t unit = units_at(taken_)[taken_.unit];
  if (++taken_.unit == units_at(taken_).size()) taken_ = {taken_.shard + 1, 0};
  ++in_flight_;
  return unit;
}

void TarShardSink::append(std::uint64_t unit, UnitMembers members) {
  std::lock_guard lock(mutex_);
  ready_.emplace(unit, std::move(members));
  try {
    write_ready();
  } catch (...) {
    failed_ = true;
    room_.notify_all();
    throw;
  }
  room_.notify_all();
}

void TarShardSink::fail() {
  std::lock_guard lock(mutex_);
  failed_ = true;
  room_.notify_all();
}

void TarShardSink::write_ready() {
  while (written_.shard < pending_.size()) {
    const std::uint64_t unit = units_at(written_)[written_.unit];
    auto found = ready_.find(unit);
    if (found == ready_.end()) return;
    if (!shard_) {
      const PlannedShard& planned = plan_.shards()[pending_[written_.shard]];
      file_ = std::make_unique<AtomicFile>(root_ / planned.name);
      shard_ = std::make_unique<TarShard>(
          ShardEntry{planned.name, kSplitNames[planned.split], 0, unit, 0, ""},
          (root_ / planned.name).string(), [this](std::string_view bytes) { file_->write(bytes); });
    }
    found->second.write(shard_->unit(), unit_key(unit, plan_.key_digits()));
    ready_.erase(found);
    --in_flight_;
    if (++written_.unit == units_at(written_).size()) {
      end_shard();
      written_ = {written_.shard + 1, 0};
    }
  }
}

// The shard renamed into place, then its entry: the entry's presence marks it done.
void TarShardSink::end_shard() {
  ShardEntry entry = shard_->close();
  file_->commit();
  shard_.reset();
  file_.reset();
  const PlannedShard& planned = plan_.shards()[pending_[written_.shard]];
  const std::filesystem::path file = entry_file(root_, planned);
  file_system::create_folders(file.parent_path());
  write_file_atomically(file, shard_entry_text(entry));
}

}  // namespace railyard
