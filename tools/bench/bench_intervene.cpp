// `railyard bench intervene`: the counterfactual search (logic/intervention) over sampled
// Michalski trains on one thread: trains searched per second, trains labelled per search, and
// how many trains flip with 1, 2, ... edits.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <vector>

#include "logic/intervention/intervention.h"
#include "logic/sampler.h"
#include "tools/bench/measure.h"
#include "tools/lib/dataset/rule_loading.h"

namespace railyard {
namespace {

double percent(std::uint64_t part, std::uint64_t whole) {
  return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

void run_intervene_benchmark(std::uint64_t count, std::uint64_t seed, const std::string& rule_name,
                             int max_edits, const std::string& kinds) {
  if (count == 0) throw std::runtime_error("--count must be at least 1");
  SearchOptions options;
  options.max_edits = max_edits;
  options.kinds = parse_edit_kinds(kinds);
  LoadedRule rule = load_rule(rule_name, 1);
  CounterfactualSearch search(rule.per_thread.front(), options);

  TrainSampler sampler({});
  std::vector<Train> trains;
  trains.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) trains.push_back(sampler.sample(seed, i));

  std::vector<std::uint64_t> flips(static_cast<std::size_t>(max_edits) + 1);
  std::uint64_t labelled = 0, built = 0, no_flip = 0, out_of_budget = 0;
  Stopwatch watch;
  for (const Train& train : trains) {
    Expected<Intervention> flip = search.flip(train);
    CounterfactualSearch::Stats stats = search.stats();
    labelled += stats.labelled;
    built += stats.built;
    if (flip)
      ++flips[flip->operations.size()];
    else
      ++(stats.out_of_budget ? out_of_budget : no_flip);
  }
  // CPU time too: on a shared machine, wall time also counts waiting for a core.
  double seconds = watch.wall(), cpu = watch.cpu();

  std::printf(
      "bench intervene: %llu MichalskiTrains of 2-4 cars, seed %llu, rule %s, k = %d, "
      "one thread\nedit kinds: %s\n\n",
      static_cast<unsigned long long>(count), static_cast<unsigned long long>(seed),
      rule.name.c_str(), max_edits, format_edit_kinds(options.kinds).c_str());
  auto n = static_cast<double>(count);
  std::printf("counterfactual search  %.1fk trains/s (goal on theoryx: >= 20k/s), %.3f s\n",
              n / seconds / 1e3, seconds);
  std::printf("per CPU second         %.1fk trains/s, %.3f s of CPU time\n", n / cpu / 1e3, cpu);
  std::printf("per train              %.1f trains labelled (the base included), %.1f built\n",
              static_cast<double>(labelled) / n, static_cast<double>(built) / n);
  std::uint64_t within = 0;
  for (int k = 1; k <= max_edits; ++k) {
    std::uint64_t exactly = flips[static_cast<std::size_t>(k)];
    within += exactly;
    std::printf("flip within k = %d      %llu (%.2f%%), %llu of them with %d edit%s\n", k,
                static_cast<unsigned long long>(within), percent(within, count),
                static_cast<unsigned long long>(exactly), k, k == 1 ? "" : "s");
  }
  std::printf("no flip within k = %d   %llu (%.2f%%)\n", max_edits,
              static_cast<unsigned long long>(no_flip), percent(no_flip, count));
  if (out_of_budget > 0)
    std::printf("candidate budget spent %llu\n", static_cast<unsigned long long>(out_of_budget));
}

}  // namespace

void add_intervene_bench(CLI::App& bench) {
  struct Options {
    std::uint64_t count = 10'000;
    std::uint64_t seed = 0;
    std::string rule = "theoryx";
    int max_edits = 2;
    std::string kinds = format_edit_kinds(EditKinds::search_default());
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = bench.add_subcommand(
      "intervene", "trains/s of the counterfactual search (smallest label flip) on one thread");
  command->add_option("-n,--count", options->count, "trains")->capture_default_str();
  command->add_option("--seed", options->seed, "random seed")->capture_default_str();
  command->add_option("-r,--rule", options->rule, "rule name or .pl file")->capture_default_str();
  command->add_option("-k,--max-edits", options->max_edits, "longest edit sequence, 1 to 3")
      ->capture_default_str();
  command->add_option("--kinds", options->kinds, "edit kinds the search may use")
      ->capture_default_str();
  command->callback([options] {
    run_intervene_benchmark(options->count, options->seed, options->rule, options->max_edits,
                            options->kinds);
  });
}

}  // namespace railyard
