// `railyard export DATASET...`: a finished dataset (or a pairs folder, or every variant of a
// suite given one by one) as input for Popper, Aleph and graph learners.
//
// Its flags are the keys of one export, declared once in tools/lib/export/export_schema.h (the
// items of a dataset config's `exports:`): -t/--target (several, comma-separated; every target
// unless given), --vocabulary, --noise and --noise-seed, with the schema's help and defaults.
#include <cstdio>

#include "tools/lib/export/dataset_export.h"
#include "tools/lib/export/export_schema.h"
#include "tools/lib/export/exporter.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "tools/railyard/path_checks.h"

namespace railyard {
namespace {

using ExportSetting = Setting<exports::ExportOptions>;

// Each flag's help names its key in a dataset config's `exports:` items.
constexpr const char* kKeyNote = "config: exports[].";

struct ExportCommandOptions {
  std::vector<std::string> datasets;
  std::vector<std::string> targets = exports::export_schema().find("target")->choices;
  // The other keys' flags, in command-line order, read by the schema (which refuses -1 or 2^64
  // as a seed, where CLI11 would clamp them).
  std::vector<std::pair<const ExportSetting*, std::string>> values;
  std::string output;  // with one dataset and one target: the export folder itself
};

void print(const exports::DatasetExportSummary& summary) {
  std::printf("%s:", summary.folder.c_str());
  for (const auto& [side, written] : summary.sides) {
    if (!side.empty()) std::printf(" %s", side.c_str());
    for (const exports::SplitSummary& split : written.splits) {
      std::printf(" %s %zu (%zu east)", split.name.c_str(), split.examples, split.eastbound);
      if (split.sequences > 0)  // a sequence dataset: its split's sequence problem too
        std::printf(" + %zu sequences (%zu accepted)", split.sequences, split.accepted);
    }
  }
  if (summary.withheld) std::printf("; %zu without a published label left out", summary.withheld);
  std::printf("\n");
}

std::filesystem::path destination(const ExportCommandOptions& options, const std::string& dataset,
                                  const exports::ExportOptions& e) {
  if (!options.output.empty()) return options.output;
  return std::filesystem::path(dataset) / "exports" / exports::export_name(e);
}

void run(const ExportCommandOptions& options) {
  // Every option is checked before the first export is written.
  const Schema<exports::ExportOptions>& schema = exports::export_schema();
  std::vector<exports::ExportOptions> wanted;
  for (const std::string& target : options.targets) {
    exports::ExportOptions e;
    schema.assign_value("target", target, "--target " + target, e);
    // Each flag where its key applies to the target (--noise: popper and aleph only).
    for (const auto& [setting, value] : options.values)
      if (!setting->applies || setting->applies(e))
        schema.assign_value(setting->key, value, long_flag(setting->flag) + " " + value, e);
    schema.validate(e);
    wanted.push_back(e);
  }
  if (!options.output.empty() && (wanted.size() != 1 || options.datasets.size() != 1))
    throw exports::ExportError(
        "-o/--output names one export folder: give one dataset and one "
        "--target");
  for (const std::string& dataset : options.datasets)
    for (const exports::ExportOptions& e : wanted)
      check_destination(destination(options, dataset, e), exports::kExportFolder);
  for (const std::string& dataset : options.datasets)
    for (const exports::ExportOptions& e : wanted)
      print(exports::export_dataset(dataset, e, destination(options, dataset, e)));
}

}  // namespace

void add_export_command(CLI::App& app) {
  auto options = std::make_shared<ExportCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "export",
      "a finished dataset's ground truth for Popper, Aleph and graph learners, per split "
      "(<dataset>/exports/<target>_<vocabulary>/)");
  command->add_option("datasets", options->datasets, "dataset folders (or pairs folders)")
      ->required()
      ->check(existing_folder());
  const Schema<exports::ExportOptions>& schema = exports::export_schema();
  const ExportSetting& target = *schema.find("target");
  // One value per -t (comma-separated for several), so `-t popper DATASET` reads DATASET as a
  // dataset, not as a second target.
  command
      ->add_option(target.flag, options->targets,
                   target.help + " [" + target.type + "]; several: -t popper,aleph (" + kKeyNote +
                       target.key + ")")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->capture_default_str();
  static const exports::ExportOptions defaults;
  add_schema_flags<exports::ExportOptions>(
      *command, schema,
      [options](const ExportSetting& setting, const std::string& value) {
        options->values.emplace_back(&setting, value);
      },
      [&target](const ExportSetting& setting) { return &setting != &target; }, &defaults, kKeyNote);
  command->add_option("-o,--output", options->output,
                      "the export folder (one dataset and one target only); a folder that "
                      "exists must be empty or an earlier export");
  command->callback([options] { run(*options); });
}

}  // namespace railyard
