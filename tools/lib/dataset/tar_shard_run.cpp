#include "tools/lib/dataset/tar_shard_run.h"

#include <algorithm>

#include "tools/lib/dataset/run_job.h"
#include "tools/lib/dataset/run_setup.h"
#include "tools/lib/dataset/tar_shard_sink.h"
#include "tools/lib/records/json/dataset_error.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {

void add_sample(UnitMembers& members, std::string_view prefix, EncodedSample encoded) {
  for (EncodedSample::File& file : encoded.files)
    members.bytes(member_name(prefix, file.key),
                  std::string(reinterpret_cast<const char*>(file.bytes.data()), file.bytes.size()));
  members.bytes(record_member(prefix), std::move(encoded.record));
}

TarShardPlan plan_shards(const DatasetConfig& config, std::vector<std::uint8_t> split_of,
                         const std::function<UnitMembers(std::uint64_t)>& make_unit,
                         RunSetup& setup) {
  std::uint64_t per_shard = config.outputs.samples_per_shard;
  if (per_shard == 0 && !split_of.empty()) try {
      // pack judges by the first unit of the first split
      auto first = static_cast<std::uint64_t>(std::min_element(split_of.begin(), split_of.end()) -
                                              split_of.begin());
      UnitMembers members = make_unit(first);
      per_shard = judged_units_per_shard(members, unit_key(first, key_digits(split_of.size())));
    } catch (const render::RendererError& e) {
      run_detail::rethrow_probe_failure(e, setup);
    }
  return TarShardPlan(std::move(split_of), std::max<std::uint64_t>(per_shard, 1));
}

std::size_t shard_window(RunSetup& setup) {
  // Above what the producers hold begun (frames in flight), the queue and the writers hold.
  unsigned producers = setup.render_threads();
  return 4 * (setup.writer_threads() + producers) + 8 +
         producers * setup.renderer().frames_in_flight();
}

namespace {

std::filesystem::path plan_file(const std::filesystem::path& root) {
  return root / "runs" / "shards" / "plan.json";
}

}  // namespace

void keep_shard_plan(const std::filesystem::path& root, const TarShardPlan& plan,
                     const std::string& kind) {
  const std::filesystem::path file = plan_file(root);
  file_system::create_folders(file.parent_path());
  ShardIndex kept;
  kept.kind = kind;
  kept.samples_per_shard = plan.samples_per_shard();
  kept.key_digits = plan.key_digits();
  write_file_atomically(file, shard_index_text(kept));
}

std::uint64_t kept_shard_size(const DatasetConfig& config, const std::filesystem::path& root) {
  if (config.outputs.samples_per_shard > 0) return config.outputs.samples_per_shard;
  const std::filesystem::path file = plan_file(root);
  if (!file_system::exists(file))
    throw DatasetError(root.string() + ": no shard of this dataset has been started (" +
                       file.string() + " is missing): run its shards first");
  return read_shard_index(file).samples_per_shard;
}

ShardIndex finished_shard_index(const TarShardPlan& plan, const std::filesystem::path& root,
                                const std::string& kind, const std::string& version) {
  ShardIndex index;
  index.version = version;
  index.kind = kind;
  index.samples = plan.units();
  index.samples_per_shard = plan.samples_per_shard();
  index.key_digits = plan.key_digits();
  index.shards = finished_shards(plan, root);
  return index;
}

}  // namespace railyard
