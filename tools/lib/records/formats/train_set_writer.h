// Writes a labelled train set as the reference's description file plus a JSON Lines file with all
// three vocabularies. Both appear at their final paths only when complete.
#pragma once

#include <filesystem>
#include <span>

#include "logic/sampler.h"
#include "logic/train.h"
#include "util/atomic_file.h"

namespace railyard {

class TrainSetWriter {
 public:
  // description: the .txt path; the JSON Lines file is the same path with extension .jsonl.
  explicit TrainSetWriter(const std::filesystem::path& description);

  void append(std::span<const LabelledTrain> trains, std::uint64_t first_index);
  void commit();

  std::filesystem::path description_path() const { return description_.final_path(); }
  std::filesystem::path json_lines_path() const { return json_lines_.final_path(); }

 private:
  AtomicFile description_;
  AtomicFile json_lines_;
};

}  // namespace railyard
