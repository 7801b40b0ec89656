// `railyard bench worlds`: the symbolic part of a worlds spec (the pool, its windows, every
// check, every world's share) on one thread, the best of --repeats runs; nothing is written.
// Goal (issue #27): configs/worlds/graphlog57.yaml in under 2 minutes on the 2-core machine.
#include <CLI/CLI.hpp>
#include <cstdio>

#include "tools/bench/measure.h"
#include "tools/lib/worlds/worlds_run.h"

namespace railyard {

void add_worlds_bench(CLI::App& bench) {
  struct Options {
    std::string spec = "configs/worlds/graphlog57.yaml";
    int repeats = 3;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command =
      bench.add_subcommand("worlds", "build a worlds spec's pool, windows and checks (no files)");
  command->add_option("spec", options->spec, "a worlds spec")->capture_default_str();
  command->add_option("--repeats", options->repeats, "builds, the best kept")
      ->capture_default_str();
  command->callback([options] {
    WorldsFile file = load_worlds_file(options->spec);
    worlds::WorldSet set;
    BestTimes best = best_of(options->repeats, [&] { set = build_worlds_of(file); });
    std::printf("%s\n", describe_worlds(set).c_str());
    std::printf("worlds %s: %.2f s wall, %.2f s CPU (best of %d); %llu proofs, %.2f M proofs/s\n",
                options->spec.c_str(), best.wall, best.cpu, options->repeats,
                static_cast<unsigned long long>(set.proofs),
                static_cast<double>(set.proofs) / best.wall / 1e6);
  });
}

}  // namespace railyard
