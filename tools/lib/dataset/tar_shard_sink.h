// Writes a run's units into the tar shards of its plan (tar_shard_plan.h) in the plan's order,
// whatever order the writer threads finish them in. Each shard is an atomic file
// (util/atomic_file.h) renamed into place once its last unit is in; then its entry (name, units,
// bytes, SHA-256) is written to runs/shards/<name>.json. A shard is done when its entry is there
// and its file has the entry's size, so a run killed at any moment loses only the shards it was
// writing, and a resumed run or another farm task takes up whole shards.
// The walk of the units is the sink's too: it hands out the units of the task's shards not done,
// holding back a producer while `window` units are made but not yet in a shard, so memory stays
// bounded however unevenly the writers finish.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "tools/lib/dataset/tar_shard_plan.h"
#include "tools/lib/records/formats/shard_index.h"
#include "tools/lib/shards/unit_members.h"

namespace railyard {

class AtomicFile;
class TarShard;

// A planned shard's entry when it is done (its entry file reads and agrees with the plan, and the
// shard has the entry's size); nullopt when it is not.
std::optional<ShardEntry> finished_shard(const TarShardPlan& plan, const PlannedShard& shard,
                                         const std::filesystem::path& root);
// Every shard's entry, in plan order; throws std::runtime_error naming the shards not done.
std::vector<ShardEntry> finished_shards(const TarShardPlan& plan,
                                        const std::filesystem::path& root);

class TarShardSink {
 public:
  // `root`: the dataset folder the shards go into; their entries go to runs/shards/ in it.
  TarShardSink(const TarShardPlan& plan, std::filesystem::path root, std::size_t window);
  ~TarShardSink();

  // Starts the walk of farm task `task`: its shards that are not done, in plan order.
  void begin(const Shard& task);
  std::uint64_t units_done() const { return units_done_; }        // in the task's done shards
  std::uint64_t units_pending() const { return units_pending_; }  // in the others
  // The walk's next unit (waits while the window is full); nullopt at the end or after fail().
  std::optional<std::uint64_t> next_unit();
  // A made unit's members; thread-safe. Writes every unit that is next in its shard.
  void append(std::uint64_t unit, UnitMembers members);
  // The run failed: wakes a producer waiting in next_unit (RunWork::abandon).
  void fail();

 private:
  struct Place {
    std::size_t shard = 0;  // in pending_
    std::uint64_t unit = 0;
  };
  std::span<const std::uint64_t> units_at(const Place& place) const;
  void write_ready();
  void end_shard();

  const TarShardPlan& plan_;
  std::filesystem::path root_;
  std::size_t window_;
  std::vector<std::size_t> pending_;  // indices into plan_.shards()
  std::uint64_t units_done_ = 0, units_pending_ = 0;

  std::mutex mutex_;
  std::condition_variable room_;
  Place taken_, written_;
  std::uint64_t in_flight_ = 0;  // taken, not yet written
  bool failed_ = false;
  std::map<std::uint64_t, UnitMembers> ready_;  // made, waiting for the units before them
  std::unique_ptr<AtomicFile> file_;            // the shard being written
  std::unique_ptr<TarShard> shard_;
};

}  // namespace railyard
