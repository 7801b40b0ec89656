#include "tools/dataset/dataset_verify.h"

#include <set>

#include "tools/dataset/config.h"
#include "tools/dataset/dataset_folder.h"
#include "tools/dataset/finalize.h"
#include "tools/dataset/run_lock.h"
#include "tools/dataset/sample_files.h"
#include "util/atomic_file.h"
#include "util/external_program.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// Every record read, its index and files checked in full; returns the file names the records
// name, per folder ("images/3_m_train.png").
std::set<std::string> check_samples(const DatasetFolder& folder, VerifyReport& report,
                                    const std::function<void(std::uint64_t)>& progress) {
  std::set<std::string> named;
  const DatasetPaths& paths = folder.paths();
  for (std::uint64_t index = 0; index < folder.count(); ++index) {
    try {
      SampleRecord record = folder.read_record(index);
      // The record's bytes are the ones railyard writes for it: an edit that keeps the JSON
      // valid and its meaning (spacing, key order) is still an edit.
      if (read_file_text(paths.record(index)) != sample_record_text(record))
        report.faults.push_back(paths.record(index).string() +
                                ": not the bytes railyard writes for this record (edited?)");
      for (const SampleFile& file : sample_files(paths, record))
        named.insert(file.path.lexically_relative(paths.root()).generic_string());
      if (auto fault = sample_file_fault(paths, record, FileCheckDepth::Full))
        report.faults.push_back((paths.root() / *fault).string());
      report.files += sample_files(paths, record).size();
    } catch (const DatasetError& e) {
      report.faults.push_back(e.what());
    }
    ++report.samples;
    if (progress && (index + 1) % 1000 == 0) progress(index + 1);
  }
  return named;
}

// Files in images/ and depths/ that no record names (temporaries aside).
void check_unnamed_files(const DatasetPaths& paths, const std::set<std::string>& named,
                         VerifyReport& report) {
  for (const fs::path& folder : {paths.images(), paths.depths()}) {
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(folder, error)) {
      std::string name = entry.path().lexically_relative(paths.root()).generic_string();
      if (!is_temp_file_name(entry.path().filename().string()) && !named.count(name))
        report.faults.push_back(entry.path().string() + ": no record names this file");
    }
  }
}

// The file's bytes, or a fault when it cannot be read.
bool same_file(const fs::path& made, const fs::path& on_disk, VerifyReport& report) {
  ++report.files;
  if (!fs::exists(on_disk)) {
    report.faults.push_back(on_disk.string() + ": missing");
    return false;
  }
  if (read_file_text(made) == read_file_text(on_disk)) return true;
  report.faults.push_back(on_disk.string() +
                          ": not what the records make (made again from them, "
                          "it differs); run `railyard merge` to rewrite it");
  return false;
}

std::string manifest_text(const DatasetFolder& folder, const char* key) {
  const auto& value = folder.manifest().find(key);
  if (value == folder.manifest().end() || !value->is_string())
    throw DatasetError(folder.paths().manifest().string() + ": key '" + key +
                       "': expected a string");
  return value->get<std::string>();
}

// config.yaml and inputs.json: what the manifest says the dataset was started with. The sides of
// a pairs folder share the base side's.
void check_locks(const DatasetFolder& folder, bool pairs_side, VerifyReport& report) {
  const DatasetPaths& paths = folder.paths();
  const auto& inputs = folder.manifest().find("inputs");
  std::pair<fs::path, std::string> locks[] = {
      {paths.config_lock(),
       config_lock_text(manifest_text(folder, "created"), manifest_text(folder, "config"))},
      {paths.input_lock(),
       inputs == folder.manifest().end() ? std::string() : input_lock_text(*inputs)}};
  for (const auto& [file, text] : locks) {
    if (pairs_side && !fs::exists(file)) continue;
    ++report.files;
    if (!fs::exists(file))
      report.faults.push_back(file.string() + ": missing");
    else if (read_file_text(file) != text)
      report.faults.push_back(file.string() +
                              ": not what the manifest says the dataset was "
                              "started with");
  }
}

// The dataset-wide files made again from the records in a scratch folder (records and runs are
// linked, not copied), then compared byte for byte with the dataset's.
void check_dataset_files(const DatasetFolder& folder, VerifyReport& report) {
  const DatasetPaths& paths = folder.paths();
  TemporaryFolder scratch("railyard-verify");
  // The config as the manifest holds it (the pairs' intervened side has no config.yaml).
  fs::path config_file = scratch.path() / "config.yaml";
  write_file_atomically(config_file, manifest_text(folder, "config"));
  DatasetConfig config = build_config(config_file, {});
  std::string rule = manifest_text(folder, "rule");
  std::string scene = folder.read_record(0).scene;
  config.output = scratch.path();
  DatasetPaths made(config, rule, scene);
  made.create_folders();
  fs::remove(made.records());
  fs::remove(made.runs());
  fs::create_directory_symlink(fs::absolute(paths.records()), made.records());
  fs::create_directory_symlink(fs::absolute(paths.runs()), made.runs());
  const auto& inputs = folder.manifest().find("inputs");
  FinalizeContext context{config,
                          made,
                          rule,
                          scene,
                          manifest_text(folder, "created"),
                          manifest_text(folder, "version"),
                          inputs == folder.manifest().end() ? nlohmann::ordered_json() : *inputs};
  context.exports = false;
  finalize_dataset(context);
  for (const fs::path& file : {made.all_scenes(), made.coco(), made.manifest()})
    if (fs::exists(file))
      same_file(file, paths.root() / file.lexically_relative(made.root()), report);
  for (const auto& entry : fs::directory_iterator(made.splits()))
    same_file(entry.path(), paths.splits() / entry.path().filename(), report);
  // The description lines live beside the dataset, as V-LoL keeps them.
  fs::path description = made.description_file();
  for (const fs::path& file : {description, fs::path(description).replace_extension(".jsonl")})
    same_file(file, paths.root().parent_path() / file.lexically_relative(config.output), report);
}

VerifyReport verify_one(const fs::path& root, bool pairs_side,
                        const std::function<void(std::uint64_t)>& progress) {
  VerifyReport report;
  report.root = root;
  try {
    DatasetFolder folder = DatasetFolder::open(root);
    std::set<std::string> named = check_samples(folder, report, progress);
    check_unnamed_files(folder.paths(), named, report);
    if (report.ok()) check_dataset_files(folder, report);
    check_locks(folder, pairs_side, report);
  } catch (const std::exception& e) {
    report.faults.push_back(e.what());
  }
  return report;
}

}  // namespace

std::vector<VerifyReport> verify_dataset(const fs::path& folder,
                                         const std::function<void(std::uint64_t)>& progress) {
  if (!fs::exists(folder / "pairs.jsonl")) return {verify_one(folder, false, progress)};
  // A pairs folder: its manifest names the two sides' dataset folders.
  fs::path manifest = folder / "manifest.json";
  auto json = nlohmann::json::parse(read_file_text(manifest), nullptr, false);
  std::vector<VerifyReport> reports;
  for (const char* side : {"base", "intervened"}) {
    if (!json.is_object() || !json.contains(side) || !json[side].is_string()) {
      VerifyReport report;
      report.root = folder;
      report.faults.push_back(manifest.string() + ": key '" + side +
                              "': expected the folder of the " + side + " dataset");
      reports.push_back(std::move(report));
      continue;
    }
    reports.push_back(verify_one(folder / json[side].get<std::string>(), true, progress));
  }
  return reports;
}

}  // namespace railyard
