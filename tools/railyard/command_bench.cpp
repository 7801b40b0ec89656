// `railyard bench`: throughput figures for BENCHMARKS.md. Not a test: nothing here asserts a time.
#include "tools/railyard/commands.h"

namespace railyard {

void run_logic_benchmark(std::uint64_t count, std::uint64_t seed,
                         const std::vector<std::string>& rules);

void add_bench_command(CLI::App& app) {
  CLI::App* bench = app.add_subcommand("bench", "measure throughput (see BENCHMARKS.md)");
  bench->require_subcommand(1);

  struct LogicOptions {
    std::uint64_t count = 200'000;
    std::uint64_t seed = 0;
    std::vector<std::string> rules{"theoryx", "numerical", "complex", "easy", "color", "multi"};
  };
  auto logic = std::make_shared<LogicOptions>();
  CLI::App* command = bench->add_subcommand(
      "logic", "sample and label the same trains with railyard and with SWI-Prolog (if installed)");
  command->add_option("-n,--count", logic->count, "trains")->capture_default_str();
  command->add_option("--seed", logic->seed, "random seed")->capture_default_str();
  command->add_option("-r,--rule", logic->rules, "rules to label with")->capture_default_str();
  command->callback([logic] { run_logic_benchmark(logic->count, logic->seed, logic->rules); });
}

}  // namespace railyard
