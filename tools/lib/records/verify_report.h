// What `railyard verify` found in one folder (a dataset, a side of a pairs folder, a shard
// folder): the units and files it checked and every fault, each naming its file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace railyard {

struct VerifyReport {
  std::filesystem::path root;
  std::uint64_t samples = 0;        // records (or a shard folder's units) checked
  std::uint64_t files = 0;          // sample files (or shard members) and dataset-wide files
  std::vector<std::string> faults;  // "<file>: <what is wrong>", in the order found

  bool ok() const { return faults.empty(); }
};

}  // namespace railyard
