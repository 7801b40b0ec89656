// `railyard rule-stats`: the eastbound share of a rule under a distribution, with a confidence
// interval, like the reference's concept tester.
#include <cmath>
#include <cstdio>

#include "logic/labelled_batch.h"
#include "tools/lib/dataset/rule_loading.h"
#include "tools/railyard/commands.h"
#include "tools/railyard/config_options.h"
#include "util/wilson.h"

namespace railyard {
namespace {

struct RuleStatsOptions {
  ConfigOptions config;
  std::vector<std::string> rules;  // empty: the config's rule
};

void run_rule_stats(const RuleStatsOptions& options) {
  DatasetConfig config = effective_config(options.config);
  TrainSampler sampler(config.sampler);
  std::printf("%s, %d-%d cars, %llu trains, seed %llu\n",
              std::string(distribution_name(config.sampler.distribution)).c_str(),
              config.sampler.min_cars, config.sampler.max_cars,
              static_cast<unsigned long long>(config.count),
              static_cast<unsigned long long>(config.seed));
  std::printf("%-16s %8s  %s\n", "rule", "east", "95% interval");
  std::vector<std::string> rules = options.rules;
  if (rules.empty()) rules.push_back(config.rule);
  for (const std::string& name : rules) {
    LoadedRule rule = load_rule(name, config.threads);
    std::uint64_t east =
        count_eastbound(sampler, rule.per_thread, config.seed, config.count, rule.name);
    Interval ci = wilson_interval(east, config.count, 1.959963984540054);
    std::printf("%-16s %7.2f%%  [%.2f%%, %.2f%%]\n", rule.name.c_str(),
                100.0 * static_cast<double>(east) / static_cast<double>(config.count),
                100.0 * ci.low, 100.0 * ci.high);
  }
}

}  // namespace

void add_rule_stats_command(CLI::App& app) {
  auto options = std::make_shared<RuleStatsOptions>();
  CLI::App* command = app.add_subcommand(
      "rule-stats", "estimate the eastbound share of rules under a distribution");
  add_config_options(*command, options->config, true,
                     {"count", "seed", "distribution", "min_cars", "max_cars", "constraints",
                      "occlusion", "threads"});
  command->add_option("-r,--rule", options->rules,
                      "rule names or .pl paths, repeatable (default: the config's rule)");
  command->callback([options] { run_rule_stats(*options); });
}

}  // namespace railyard
