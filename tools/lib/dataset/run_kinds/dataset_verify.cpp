#include "tools/lib/dataset/run_kinds/dataset_verify.h"

#include <fstream>
#include <optional>
#include <set>

#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/records/pairs_folder.h"
#include "tools/lib/records/sample_files.h"
#include "util/atomic_file.h"
#include "util/external_program.h"
#include "util/file_system.h"
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
      for (const SampleFile& file : sample_files(paths, record)) {
        named.insert(file.path.lexically_relative(paths.root()).generic_string());
        ++report.files;
      }
      if (auto fault = sample_file_fault(paths, record, FileCheckDepth::Full))
        report.faults.push_back((paths.root() / *fault).string());
    } catch (const DatasetError& e) {
      report.faults.push_back(e.what());
    }
    ++report.samples;
    if (progress && (index + 1) % 1000 == 0) progress(index + 1);
  }
  return named;
}

// Files in images/, depths/ and scenes/ that no record names (temporaries aside).
void check_unnamed_files(const DatasetPaths& paths, const std::set<std::string>& named,
                         VerifyReport& report) {
  for (const fs::path& folder : {paths.images(), paths.depths(), paths.scenes()}) {
    if (!file_system::is_directory(folder)) continue;
    for (const fs::path& entry : file_system::list_folder(folder)) {
      std::string name = entry.lexically_relative(paths.root()).generic_string();
      if (!is_temp_file_name(entry.filename().string()) && !named.count(name))
        report.faults.push_back(entry.string() + ": no record names this file");
    }
  }
}

// The file's bytes, or a fault when it cannot be read.
bool same_file(const fs::path& made, const fs::path& on_disk, VerifyReport& report) {
  ++report.files;
  if (!file_system::exists(on_disk)) {
    report.faults.push_back(on_disk.string() + ": missing");
    return false;
  }
  if (read_file_text(made) == read_file_text(on_disk)) return true;
  report.faults.push_back(on_disk.string() +
                          ": not what the records make (made again from them, "
                          "it differs); the run's command with --merge rewrites it");
  return false;
}

// config.yaml and inputs.json: the config and inputs the dataset was started with, as the
// manifest says (`lock_config`: the config the run locked; nullopt where a run keeps no lock,
// the intervened side of pairs, whose run locks in the base side).
void check_locks(const DatasetFolder& folder, const std::optional<std::string>& lock_config,
                 VerifyReport& report) {
  if (!lock_config) return;
  const DatasetPaths& paths = folder.paths();
  const DatasetManifest& manifest = folder.manifest();
  std::pair<fs::path, std::string> locks[] = {
      {paths.input_lock(), manifest.inputs ? input_lock_text(*manifest.inputs) : std::string()},
      {paths.config_lock(), config_lock_text(manifest.created, *lock_config)}};
  for (const auto& [file, text] : locks) {
    ++report.files;
    if (!file_system::exists(file))
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
  const DatasetManifest& manifest = folder.manifest();
  DatasetConfig config =
      config_from_text(manifest.config, paths.manifest().string() + ": key 'config'");
  const std::string& rule = manifest.rule;
  std::string scene = folder.read_record(0).scene;
  config.output = scratch.path();
  DatasetPaths made(dataset_identity(config, rule, scene));
  made.create_folders();
  file_system::remove_file(made.records());
  file_system::remove_file(made.runs());
  file_system::create_folder_link(file_system::absolute(paths.records()), made.records());
  file_system::create_folder_link(file_system::absolute(paths.runs()), made.runs());
  FinalizeContext context{config,           made,           rule, scene, manifest.created,
                          manifest.version, manifest.inputs};
  context.exports = false;
  // As the config's kind finishes it: a sequence set's sequence files too, and automaton.json
  // from the config and its inputs (the formula, the predicates, the measured rates).
  run_kind(config).remake(context);
  for (const fs::path& file : {made.all_scenes(), made.coco(), made.manifest()})
    if (file_system::exists(file))
      same_file(file, paths.root() / file.lexically_relative(made.root()), report);
  if (file_system::exists(made.sequences()))
    for (const fs::path& entry : file_system::list_folder(made.sequences()))
      same_file(entry, paths.sequences() / entry.filename(), report);
  for (const fs::path& entry : file_system::list_folder(made.splits()))
    same_file(entry, paths.splits() / entry.filename(), report);
  // The description lines live beside the dataset, as V-LoL keeps them.
  fs::path description = made.description_file();
  for (const fs::path& file : {description, fs::path(description).replace_extension(".jsonl")})
    same_file(file, paths.root().parent_path() / file.lexically_relative(config.output), report);
}

// lock_config: see check_locks; "" for a plain dataset (its manifest's config).
// pairs/<p>.json: each the line p of pairs.jsonl, and nothing else there.
void check_pair_files(const PairsFolder& pairs, VerifyReport& report) {
  std::ifstream lines = open_input_stream(pairs.root() / "pairs.jsonl");
  std::string line;
  for (std::uint64_t p = 0; p < pairs.pairs() && std::getline(lines, line); ++p) {
    fs::path file = pairs.pair_file(p);
    ++report.files;
    if (!file_system::exists(file))
      report.faults.push_back(file.string() + ": missing");
    else if (read_file_text(file) != line + "\n")
      report.faults.push_back(file.string() + ": not line " + std::to_string(p + 1) +
                              " of pairs.jsonl");
  }
  std::vector<fs::path> strays;
  for (std::uint64_t p : listed_indices(
           pairs.pair_file(0).parent_path(), [&](std::uint64_t p) { return p >= pairs.pairs(); },
           &strays))
    strays.push_back(pairs.pair_file(p));
  for (const fs::path& stray : strays)
    if (!is_temp_file_name(stray.filename().string()))
      report.faults.push_back(stray.string() + ": not a pair of this folder");
}

VerifyReport verify_one(const fs::path& root, std::optional<std::string> lock_config,
                        const std::function<void(std::uint64_t)>& progress) {
  VerifyReport report;
  report.root = root;
  try {
    DatasetFolder folder = DatasetFolder::open(root);
    std::set<std::string> named = check_samples(folder, report, progress);
    check_unnamed_files(folder.paths(), named, report);
    if (report.ok()) check_dataset_files(folder, report);
    if (lock_config && lock_config->empty()) lock_config = folder.manifest().config;
    check_locks(folder, lock_config, report);
  } catch (const std::exception& e) {
    report.faults.push_back(e.what());
  }
  return report;
}

}  // namespace

std::vector<VerifyReport> verify_dataset(const fs::path& folder,
                                         const std::function<void(std::uint64_t)>& progress) {
  if (!PairsFolder::is_pairs_folder(folder)) return {verify_one(folder, "", progress)};
  // A pairs folder: the two sides, once they align (pairs_folder.h).
  std::vector<VerifyReport> reports;
  try {
    PairsFolder pairs = PairsFolder::open(folder);
    reports.push_back(verify_one(pairs.base().root(), pairs.manifest().config, progress));
    reports.push_back(verify_one(pairs.intervened().root(), std::nullopt, progress));
    check_pair_files(pairs, reports.front());
  } catch (const std::exception& e) {
    VerifyReport report;
    report.root = folder;
    report.faults.push_back(e.what());
    reports.push_back(std::move(report));
  }
  return reports;
}

}  // namespace railyard
