// Which processes may write into a dataset folder at once. A whole run, and a merge, hold the
// folder alone; the shards of a farm job share it, each holding its own shard alone. A second run
// into a folder that a live run is writing is refused at once (it would render everything again,
// and could delete the live run's temporary files); the locks are flock(2) locks on files in
// runs/, released by the kernel when a process ends, however it ends.
#pragma once

#include <filesystem>

#include "tools/lib/dataset/shard.h"
#include "tools/lib/records/dataset_paths.h"

namespace railyard {

class WriterLock {
 public:
  // Throws ConfigError naming the folder (and shard) when another live process holds it.
  static WriterLock for_run(const DatasetPaths& paths, const Shard& shard);
  static WriterLock for_merge(const DatasetPaths& paths);

  WriterLock(WriterLock&& other) noexcept;
  WriterLock& operator=(WriterLock&&) = delete;
  ~WriterLock();

  // True when no other process can write into the folder, so a killed run's temporary files
  // may be deleted.
  bool exclusive() const { return exclusive_; }

 private:
  WriterLock() = default;
  int folder_fd_ = -1;
  int shard_fd_ = -1;
  bool exclusive_ = false;
};

}  // namespace railyard
