// `railyard verify DATASET...`: the full check of finished datasets (dataset_verify.h), with a
// report per dataset and a non-zero exit on any fault.
#include <cstdio>

#include "tools/lib/dataset/run_kinds/dataset_verify.h"
#include "tools/lib/shards/shard_verify.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/path_checks.h"

namespace railyard {
namespace {

constexpr std::size_t kFaultsShown = 50;

// Prints the report; true when the dataset passed.
bool print(const VerifyReport& report) {
  if (report.ok()) {
    std::printf("%s: OK, %llu samples, %llu files checked\n", report.root.c_str(),
                static_cast<unsigned long long>(report.samples),
                static_cast<unsigned long long>(report.files));
    return true;
  }
  std::printf("%s: %zu fault%s\n", report.root.c_str(), report.faults.size(),
              report.faults.size() == 1 ? "" : "s");
  for (std::size_t i = 0; i < report.faults.size() && i < kFaultsShown; ++i)
    std::printf("  %s\n", report.faults[i].c_str());
  if (report.faults.size() > kFaultsShown)
    std::printf("  ... %zu more\n", report.faults.size() - kFaultsShown);
  return false;
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto datasets = std::make_shared<std::vector<std::string>>();
  auto quiet = std::make_shared<bool>(false);
  CLI::App* command = app.add_subcommand(
      "verify",
      "check finished datasets in full: every file against its record (size, SHA-256), the "
      "splits, and every dataset-wide file against the records; a shard folder: every shard "
      "against shards.json and every member against its record; exit 1 on any fault");
  command
      ->add_option("datasets", *datasets,
                   "dataset folders, pairs folders or shard folders (railyard pack)")
      ->required()
      ->check(existing_folder());
  command->add_flag("-q,--quiet", *quiet, "no progress lines");
  command->callback([datasets, quiet] {
    bool ok = true;
    for (const std::string& dataset : *datasets) {
      auto progress = [&](std::uint64_t done) {
        if (!*quiet)
          std::fprintf(stderr, "\r%s: %llu samples checked", dataset.c_str(),
                       static_cast<unsigned long long>(done));
      };
      auto reports = is_shard_folder(dataset) ? verify_shards(dataset, progress)
                                              : verify_dataset(dataset, progress);
      for (const VerifyReport& report : reports) ok &= print(report);
      if (!*quiet) std::fprintf(stderr, "\n");
    }
    if (!ok) throw CLI::RuntimeError(1);
  });
}

}  // namespace railyard
