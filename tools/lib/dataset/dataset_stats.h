// What a dataset holds, for its manifest: label counts (true and published), train lengths and a
// histogram of every descriptor value over all cars.
#pragma once

#include <array>
#include <cstdint>
#include <map>

#include "logic/train.h"
#include "logic/vocabulary.h"
#include "tools/lib/records/dataset_manifest.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard {

class DatasetStats {
 public:
  void add(const SampleRecord& record);

  std::uint64_t samples() const { return samples_; }
  std::uint64_t east(bool published) const { return published ? published_east_ : true_east_; }

  // As the manifest states them: every descriptor's values in the vocabulary's order.
  DatasetCounts counts() const;

 private:
  std::uint64_t samples_ = 0, true_east_ = 0, published_east_ = 0, flipped_ = 0, withheld_ = 0;
  std::map<std::size_t, std::uint64_t> lengths_;
  std::map<Descriptor, std::map<int, std::uint64_t>> values_;
};

}  // namespace railyard
