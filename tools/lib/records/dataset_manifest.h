// A finished dataset's manifest.json, written last by finalize (tools/lib/dataset/finalize.cpp):
//
// {"tool": "railyard", "version", "created" (the day the run started), "seed", "rule",
//  "config" (the run's config as YAML text), "inputs" (the input files and their hashes, as
//  inputs.json holds them), "counts": {"samples", "east", "west", "published_east",
//  "published_west", "flipped_labels", ["withheld_labels"], "cars_per_train": {n: count},
//  "attributes": {descriptor: {value: count}}}, "coco_annotations",
//  "split_files": {"train.txt": {"bytes", "sha256"}, ...}, a sequence set's "sequence_files":
//  {"automaton.json": {"bytes", "sha256"}, "sequences.jsonl": ..., ...}, "records_sha256" (of
//  every records/<i>.json's bytes in index order: a reader of every record, score, export and
//  verify, knows when one was edited after the dataset was finished), "timing": {"shards",
//  "wall_seconds_total", "wall_seconds_longest"} (runs/: run_record.h)}
//
// "inputs", "split_files", "sequence_files" and "records_sha256" are optional: manifests from
// before they were kept lack them (and sets of single trains have no sequence files).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tools/lib/records/formats/file_check.h"
#include "tools/lib/records/formats/tool_name.h"
#include "tools/lib/records/input_files.h"
#include "tools/lib/records/json/json_fields.h"

namespace railyard {

// What a dataset holds (tools/lib/dataset/dataset_stats.h makes it from the records).
struct DatasetCounts {
  std::uint64_t samples = 0, east = 0, west = 0, published_east = 0, published_west = 0;
  std::uint64_t flipped_labels = 0;
  OptionalKey<std::uint64_t> withheld_labels;  // only when a semi-supervised set withholds some
  std::map<std::uint64_t, std::uint64_t> cars_per_train;
  // Per descriptor, per value, in the vocabulary's order.
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::uint64_t>>>>
      attributes;

  bool operator==(const DatasetCounts&) const = default;
};

// The dataset-wide files the manifest vouches for, by name ("train.txt" in splits/,
// "sequences.jsonl" in sequences/): readers refuse one whose SHA-256 differs.
using ListedFiles = std::vector<std::pair<std::string, FileCheck>>;

struct DatasetTiming {
  std::uint64_t shards = 0;
  double wall_seconds_total = 0.0, wall_seconds_longest = 0.0;

  bool operator==(const DatasetTiming&) const = default;
};

struct DatasetManifest {
  Tool tool = Tool::Railyard;
  std::string version, created;
  std::uint64_t seed = 0;
  std::string rule;
  std::string config;                            // the YAML text, as stored
  std::optional<std::vector<InputFile>> inputs;  // as inputs.json holds them
  DatasetCounts counts;
  std::uint64_t coco_annotations = 0;
  OptionalKey<ListedFiles> split_files;     // in file name order
  OptionalKey<ListedFiles> sequence_files;  // in file name order
  OptionalKey<std::string> records_sha256;
  DatasetTiming timing;

  bool operator==(const DatasetManifest&) const = default;
};

RAILYARD_RECORD(DatasetCounts, samples, east, west, published_east, published_west, flipped_labels,
                withheld_labels, cars_per_train, attributes)
RAILYARD_RECORD(DatasetTiming, shards, wall_seconds_total, wall_seconds_longest)
RAILYARD_RECORD(DatasetManifest, tool, version, created, seed, rule, config, inputs, counts,
                coco_annotations, split_files, sequence_files, records_sha256, timing)
// Beyond keys and types: the classes add up to the samples; file names and digests.
void check_record(const RecordPlace& at, const DatasetCounts& counts);
void check_record(const RecordPlace& at, const DatasetManifest& manifest);

nlohmann::ordered_json to_json(const DatasetCounts& counts);
nlohmann::ordered_json to_json(const DatasetManifest& manifest);
std::string dataset_manifest_text(const DatasetManifest& manifest);  // the bytes of the file
// Reads manifest.json: IoError when it cannot be read, DatasetError naming the file and the key
// when it is not a manifest.
DatasetManifest read_dataset_manifest(const std::filesystem::path& file);

}  // namespace railyard
