#include "tools/lib/shards/unit_members.h"

#include <algorithm>

#include "tools/lib/records/sample_files.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/read_file.h"

namespace railyard {

void UnitMembers::bytes(std::string name, std::string text) {
  members_.push_back({std::move(name), std::move(text), {}});
}

void UnitMembers::file(std::string name, std::filesystem::path path) {
  members_.push_back({std::move(name), {}, std::move(path)});
}

void UnitMembers::sample(std::string_view prefix, const DatasetFolder& folder,
                         std::uint64_t index) {
  SampleRecord record = folder.read_record(index);
  if (auto fault = sample_file_fault(folder.paths(), record, FileCheckDepth::Cheap))
    throw DatasetError((folder.root() / *fault).string());
  bytes(record_member(prefix), read_file_text(folder.paths().record(index)));
  for (PackedFile& packed : sample_members(prefix, folder.paths(), record))
    file(std::move(packed.name), std::move(packed.path));
}

void UnitMembers::write(TarWriter& tar, const std::string& key) {
  std::sort(members_.begin(), members_.end(),
            [](const Member& a, const Member& b) { return a.name < b.name; });
  for (const Member& member : members_) {
    std::string name = key + "." + member.name;
    if (member.path.empty())
      tar.add(name, member.bytes);
    else
      tar.add_file(name, member.path);
  }
}

std::uint64_t UnitMembers::tar_bytes(const std::string& key) {
  std::uint64_t bytes = 0;
  TarWriter counter("", [&](std::string_view piece) { bytes += piece.size(); });
  write(counter, key);
  counter.close();
  return bytes;
}

std::uint64_t judged_units_per_shard(UnitMembers& first, const std::string& key) {
  return std::max<std::uint64_t>(1, kShardBytes / first.tar_bytes(key));
}

}  // namespace railyard
