#include "tools/lib/shards/shard_writer.h"

namespace railyard {

ShardWriter::ShardWriter(StagedFolder& folder, std::filesystem::path subfolder,
                         std::uint64_t samples_per_shard)
    : folder_(folder), subfolder_(std::move(subfolder)), samples_per_shard_(samples_per_shard) {}

ShardWriter::~ShardWriter() = default;  // an unfinished shard is left out of the folder

TarWriter& ShardWriter::unit(const std::string& split, std::uint64_t key) {
  bool same_split = tar_ && current_.split == split;
  if (tar_ && (!same_split || current_.samples == samples_per_shard_)) end_shard();
  if (!tar_) {
    number_ = same_split ? number_ + 1 : 0;
    current_ = ShardEntry{shard_name(split, number_), split, 0, key, 0, ""};
    std::filesystem::path relative = subfolder_ / current_.name;
    file_ = std::make_unique<StagedFile>(folder_, relative);
    digest_ = std::make_unique<Sha256>();
    tar_ = std::make_unique<TarWriter>((folder_.destination() / relative).string(),
                                       [this](std::string_view bytes) {
                                         file_->write(bytes);
                                         digest_->update(bytes);
                                       });
  }
  ++current_.samples;
  return *tar_;
}

void ShardWriter::end_shard() {
  tar_->close();
  file_->close();
  current_.bytes = tar_->bytes();
  current_.sha256 = digest_->hex();
  done_.push_back(current_);
  tar_.reset();
  file_.reset();
  digest_.reset();
}

std::vector<ShardEntry> ShardWriter::finish() {
  if (tar_) end_shard();
  return std::move(done_);
}

}  // namespace railyard
