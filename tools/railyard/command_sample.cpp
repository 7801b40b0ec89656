// `railyard sample`: a balanced, labelled symbolic train set in the reference's format.
#include <chrono>
#include <cstdio>
#include <optional>

#include "logic/labelled_batch.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/rule_loading.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/records/formats/train_set_writer.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "util/atomic_file.h"
#include "util/file_system.h"

namespace railyard {
namespace {

struct SampleOptions {
  ConfigOptions config;
  bool unbalanced = false;
};

// Trains are made and written in blocks, so memory stays flat however large the set.
constexpr std::uint64_t kBlock = 1 << 16;

// A kind that samples its own units (sequences: trains, predicates, states, label) as JSON Lines
// beside where the dataset's description file would be, for sequence induction.
void sample_units(const DatasetConfig& config, const RunKind& kind) {
  auto start = std::chrono::steady_clock::now();
  DatasetInputs inputs = resolve_inputs(config, data_root());
  std::filesystem::path file =
      DatasetPaths(dataset_identity(config, inputs.rule_name, "")).description_file();
  file.replace_filename(file.stem().string() + "_sequences.jsonl");
  file_system::create_folders(file.parent_path());
  AtomicFile lines(file);
  kind.symbolic(config, data_root(), lines);
  lines.commit();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%llu sequences of \"%s\" in %.3f s\nwrote %s\n",
              static_cast<unsigned long long>(config.count), config.sequence.formula.c_str(),
              seconds, file.c_str());
}

void run_sample(const SampleOptions& options) {
  DatasetConfig config = effective_config(options.config);
  if (const RunKind& kind = run_kind(config); kind.symbolic) return sample_units(config, kind);
  TrainSampler sampler(config.sampler);
  LoadedRule rule = load_rule(config.rule, config.threads);
  BalanceOptions balance{!options.unbalanced, config.max_attempts, rule.name};
  // The description file a dataset of this config would have (its name holds no scene).
  TrainSetWriter writer(DatasetPaths(dataset_identity(config, rule.name, "")).description_file());

  auto start = std::chrono::steady_clock::now();
  // unique and compositions choose each index's attempt (train_plan.h): the dataset's own trains.
  std::optional<SampledTrains> chosen;
  if (!options.unbalanced && (config.unique || config.compositions))
    chosen.emplace(sampled_trains(config, resolve_inputs(config, data_root())));
  std::vector<LabelledTrain> block;
  std::uint64_t east = 0;
  for (std::uint64_t first = 0; first < config.count; first += kBlock) {
    block.resize(std::min(kBlock, config.count - first));
    if (chosen)
      for (std::size_t k = 0; k < block.size(); ++k) block[k] = chosen->train(first + k);
    else
      sample_labelled_batch(sampler, rule.per_thread, config.seed, first, std::span(block),
                            balance);
    for (const auto& t : block) east += t.label == Direction::East;
    writer.append(block, first);
  }
  writer.commit();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%llu trains (%llu east, %llu west) by rule %s, %s %d-%d cars, in %.3f s\n",
              static_cast<unsigned long long>(config.count), static_cast<unsigned long long>(east),
              static_cast<unsigned long long>(config.count - east), rule.name.c_str(),
              std::string(distribution_name(config.sampler.distribution)).c_str(),
              config.sampler.min_cars, config.sampler.max_cars, seconds);
  std::printf("wrote %s\n      %s\n", writer.description_path().c_str(),
              writer.json_lines_path().c_str());
}

}  // namespace

void add_sample_command(CLI::App& app) {
  auto options = std::make_shared<SampleOptions>();
  CLI::App* command = app.add_subcommand(
      "sample", "sample and label a train set (description lines + JSON Lines), no images");
  add_config_options(*command, options->config, true,
                     {"count", "seed", "rule", "distribution", "min_cars", "max_cars",
                      "constraints", "occlusion", "max_attempts", "output", "threads"});
  command->add_flag("--unbalanced", options->unbalanced,
                    "keep the rule's natural east/west odds instead of a 50/50 split");
  command->callback([options] { run_sample(*options); });
}

}  // namespace railyard
