#include "tools/lib/shards/shard_writer.h"

namespace railyard {

ShardWriter::ShardWriter(StagedFolder& folder, std::filesystem::path subfolder,
                         std::uint64_t samples_per_shard)
    : folder_(folder), subfolder_(std::move(subfolder)), samples_per_shard_(samples_per_shard) {}

ShardWriter::~ShardWriter() = default;  // an unfinished shard is left out of the folder

TarWriter& ShardWriter::unit(const std::string& split, std::uint64_t key) {
  bool same_split = shard_ && split_ == split;
  if (shard_ && (!same_split || shard_->units() == samples_per_shard_)) end_shard();
  if (!shard_) {
    number_ = same_split ? number_ + 1 : 0;
    split_ = split;
    std::string name = shard_name(split, number_);
    std::filesystem::path relative = subfolder_ / name;
    file_ = std::make_unique<StagedFile>(folder_, relative);
    shard_ = std::make_unique<TarShard>(ShardEntry{name, split, 0, key, 0, ""},
                                        (folder_.destination() / relative).string(),
                                        [this](std::string_view bytes) { file_->write(bytes); });
  }
  return shard_->unit();
}

void ShardWriter::end_shard() {
  done_.push_back(shard_->close());
  file_->close();
  shard_.reset();
  file_.reset();
}

std::vector<ShardEntry> ShardWriter::finish() {
  if (shard_) end_shard();
  return std::move(done_);
}

}  // namespace railyard
