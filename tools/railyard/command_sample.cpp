// `railyard sample`: a balanced, labelled symbolic train set in the reference's format.
#include <chrono>
#include <cstdio>

#include "logic/labelled_batch.h"
#include "tools/dataset/formats/train_set_writer.h"
#include "tools/dataset/rule_loading.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/sampler_options.h"

namespace railyard {
namespace {

struct SampleOptions {
  SamplerOptions sampler;
  std::uint64_t count = 10000;
  std::uint64_t seed = 0;
  std::string rule = "theoryx";
  bool unbalanced = false;
  std::uint64_t max_attempts = 100'000;
  std::string out = "output";
  unsigned threads = 0;
};

// Trains are made and written in blocks, so memory stays flat however large the set.
constexpr std::uint64_t kBlock = 1 << 16;

void run_sample(const SampleOptions& options) {
  SamplerConfig config = options.sampler.config();
  TrainSampler sampler(config);
  LoadedRule rule = load_rule(options.rule, options.threads);
  BalanceOptions balance{!options.unbalanced, options.max_attempts, rule.name};
  TrainSetWriter writer(description_path(options.out, rule.name, config));

  auto start = std::chrono::steady_clock::now();
  std::vector<LabelledTrain> block;
  std::uint64_t east = 0;
  for (std::uint64_t first = 0; first < options.count; first += kBlock) {
    block.resize(std::min(kBlock, options.count - first));
    sample_labelled_batch(sampler, rule.per_thread, options.seed, first, std::span(block), balance);
    for (const auto& t : block) east += t.label == Direction::East;
    writer.append(block, first);
  }
  writer.commit();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%llu trains (%llu east, %llu west) by rule %s, %s %d-%d cars, in %.3f s\n",
              static_cast<unsigned long long>(options.count), static_cast<unsigned long long>(east),
              static_cast<unsigned long long>(options.count - east), rule.name.c_str(),
              std::string(distribution_name(config.distribution)).c_str(), config.min_cars,
              config.max_cars, seconds);
  std::printf("wrote %s\n      %s\n", writer.description_path().c_str(),
              writer.json_lines_path().c_str());
}

}  // namespace

void add_sample_command(CLI::App& app) {
  auto options = std::make_shared<SampleOptions>();
  CLI::App* command =
      app.add_subcommand("sample", "sample and label a train set (description lines + JSON Lines)");
  command->add_option("-n,--count", options->count, "number of trains")->capture_default_str();
  command->add_option("--seed", options->seed, "random seed")->capture_default_str();
  command->add_option("-r,--rule", options->rule, "rule name (logic/rules/<name>.pl) or .pl path")
      ->capture_default_str();
  add_sampler_options(*command, options->sampler);
  command->add_flag("--unbalanced", options->unbalanced,
                    "keep the rule's natural east/west odds instead of a 50/50 split");
  command
      ->add_option("--max-attempts", options->max_attempts,
                   "draws per train before a class counts as unreachable")
      ->capture_default_str();
  command->add_option("-o,--out", options->out, "output folder")->capture_default_str();
  command->add_option("-j,--threads", options->threads, "worker threads (0: all cores)");
  command->callback([options] { run_sample(*options); });
}

}  // namespace railyard
