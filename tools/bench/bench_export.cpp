// `railyard bench export`: trains/s of the exporters for symbolic and neuro-symbolic learners
// (tools/lib/export) on one thread, each export written in full to a temporary folder. Trains are
// Michalski trains of 2..4 cars labelled by theoryx, split 70/15/15 by index; the scene graphs
// get synthetic part annotations shaped like a rendered Trains scene (locomotive, rail, and per
// car body, wall, roof when closed, wheels and loads), since rendering is not what is measured.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "logic/sampler.h"
#include "logic/vocabulary.h"
#include "tools/bench/measure.h"
#include "tools/lib/dataset/rule_loading.h"
#include "tools/lib/export/exporter.h"
#include "util/external_program.h"

namespace railyard {
namespace {

using exports::Example;

struct ExportBenchOptions {
  std::uint64_t count = 100'000;
  std::uint64_t seed = 0;
  double noise = 0.0;
};

std::string split_of(std::uint64_t index) {
  std::uint64_t slot = index % 20;
  return slot < 14 ? "train" : slot < 17 ? "val" : "test";
}

// Boxes that move along the train, so the numbers vary as real ones do.
PartRecord part(PartKind kind, int car, int payload, std::string label, std::uint32_t id) {
  PartRecord p;
  p.kind = kind;
  p.car = car;
  p.payload = payload;
  p.label = std::move(label);
  int x = 400 - 60 * car + 7 * (payload + 1);
  p.region.visible_box = {x, 90 + 3 * static_cast<int>(kind), 48, 30};
  p.region.full_box = {x - 2, 88, 52, 36};
  p.region.area = 900 + 13 * id;
  p.centre = {0.5f * static_cast<float>(car) - 1.25f, -0.1f, 0.3f + 0.05f * payload};
  p.id = id;
  return p;
}

std::vector<PartRecord> synthetic_parts(const Train& train) {
  constexpr Vocabulary kT = Vocabulary::Trains;
  std::vector<PartRecord> parts;
  auto add = [&](PartKind kind, int car, int payload, std::string_view label) {
    parts.push_back(
        part(kind, car, payload, std::string(label), static_cast<std::uint32_t>(parts.size() + 1)));
  };
  add(PartKind::Locomotive, 0, -1, "locomotive");
  add(PartKind::Rail, 0, -1, "rail");
  for (const Car& car : train.cars) {
    add(PartKind::Body, car.position, -1, name(kT, car.shape));
    add(PartKind::Wall, car.position, -1, name(kT, car.wall));
    if (car.roof != Roof::None) add(PartKind::Roof, car.position, -1, name(kT, car.roof));
    add(PartKind::Wheels, car.position, -1, car.axles == 2 ? "2_wheels" : "3_wheels");
    for (int k = 0; k < car.load_count; ++k)
      add(PartKind::Payload, car.position, k, name(kT, car.load_shape));
  }
  return parts;
}

std::vector<Example> benchmark_examples(std::uint64_t count, std::uint64_t seed) {
  TrainSampler sampler({});
  LoadedRule rule = load_rule("theoryx", 1);
  std::vector<Example> examples(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    Example& example = examples[i];
    example.index = i;
    example.train.train = sampler.sample(seed, i);
    example.train.label = rule.per_thread.front().label(example.train.train);
    example.split = split_of(i);
    example.image = std::to_string(i) + "_m_train.png";
    example.parts = synthetic_parts(example.train.train);
  }
  return examples;
}

void bench_one(const std::vector<Example>& examples, const exports::ExportOptions& options,
               const std::string& what) {
  TemporaryFolder scratch("railyard-bench-export");
  auto start = std::chrono::steady_clock::now();
  exports::ExportSummary summary = exports::write_export(options, examples, scratch.path() / "out");
  double seconds = seconds_since(start);
  double trains = static_cast<double>(examples.size());
  std::printf("  %-28s %10.0f trains/s %8.2f s %9.1f MB\n", what.c_str(), trains / seconds, seconds,
              static_cast<double>(summary.bytes) / 1e6);
}

void run_export_benchmark(const ExportBenchOptions& options) {
  if (options.count == 0) throw std::runtime_error("--count must be at least 1");
  std::printf(
      "bench export: %llu MichalskiTrains of 2-4 cars (theoryx), seed %llu, one thread, "
      "files written in full\n",
      static_cast<unsigned long long>(options.count),
      static_cast<unsigned long long>(options.seed));
  std::vector<Example> examples = benchmark_examples(options.count, options.seed);
  using exports::ExportTarget;
  using exports::LogicVocabulary;
  for (ExportTarget target : {ExportTarget::Popper, ExportTarget::Aleph})
    for (LogicVocabulary vocabulary : {LogicVocabulary::Relational, LogicVocabulary::Michalski}) {
      exports::ExportOptions export_options{target, vocabulary, {options.noise, options.seed}};
      bench_one(examples, export_options,
                std::string(exports::target_key(target)) + " " +
                    std::string(exports::vocabulary_key(vocabulary)) +
                    (options.noise > 0.0 ? " noisy" : ""));
    }
  bench_one(examples, {ExportTarget::SceneGraphs, {}, {}}, "scene_graphs");
}

}  // namespace

void add_export_benchmark(CLI::App& bench) {
  auto options = std::make_shared<ExportBenchOptions>();
  CLI::App* command = bench.add_subcommand(
      "export", "trains/s of the Popper, Aleph and scene graph exports (goal: 100k in < 5 s)");
  command->add_option("-n,--count", options->count, "trains")->capture_default_str();
  command->add_option("--seed", options->seed, "random seed")->capture_default_str();
  command->add_option("--noise", options->noise, "perception noise rate for Popper and Aleph")
      ->capture_default_str();
  command->callback([options] { run_export_benchmark(*options); });
}

}  // namespace railyard
