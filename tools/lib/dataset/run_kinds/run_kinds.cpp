#include "tools/lib/dataset/run_kinds/run_kinds.h"

#include "logic/errors.h"
#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/pairs/pairs_run.h"
#include "tools/lib/dataset/sequences/sequence_run.h"

namespace railyard {
namespace {

std::shared_ptr<TrainSource> samples_trains(const DatasetConfig& config,
                                            const DatasetInputs& inputs) {
  return std::make_shared<SampledTrains>(sampled_trains(config, inputs));
}

// name, chosen by, command, run, merge, remake (verify), trains, their keys, symbolic, Python class
// clang-format off
constexpr RunKind kSamples{"samples", "no sequence.formula", "generate", generate_samples,
    merge_samples, finalize_dataset, samples_trains, "key 'compositions'", nullptr, "Generator"};
constexpr RunKind kPairs{"pairs", "railyard intervene", "intervene", intervene_dataset,
    merge_pairs};
constexpr RunKind kSequences{"sequences", "sequence.formula", "generate", generate_sequences,
    merge_sequences, remake_sequences, sequence_trains, "key 'sequence'", write_symbolic_sequences,
    "SequenceGenerator"};
constexpr RunKind kEpisodes{"episodes", "sequence.mode: incremental", "generate", generate_episode,
    merge_samples, finalize_dataset, episode_trains, "key 'sequence'", write_curriculum,
    "Generator"};
// clang-format on

}  // namespace

const RunKind& run_kind(const DatasetConfig& config, RunCommand command) {
  const RunKind& made = !config.sequence.enabled()      ? kSamples
                        : config.sequence.incremental() ? kEpisodes
                                                        : kSequences;
  if (command != RunCommand::Generate && &made != &kSamples)
    throw ConfigError(std::string("the config makes ") + std::string(made.name) + " (" +
                      std::string(made.chosen_by) + "), but railyard " +
                      (command == RunCommand::Intervene ? "intervene" : "render") +
                      " makes single trains: remove the sequence: section");
  return command == RunCommand::Intervene ? kPairs : made;
}

RunSummary generate_dataset(const DatasetConfig& config, const RunOptions& options) {
  return run_kind(config).run(config, options);
}

std::filesystem::path merge_dataset(const DatasetConfig& config, const RunOptions& options) {
  return run_kind(config).merge(config, options);
}

std::function<render::Scene(std::uint64_t)> dataset_scenes(const DatasetConfig& config,
                                                           const RunOptions& options) {
  DatasetInputs inputs = resolve_inputs(config, options.data_dir);
  std::shared_ptr<TrainSource> trains = run_kind(config).trains(config, inputs);
  auto scene = std::make_shared<SceneContext>(load_scene_context(config, inputs));
  return [trains, scene, count = trains->samples_of_first(config.count)](std::uint64_t index) {
    if (index >= count) {
      throw std::out_of_range("train " + std::to_string(index) + ": the dataset has " +
                              std::to_string(count) + " trains");
    }
    return layout_scene(*scene, trains->train(index).train).scene;
  };
}

}  // namespace railyard
