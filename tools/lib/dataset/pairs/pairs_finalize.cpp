#include "tools/lib/dataset/pairs/pairs_finalize.h"

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

#include "tools/lib/dataset/finalize.h"
#include "tools/lib/dataset/pairs/pair_record.h"
#include "tools/lib/dataset/tar_shard_records.h"
#include "tools/lib/dataset/tar_shard_run.h"
#include "tools/lib/records/sample_files.h"
#include "tools/lib/shards/shard_layout.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {

DatasetConfig half_config(const DatasetConfig& config, std::uint64_t pairs) {
  DatasetConfig halves = config;
  halves.count = pairs;
  std::erase_if(halves.subsets, [&](std::uint64_t size) { return size > pairs; });
  return halves;
}

std::string pair_fault(const PairsLayout& layout, std::uint64_t pair, std::uint64_t train) {
  try {
    PairRecord file = read_pair_record(layout.pair_file(pair), pair);
    if (file.train != train)
      return layout.pair_file(pair).string() + ": the pair of train " + std::to_string(file.train) +
             ", planned for train " + std::to_string(train);
  } catch (const std::exception& e) {
    return e.what();
  }
  for (const DatasetPaths* side : {&layout.base, &layout.twin})
    if (!finished_sample(*side, pair))
      return side->record(pair).string() + ": missing, or its files fail their check";
  return "";
}

namespace {

// pairs.jsonl from the finished pairs (`read_pair(p)`, in order), and the manifest with the flip
// rates.
void write_pair_files(const DatasetConfig& config, const PairsLayout& layout,
                      const std::string& rule_name, const std::string& version, std::uint64_t pairs,
                      std::uint64_t considered, std::uint64_t unpaired,
                      const std::function<PairRecord(std::uint64_t)>& read_pair) {
  AtomicFile lines(layout.root / "pairs.jsonl");
  PairsManifest manifest;
  for (std::uint64_t pair = 0; pair < pairs; ++pair) {
    PairRecord record = read_pair(pair);
    manifest.flip_rate.add(record.flipped);
    for (const std::string& kind : record.kinds)
      manifest.flip_rate_by_operation[kind].add(record.flipped);
    lines.write(pair_record_text(record));
  }
  lines.commit();
  manifest.version = version;
  manifest.mode = intervention_mode_name(config.interventions.mode);
  manifest.config = emit_dataset_config(config);
  manifest.trains = considered;
  manifest.pairs = pairs;
  manifest.unpaired = unpaired;
  manifest.flip_rate_by_rule[rule_name] = manifest.flip_rate;
  manifest.base = file_system::relative_to(layout.base.root(), layout.root).string();
  manifest.intervened = file_system::relative_to(layout.twin.root(), layout.root).string();
  write_file_atomically(layout.root / "manifest.json", pairs_manifest_text(manifest));
}

// Where a run's pairs are: pairs/<p>.json and each half's records/ (files layout), or the members
// of the pairs' units in the tar shards of `shards`.
class PairReader {
 public:
  PairReader(const PairsLayout& layout, const TarShardPlan* shards)
      : layout_(layout), shards_(shards) {}

  // The halves' finalize context: records from records/, or this half's members in the shards
  // (`prefix`: "base." or "intervened."), a new pass over them each time.
  void read_half(FinalizeContext& context, std::string_view prefix) {
    if (!shards_) return;
    records_ = std::make_unique<TarShardRecords>(*shards_, layout_.root);
    context.check_complete = [] {};  // every shard was found done before the first half
    context.read_record = [this, name = record_member(prefix)](std::uint64_t i,
                                                               std::string& where) {
      return records_->next(i, name, where);
    };
  }
  // The pairs' records, asked in order: pairs/<p>.json, or a new pass over the shards.
  std::function<PairRecord(std::uint64_t)> pairs() {
    if (!shards_)
      return [this](std::uint64_t p) { return read_pair_record(layout_.pair_file(p), p); };
    records_ = std::make_unique<TarShardRecords>(*shards_, layout_.root);
    return [this](std::uint64_t p) {
      std::string where;
      std::string text = records_->next(p, record_member(""), where);
      return pair_record_from_text(text, where, p);
    };
  }

 private:
  const PairsLayout& layout_;
  const TarShardPlan* shards_;
  std::unique_ptr<TarShardRecords> records_;
};

}  // namespace

void finalize_pairs(const DatasetConfig& config, const PairsLayout& layout,
                    const DatasetInputs& inputs, TrainSource& trains, PairPlanner& planner,
                    const RunLock& lock, const std::string& version, const TarShardPlan* shards) {
  std::optional<ShardIndex> index;
  if (shards) index = finished_shard_index(*shards, layout.root, "pairs", version);
  AtomicFile unpaired(layout.root / "unpaired.jsonl");
  std::uint64_t unpaired_count = 0;
  std::optional<std::pair<std::uint64_t, std::string>> fault;
  PairPlan plan = plan_pairs(
      config, trains, planner,
      [&](const UnpairedTrain& u) {
        unpaired.write(unpaired_line(u));
        ++unpaired_count;
      },
      [&](const PlannedPair& p) {
        if (fault || shards) return;
        if (std::string why = pair_fault(layout, p.pair, p.train); !why.empty())
          fault.emplace(p.pair, std::move(why));
      });
  std::uint64_t pairs = plan.pairs;
  if (fault)
    throw std::runtime_error("pair " + std::to_string(fault->first) + " of " +
                             std::to_string(pairs) + " is not finished (" + fault->second +
                             "): run the missing shards, or intervene again with the same "
                             "config, which renders it (again), first");
  const DatasetConfig halves = half_config(config, pairs);
  PairReader reader(layout, shards);
  if (pairs > 0)
    for (const auto& [half, prefix] :
         {std::pair{&layout.base, kBasePrefix}, std::pair{&layout.twin, kIntervenedPrefix}}) {
      FinalizeContext context{
          halves,  *half,      inputs.rule_name, inputs.scene_name, lock.created_date,
          version, lock.inputs};
      reader.read_half(context, prefix);
      finalize_dataset(context);
    }
  unpaired.commit();
  write_pair_files(config, layout, inputs.rule_name, version, pairs, plan.considered,
                   unpaired_count, reader.pairs());
  // Last: shards.json makes the folder a finished folder of shards.
  if (index) write_file_atomically(layout.root / kShardIndexFile, shard_index_text(*index));
}

}  // namespace railyard
