#include "tools/lib/shards/tar_shard.h"

namespace railyard {

TarShard::TarShard(ShardEntry entry, std::string archive, ByteSink sink)
    : entry_(std::move(entry)), sink_(std::move(sink)) {
  entry_.samples = 0;
  tar_ = std::make_unique<TarWriter>(std::move(archive), [this](std::string_view bytes) {
    sink_(bytes);
    digest_.update(bytes);
  });
}

TarShard::~TarShard() = default;

TarWriter& TarShard::unit() {
  ++entry_.samples;
  return *tar_;
}

ShardEntry TarShard::close() {
  tar_->close();
  entry_.bytes = tar_->bytes();
  entry_.sha256 = digest_.hex();
  return entry_;
}

}  // namespace railyard
