// A sample's files on disk against its record (formats/sample_record.h): a rerun keeps a finished
// sample only while its files pass the cheap check (each exists with the size its record
// states), and `railyard verify` runs the full check (their SHA-256 too).
#pragma once

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard {

// Calls f with each entry of a folder (none when the folder is missing). Throws IoError naming it.
void for_each_entry(const std::filesystem::path& folder,
                    const std::function<void(const std::filesystem::path&)>& f);

// One written file of a sample: its key in the record ("image", "depth_png", "depth_exr",
// "scene"), its path and its check (nullopt in records from before checks were kept).
struct SampleFile {
  const char* key;
  std::filesystem::path path;
  std::optional<FileCheck> check;
};

std::vector<SampleFile> sample_files(const DatasetPaths& paths, const SampleRecord& record);

enum class FileCheckDepth { Cheap, Full };

// What is wrong with the sample's files ("images/3_m_train.png: 1234 bytes, its record says
// 61234"), or nullopt when they pass. Never throws on a missing or unreadable file: it reports it.
std::optional<std::string> sample_file_fault(const DatasetPaths& paths, const SampleRecord& record,
                                             FileCheckDepth depth);

// The indices of a folder's <i>.json files (records/, a pairs folder's pairs/) that `keep`
// accepts, ascending, from one listing of the folder (a finished sample is found without a probe
// per index). Other files there (temporaries, strays) are skipped; they go to `others` when
// given. Throws IoError naming the folder.
template <class Keep>
std::vector<std::uint64_t> listed_indices(const std::filesystem::path& folder, Keep keep,
                                          std::vector<std::filesystem::path>* others = nullptr);

// The record at records/<index>.json when it reads, belongs to `index` and its files pass the
// cheap check; nullopt otherwise (the sample is to be rendered again).
std::optional<SampleRecord> finished_sample(const DatasetPaths& paths, std::uint64_t index);

// The finished samples among those `mine` accepts (a shard's), ascending: records/ listed once,
// then each accepted record read and its files given the cheap check, on `threads` threads. Those
// that fail (a deleted or truncated image, a corrupt record, a record of another index) go to
// `failed`, to be rendered again.
std::vector<std::uint64_t> finished_samples(const DatasetPaths& paths,
                                            const std::function<bool(std::uint64_t)>& mine,
                                            unsigned threads, std::vector<std::uint64_t>& failed);

// The index a file name "<i>.json" names, or nullopt ("07.json", "x.json", ".3.json.tmp").
std::optional<std::uint64_t> record_index(const std::string& file_name);

template <class Keep>
std::vector<std::uint64_t> listed_indices(const std::filesystem::path& folder, Keep keep,
                                          std::vector<std::filesystem::path>* others) {
  std::vector<std::uint64_t> indices;
  for_each_entry(folder, [&](const std::filesystem::path& file) {
    auto index = record_index(file.filename().string());
    if (index && keep(*index))
      indices.push_back(*index);
    else if (!index && others)
      others->push_back(file);
  });
  std::sort(indices.begin(), indices.end());
  return indices;
}

}  // namespace railyard
