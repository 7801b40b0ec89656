// The records of a run's tar shards read back in index order, for finalize: a cursor per split
// reads that split's shards one after the other, so the splits interleave as the units do and
// memory stays constant. A unit may hold several records (a pair: "base.json", "intervened.json"
// and its own "json"; a sequence: one per step), asked for in name order within the unit. Each
// must be where the plan puts it: a shard that ends early or holds a member out of order is
// refused naming the shard and the member.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "tools/lib/dataset/tar_shard_plan.h"

namespace railyard {

class TarReader;

class TarShardRecords {
 public:
  TarShardRecords(const TarShardPlan& plan, std::filesystem::path root);
  ~TarShardRecords();

  // Member "<key>.<name>" of unit `unit` (name: "json", "base.json", "step003.json"); units come
  // ascending, and a unit's names ascending. `where` is set to the shard and member, for messages.
  std::string next(std::uint64_t unit, std::string_view name, std::string& where);

 private:
  struct Cursor {
    std::size_t shard = 0;  // the next of the split's shards to open
    std::unique_ptr<TarReader> reader;
    std::filesystem::path file;
    std::uint64_t last = 0;  // the open shard's last unit
  };
  void open_next(std::uint8_t split);

  const TarShardPlan& plan_;
  std::filesystem::path root_;
  std::array<std::vector<std::size_t>, 3> shards_;  // per split, indices into plan_.shards()
  std::array<Cursor, 3> cursors_;
};

}  // namespace railyard
