// `railyard render`: the trains of a description file to images and annotations, in V-LoL's
// folder layout. Labels are taken as written.
#include <algorithm>

#include "tools/lib/records/formats/description.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "tools/railyard/path_checks.h"
#include "tools/railyard/run_flags.h"
#include "util/file_system.h"

namespace railyard {
namespace {

struct RenderOptions {
  ConfigOptions dataset;
  std::string descriptions;
  std::string rule_name;  // default: the folder the file is in (dataset_descriptions/<rule>/)
};

void run_render(const RenderOptions& options) {
  std::vector<LabelledTrain> trains = read_description_file(options.descriptions);
  ConfigOptions dataset = options.dataset;
  auto [shortest, longest] = std::minmax_element(
      trains.begin(), trains.end(),
      [](const auto& a, const auto& b) { return a.train.cars.size() < b.train.cars.size(); });
  // Lengths and count come from the file; they name the output folder like V-LoL's.
  dataset.assignments.push_back("count=" + std::to_string(trains.size()));
  dataset.assignments.push_back("min_cars=" + std::to_string(shortest->train.cars.size()));
  dataset.assignments.push_back("max_cars=" + std::to_string(longest->train.cars.size()));
  DatasetConfig config = effective_config(dataset);
  std::string rule =
      options.rule_name.empty()
          ? file_system::absolute(options.descriptions).parent_path().filename().string()
          : options.rule_name;
  const RunKind& kind = run_kind(config, RunCommand::Render);  // refuses sequences
  print_run_summary(render_trains(config, std::move(trains), rule, run_options(dataset)),
                    kind.command);
}

}  // namespace

void add_render_command(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  CLI::App* command = app.add_subcommand(
      "render", "render the trains of a description file (images, masks, boxes, depth)");
  command->add_option("descriptions", options->descriptions, "train description file")
      ->required()
      ->check(existing_file());
  command->add_option("--rule-name", options->rule_name,
                      "rule name for the output folder (default: the file's folder name)");
  add_config_options(*command, options->dataset, false);
  command->callback([options] { run_render(*options); });
}

}  // namespace railyard
