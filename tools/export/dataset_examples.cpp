#include "tools/export/dataset_examples.h"

#include <map>
#include <string>

#include "tools/export/export_options.h"
#include "util/read_file.h"

namespace railyard::exports {
namespace {

namespace fs = std::filesystem;

// Record files are records/<i>.json; anything else there (a killed run's temporaries) is not one.
std::map<std::uint64_t, fs::path> record_files(const fs::path& records) {
  std::map<std::uint64_t, fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(records, error)) {
    std::string stem = entry.path().stem().string();
    if (entry.path().extension() != ".json" || stem.empty() ||
        stem.find_first_not_of("0123456789") != std::string::npos || stem.size() > 18)
      continue;
    files.emplace(std::stoull(stem), entry.path());
  }
  if (error) throw ExportError(records.string() + ": cannot list: " + error.message());
  return files;
}

// splits/<name>.txt for the three splits: index -> split name.
std::map<std::uint64_t, std::string> split_of(const fs::path& splits) {
  std::map<std::uint64_t, std::string> split;
  for (const char* name : {"train", "val", "test"}) {
    fs::path file = splits / (std::string(name) + ".txt");
    if (!fs::exists(file)) continue;
    std::string text = read_file_text(file);
    std::size_t line = 0, start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string number = text.substr(start, end - start);
      ++line;
      start = end + 1;
      if (number.empty()) continue;
      if (number.find_first_not_of("0123456789") != std::string::npos || number.size() > 18)
        throw ExportError(file.string() + ":" + std::to_string(line) + ": '" + number +
                          "' is not a sample index");
      split[std::stoull(number)] = name;
    }
  }
  return split;
}

}  // namespace

DatasetExamples read_dataset_examples(const fs::path& dataset, bool with_parts) {
  if (!fs::is_directory(dataset / "records"))
    throw ExportError(dataset.string() +
                      ": no records/ folder; not a railyard dataset (or the folder of its rule "
                      "descriptions)");
  if (!fs::is_directory(dataset / "splits") || !fs::exists(dataset / "manifest.json"))
    throw ExportError(dataset.string() +
                      ": the dataset is not finished (no splits or manifest); finish the run or "
                      "run `railyard merge` first");
  auto records = record_files(dataset / "records");
  if (records.empty()) throw ExportError(dataset.string() + ": records/ holds no records");
  auto splits = split_of(dataset / "splits");

  DatasetExamples out;
  for (const auto& [index, file] : records) {
    SampleRecord record;
    try {
      record = read_sample_record(file);
    } catch (const std::exception& e) {
      throw ExportError(e.what());
    }
    if (!record.labelled) {
      ++out.withheld;
      continue;
    }
    Example example;
    example.index = index;
    example.train = {record.train.train, record.published};
    auto split = splits.find(index);
    example.split = split == splits.end() ? "all" : split->second;
    example.image = record.files.image;
    if (with_parts) example.parts = std::move(record.parts);
    out.examples.push_back(std::move(example));
  }
  return out;
}

}  // namespace railyard::exports
