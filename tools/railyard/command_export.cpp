// `railyard export DATASET...`: a finished dataset (or a pairs folder, or every variant of a
// suite given one by one) as input for Popper, Aleph and graph learners.
#include <charconv>
#include <cstdio>

#include "tools/export/dataset_export.h"
#include "tools/export/staged_folder.h"
#include "tools/railyard/commands.h"

namespace railyard {
namespace {

struct ExportCommandOptions {
  std::vector<std::string> datasets;
  std::vector<std::string> targets = {"popper", "aleph", "scene_graphs"};
  std::string vocabulary = "relational";
  double noise = 0.0;
  std::string noise_seed = "0";  // checked here: CLI11 would clamp -1 and 2^64 silently
  std::string output;            // with one dataset and one target: the export folder itself
};

void print(const exports::DatasetExportSummary& summary) {
  std::printf("%s:", summary.folder.c_str());
  for (const auto& [side, written] : summary.sides) {
    if (!side.empty()) std::printf(" %s", side.c_str());
    for (const exports::SplitSummary& split : written.splits)
      std::printf(" %s %zu (%zu east)", split.name.c_str(), split.examples, split.eastbound);
  }
  if (summary.withheld) std::printf("; %zu without a published label left out", summary.withheld);
  std::printf("\n");
}

std::uint64_t parse_noise_seed(const std::string& text) {
  std::uint64_t seed = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw exports::ExportError("--noise-seed " + text +
                               ": expected a whole number from 0 to 18446744073709551615");
  return seed;
}

std::filesystem::path destination(const ExportCommandOptions& options, const std::string& dataset,
                                  const exports::ExportOptions& e) {
  if (!options.output.empty()) return options.output;
  return std::filesystem::path(dataset) / "exports" / exports::export_name(e);
}

void run(const ExportCommandOptions& options) {
  // Every option is checked before the first export is written.
  std::vector<exports::ExportOptions> wanted;
  for (const std::string& target : options.targets) {
    exports::ExportOptions e;
    e.target = exports::parse_export_target(target);
    e.vocabulary = exports::parse_logic_vocabulary(options.vocabulary);
    if (e.target != exports::ExportTarget::SceneGraphs)
      e.noise = {options.noise, parse_noise_seed(options.noise_seed)};
    exports::validate_options(e);
    wanted.push_back(e);
  }
  if (!options.output.empty() && (wanted.size() != 1 || options.datasets.size() != 1))
    throw exports::ExportError(
        "-o/--output names one export folder: give one dataset and one "
        "--target");
  for (const std::string& dataset : options.datasets)
    for (const exports::ExportOptions& e : wanted)
      exports::check_export_destination(destination(options, dataset, e));
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
      ->check(CLI::ExistingDirectory);
  // One value per -t (comma-separated for several), so `-t popper DATASET` reads DATASET as a
  // dataset, not as a second target.
  command->add_option("-t,--target", options->targets, "popper, aleph, scene_graphs")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->capture_default_str();
  command->add_option("--vocabulary", options->vocabulary, "relational or michalski")
      ->capture_default_str();
  command->add_option("--noise", options->noise,
                      "perception noise: each background attribute replaced with this "
                      "probability (Popper and Aleph)");
  command->add_option("--noise-seed", options->noise_seed, "seed of the perception noise")
      ->capture_default_str();
  command->add_option("-o,--output", options->output,
                      "the export folder (one dataset and one target only); a folder that "
                      "exists must be empty or an earlier export");
  command->callback([options] { run(*options); });
}

}  // namespace railyard
