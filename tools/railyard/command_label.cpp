// `railyard label`: relabels an existing description file with another rule.
#include <cstdio>

#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/rule_loading.h"
#include "tools/lib/records/formats/description.h"
#include "tools/lib/records/formats/train_set_writer.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/path_checks.h"
#include "util/file_system.h"

namespace railyard {
namespace {

struct LabelOptions {
  std::string in;
  std::string rule = kDefaultRule;
  std::string out;  // default: <in stem>_<rule>.txt beside the input
};

void run_label(const LabelOptions& options) {
  std::vector<LabelledTrain> trains = read_description_file(options.in);
  LoadedRule rule = load_rule(options.rule, 1);
  std::size_t changed = 0, east = 0;
  for (LabelledTrain& t : trains) {
    Direction label = rule.per_thread.front().label(t.train);
    changed += label != t.label;
    east += label == Direction::East;
    t.label = label;
  }
  std::filesystem::path in(options.in);
  std::filesystem::path out =
      options.out.empty()
          ? in.parent_path() / (in.stem().string() + "_" + rule.name + in.extension().string())
          : std::filesystem::path(options.out);
  if (file_system::exists(out) && file_system::same_file(out, in))
    throw std::runtime_error("--out " + out.string() + " is the input file; choose another path");
  TrainSetWriter writer(out);
  writer.append(trains, 0);
  writer.commit();
  std::printf("%zu trains labelled by %s: %zu east, %zu west, %zu labels changed\n", trains.size(),
              rule.name.c_str(), east, trains.size() - east, changed);
  std::printf("wrote %s\n      %s\n", writer.description_path().c_str(),
              writer.json_lines_path().c_str());
}

}  // namespace

void add_label_command(CLI::App& app) {
  auto options = std::make_shared<LabelOptions>();
  CLI::App* command =
      app.add_subcommand("label", "label an existing train description file with another rule");
  command->add_option("input", options->in, "train description file")
      ->required()
      ->check(existing_file());
  command->add_option("-r,--rule", options->rule, "rule name or .pl path")->capture_default_str();
  command->add_option("-o,--out", options->out,
                      "output description file (default: <input>_<rule>.txt beside the input)");
  command->callback([options] { run_label(*options); });
}

}  // namespace railyard
