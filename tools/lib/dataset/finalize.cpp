#include "tools/lib/dataset/finalize.h"

#include <algorithm>
#include <exception>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "logic/distribution.h"
#include "tools/lib/dataset/dataset_stats.h"
#include "tools/lib/dataset/rule_loading.h"
#include "tools/lib/dataset/splits.h"
#include "tools/lib/export/dataset_export.h"
#include "tools/lib/records/dataset_manifest.h"
#include "tools/lib/records/formats/all_scenes_writer.h"
#include "tools/lib/records/formats/coco_writer.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/train_set_writer.h"
#include "tools/lib/records/formats/vlol_scene.h"
#include "tools/lib/records/run_record.h"
#include "util/atomic_file.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/parallel_for.h"
#include "util/read_file.h"

namespace railyard {
namespace {

std::string missing_message(const std::vector<std::uint64_t>& missing, std::uint64_t count) {
  std::string list;
  for (std::size_t i = 0; i < missing.size() && i < 10; ++i)
    list += (i ? ", " : "") + std::to_string(missing[i]);
  if (missing.size() > 10) list += ", ... (" + std::to_string(missing.size() - 10) + " more)";
  return std::to_string(missing.size()) + " of " + std::to_string(count) +
         " samples are not rendered yet: " + list +
         ". Run the missing shards (or generate again with the same config) first.";
}

// The runs that made the dataset (runs/shard-<i>-of-<N>.json, one per shard: run_record.h),
// summed for the manifest. Records are written atomically, so a killed run never leaves half of
// one: a record that does not read is damaged, and refused naming the file and the key.
DatasetTiming timing(const DatasetPaths& paths) {
  DatasetTiming timing;
  std::vector<std::filesystem::path> files;
  for (const std::filesystem::path& entry : file_system::list_folder(paths.runs()))
    if (entry.extension() == ".json") files.push_back(entry);
  for (const auto& file : files) {
    double seconds = read_run_record(file).wall_seconds;
    timing.wall_seconds_total += seconds;
    timing.wall_seconds_longest = std::max(timing.wall_seconds_longest, seconds);
    ++timing.shards;
  }
  return timing;
}

// The size and SHA-256 of each file: readers check them, so a swapped or edited split (which
// could still be a partition) or sequence file is refused rather than read.
ListedFiles listed_files(const std::vector<std::filesystem::path>& files) {
  ListedFiles checks;
  for (const auto& file : files)
    if (!is_temp_file_name(file.filename().string()))
      checks.emplace_back(file.filename().string(),
                          FileCheck{file_system::file_size(file), sha256_hex_of_file(file)});
  return checks;
}

void write_manifest(const FinalizeContext& context, const DatasetStats& stats,
                    std::uint64_t annotations, std::string records_sha256,
                    const std::optional<std::vector<std::filesystem::path>>& own_files) {
  const DatasetConfig& config = context.config;
  DatasetManifest manifest;
  manifest.version = context.version;
  manifest.created = context.created_date;
  manifest.seed = config.seed;
  manifest.rule = context.rule_name;
  manifest.config = emit_dataset_config(config);
  manifest.inputs = context.inputs;
  manifest.counts = stats.counts();
  manifest.coco_annotations = annotations;
  manifest.split_files = listed_files(context.paths.split_files());
  if (own_files) manifest.sequence_files = listed_files(*own_files);
  manifest.records_sha256 = std::move(records_sha256);
  manifest.timing = timing(context.paths);
  write_file_atomically(context.paths.manifest(), dataset_manifest_text(manifest));
}

// A record as finalize reads it: its bytes, parsed, and its entries in V-LoL's all_scenes file
// and in the COCO file, made on the reading threads.
struct ReadRecord {
  std::string text;
  SampleRecord record;
  std::string scene;
  CocoSample coco;
};

// Records are read in index order (a run's shards are read as a stream) and parsed a batch at a
// time on every core: parsing was most of a 10,000-image finalize (7 s of an H200 node's 16.3).
constexpr std::uint64_t kBatch = 512;

void read_batch(const FinalizeContext& context, std::uint64_t first, std::uint64_t size,
                unsigned threads, const VlolDataset& vlol, const CocoWriter* coco,
                std::vector<ReadRecord>& batch) {
  batch.resize(size);
  std::vector<std::string> where(size);
  for (std::uint64_t k = 0; k < size; ++k) where[k] = context.paths.record(first + k).string();
  // Shards are read as a stream, in order; record files on the parsing threads.
  std::exception_ptr unread;  // the first record that does not read: the records before it parse
  for (std::uint64_t k = 0; context.read_record && k < size && !unread; ++k) try {
      batch[k].text = context.read_record(first + k, where[k]);
    } catch (...) {
      unread = std::current_exception();
      batch.resize(k);
    }
  // As a serial loop would: the lowest index that does not read or parse, else the stream's.
  parallel_for(batch.size(), threads, [&](std::size_t k) {
    if (!context.read_record) batch[k].text = read_file_text(where[k]);
    JsonOrigin origin{where[k]};
    batch[k].record = sample_record_from_json(parse_json(batch[k].text, origin), origin);
    batch[k].scene = dumped_scene(vlol_scene_json(batch[k].record, vlol));
    if (coco) batch[k].coco = coco_sample(batch[k].record, coco->masks());
  });
  if (unread) std::rethrow_exception(unread);
}

}  // namespace

std::vector<std::uint64_t> missing_samples(const DatasetPaths& paths, std::uint64_t count) {
  std::vector<std::uint64_t> missing;
  for (std::uint64_t i = 0; i < count; ++i)
    if (!file_system::exists(paths.record(i))) missing.push_back(i);
  return missing;
}

void finalize_dataset(const FinalizeContext& context) {
  const DatasetConfig& config = context.config;
  const DatasetPaths& paths = context.paths;
  const std::uint64_t count = context.samples.value_or(config.count);
  if (context.check_complete) {
    context.check_complete();
  } else if (auto missing = missing_samples(paths, count); !missing.empty()) {
    throw std::runtime_error(missing_message(missing, count));
  }

  AllScenesWriter all_scenes(paths.all_scenes(),
                             {context.created_date, context.version, std::nullopt});
  std::optional<CocoWriter> coco;
  if (config.outputs.coco)
    coco.emplace(paths.coco(), paths.root().filename().string(), context.created_date,
                 context.version, config.outputs.masks);
  const VlolDataset vlol{std::string(distribution_name(config.sampler.distribution)),
                         context.rule_name,
                         config.representation,
                         config.sampler.min_cars,
                         config.sampler.max_cars,
                         config.outputs.masks};
  TrainSetWriter descriptions(paths.description_file());
  DatasetStats stats;
  std::vector<Direction> true_labels;
  true_labels.reserve(count);
  std::vector<std::uint64_t> labelled, unlabelled;
  Sha256 records;  // every record's bytes, in index order: the manifest's records_sha256
  const unsigned threads = config.threads ? config.threads : default_threads();
  std::vector<ReadRecord> batch;
  for (std::uint64_t first = 0; first < count; first += kBatch) {
    read_batch(context, first, std::min(kBatch, count - first), threads, vlol,
               coco ? &*coco : nullptr, batch);
    for (std::uint64_t i = first; ReadRecord & read : batch) {
      records.update(read.text);
      const SampleRecord& record = read.record;
      if (context.on_record) context.on_record(record);
      all_scenes.append_dumped(read.scene);
      if (coco) coco->add(read.coco);
      LabelledTrain published{record.train.train, record.published};
      descriptions.append(std::span(&published, 1), i);
      stats.add(record);
      true_labels.push_back(record.train.label);
      (record.labelled ? labelled : unlabelled).push_back(i++);
    }
  }
  Splits splits = context.splits
                      ? context.splits()
                      : make_splits(true_labels, config.splits, config.subsets, config.seed);
  write_splits(splits, config.subsets, paths.splits());
  // Withheld labels: a semi-supervised set's, or a sequence set's train steps (sequence_factory.h).
  if (config.supervision < 1.0 || !unlabelled.empty())
    write_supervision(labelled, unlabelled, paths.splits());
  descriptions.commit();
  all_scenes.finish();
  if (coco) coco->finish();
  std::optional<std::vector<std::filesystem::path>> own_files;
  if (context.before_manifest) own_files = context.before_manifest();
  write_manifest(context, stats, coco ? coco->annotation_count() : 0, records.hex(), own_files);
  // Last: exports read the finished dataset (records, splits, manifest).
  if (!context.exports) return;
  for (const exports::ExportOptions& options : config.exports)
    exports::export_dataset(paths.root(), options);
}

}  // namespace railyard
