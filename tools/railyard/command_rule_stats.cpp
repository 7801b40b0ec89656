// `railyard rule-stats`: the eastbound share of a rule under a distribution, with a confidence
// interval, like the reference's concept tester.
#include <cmath>
#include <cstdio>

#include "logic/labelled_batch.h"
#include "tools/dataset/rule_loading.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/sampler_options.h"

namespace railyard {
namespace {

struct RuleStatsOptions {
  SamplerOptions sampler;
  std::uint64_t count = 10000;
  std::uint64_t seed = 0;
  std::vector<std::string> rules{"theoryx"};
  unsigned threads = 0;
};

struct Interval {
  double low, high;
};

// Wilson score interval at 95%: well-behaved near 0 and 1, unlike the normal approximation.
Interval wilson(std::uint64_t successes, std::uint64_t n) {
  const double z = 1.959963984540054;
  double p = static_cast<double>(successes) / static_cast<double>(n);
  double denominator = 1.0 + z * z / static_cast<double>(n);
  double centre = (p + z * z / (2.0 * static_cast<double>(n))) / denominator;
  double half = z *
                std::sqrt(p * (1.0 - p) / static_cast<double>(n) +
                          z * z / (4.0 * static_cast<double>(n) * static_cast<double>(n))) /
                denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

void run_rule_stats(const RuleStatsOptions& options) {
  if (options.count == 0) throw std::runtime_error("--count must be at least 1");
  SamplerConfig config = options.sampler.config();
  TrainSampler sampler(config);
  std::printf("%s, %d-%d cars, %llu trains, seed %llu\n",
              std::string(distribution_name(config.distribution)).c_str(), config.min_cars,
              config.max_cars, static_cast<unsigned long long>(options.count),
              static_cast<unsigned long long>(options.seed));
  std::printf("%-16s %8s  %s\n", "rule", "east", "95% interval");
  std::vector<LabelledTrain> trains(options.count);
  for (const std::string& name : options.rules) {
    LoadedRule rule = load_rule(name, options.threads);
    BalanceOptions natural{false, 1, rule.name};
    sample_labelled_batch(sampler, rule.per_thread, options.seed, 0, std::span(trains), natural);
    std::uint64_t east = 0;
    for (const auto& t : trains) east += t.label == Direction::East;
    Interval ci = wilson(east, options.count);
    std::printf("%-16s %7.2f%%  [%.2f%%, %.2f%%]\n", rule.name.c_str(),
                100.0 * static_cast<double>(east) / static_cast<double>(options.count),
                100.0 * ci.low, 100.0 * ci.high);
  }
}

}  // namespace

void add_rule_stats_command(CLI::App& app) {
  auto options = std::make_shared<RuleStatsOptions>();
  CLI::App* command = app.add_subcommand(
      "rule-stats", "estimate the eastbound share of rules under a distribution");
  command->add_option("-n,--count", options->count, "trains to sample")->capture_default_str();
  command->add_option("--seed", options->seed, "random seed")->capture_default_str();
  command->add_option("-r,--rule", options->rules, "rule names or .pl paths (repeatable)")
      ->capture_default_str();
  add_sampler_options(*command, options->sampler);
  command->add_option("-j,--threads", options->threads, "worker threads (0: all cores)");
  command->callback([options] { run_rule_stats(*options); });
}

}  // namespace railyard
