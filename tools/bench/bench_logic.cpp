// The symbolic core's benchmark: sampling and labelling rates of railyard against SWI-Prolog on
// the same machine, one thread each, the same 200k Michalski trains of 2..4 cars.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

#include "logic/rule.h"
#include "logic/sampler.h"
#include "tools/bench/measure.h"
#include "tools/bench/swipl.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/rule_loading.h"
#include "util/child_process.h"

namespace railyard {
namespace {

std::string rate(double per_second) {
  char text[32];
  if (per_second >= 1e6)
    std::snprintf(text, sizeof text, "%.2fM/s", per_second / 1e6);
  else
    std::snprintf(text, sizeof text, "%.1fk/s", per_second / 1e3);
  return text;
}

// SWI-Prolog's sampling rate with the Prolog port of the distribution (tools/bench).
std::optional<double> swipl_sampling_rate(const std::filesystem::path& swipl, std::uint64_t count) {
  auto sampler = data_root() / "tools" / "bench" / "michalski_sampler.pl";
  ChildResult run = run_child(swipl.string(), {"-q", "-g", "bench(" + std::to_string(count) + ")",
                                               "-t", "halt", sampler.string()});
  std::istringstream out(run.output);
  std::string word;
  std::uint64_t trains = 0;
  double seconds = 0.0;
  if (run.exit_code != 0 || !(out >> word >> trains >> word >> seconds) || seconds <= 0.0) {
    std::fprintf(stderr, "SWI-Prolog sampling failed: %s\n", run.output.c_str());
    return std::nullopt;
  }
  return static_cast<double>(trains) / seconds;
}

std::vector<Train> sample_trains(std::uint64_t count, std::uint64_t seed, double& rate_out) {
  TrainSampler sampler({});
  std::vector<Train> trains;
  trains.reserve(count);
  auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < count; ++i) trains.push_back(sampler.sample(seed, i));
  rate_out = static_cast<double>(count) / seconds_since(start);
  return trains;
}

// Each side labels the trains this many times, alternating, and keeps its fastest pass: on a
// shared machine a burst of other work slows one pass of either side, not the best of three.
constexpr int kPasses = 3;

// One pass of railyard over the trains: its rate, its labels in `ours`.
double our_pass_rate(Rule& engine, const std::vector<Train>& trains, std::vector<Direction>& ours) {
  ours.clear();
  ours.reserve(trains.size());
  // CPU time, as SWI-Prolog's side measures itself (statistics(cputime)): on a shared machine
  // wall time would charge railyard alone for the time other processes hold the cores.
  const double start = cpu_seconds();
  for (const Train& train : trains) ours.push_back(engine.label(train));
  return static_cast<double>(trains.size()) / (cpu_seconds() - start);
}

void bench_rule(const std::string& name, const std::vector<Train>& trains,
                const std::optional<std::filesystem::path>& swipl) {
  LoadedRule rule = load_rule(name, 1);
  Rule& engine = rule.per_thread.front();
  std::vector<Direction> ours;
  double our_rate = 0.0, swi_rate = 0.0;
  SwiplRun theirs;
  for (int pass = 0; pass < kPasses; ++pass) {
    our_rate = std::max(our_rate, our_pass_rate(engine, trains, ours));
    if (!swipl) continue;
    theirs = label_with_swipl(background_file(data_root()), rule.path, trains);
    swi_rate = std::max(swi_rate, static_cast<double>(trains.size()) / theirs.seconds);
  }
  std::size_t east = 0;
  for (Direction d : ours) east += d == Direction::East;
  double share = 100.0 * static_cast<double>(east) / static_cast<double>(trains.size());
  if (!swipl) {
    std::printf("  %-12s %12s %14s %8s %7.2f%%\n", rule.name.c_str(), rate(our_rate).c_str(), "-",
                "-", share);
    return;
  }
  std::size_t agree = 0;
  for (std::size_t i = 0; i < trains.size(); ++i) agree += ours[i] == theirs.labels[i];
  std::printf("  %-12s %12s %14s %7.1fx %7.2f%%  %zu/%zu\n", rule.name.c_str(),
              rate(our_rate).c_str(), rate(swi_rate).c_str(), our_rate / swi_rate, share, agree,
              trains.size());
}

}  // namespace

void run_logic_benchmark(std::uint64_t count, std::uint64_t seed,
                         const std::vector<std::string>& rules) {
  if (count == 0) throw std::runtime_error("--count must be at least 1");
  std::optional<std::filesystem::path> swipl = find_swipl();
  std::printf(
      "bench logic: %llu MichalskiTrains of 2-4 cars, seed %llu, one thread each; "
      "labelling rates: the best of %d alternating passes per side\n",
      static_cast<unsigned long long>(count), static_cast<unsigned long long>(seed), kPasses);
  if (!swipl) std::printf("(swipl not found: SWI-Prolog columns left out)\n");

  double our_sampling = 0.0;
  std::vector<Train> trains = sample_trains(count, seed, our_sampling);
  double swi_sampling = swipl ? swipl_sampling_rate(*swipl, count).value_or(0.0) : 0.0;
  std::printf("\nsampling       railyard %s", rate(our_sampling).c_str());
  if (swi_sampling > 0.0)
    std::printf("   SWI-Prolog %s   ratio %.0fx (goal >= 100x)", rate(swi_sampling).c_str(),
                our_sampling / swi_sampling);
  std::printf("\n\nlabelling (goal: railyard >= SWI-Prolog on every rule)\n");
  std::printf("  %-12s %12s %14s %8s %8s  %s\n", "rule", "railyard", "SWI-Prolog", "ratio", "east",
              "labels agree");
  for (const std::string& name : rules) bench_rule(name, trains, swipl);
}

}  // namespace railyard
