#include "tools/lib/suite/suite_bench.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "tools/lib/dataset/inputs.h"
#include "tools/lib/suite/suite.h"
#include "tools/lib/suite/suite_check.h"
#include "tools/lib/suite/suite_run.h"
#include "util/file_system.h"

namespace railyard {
namespace {

struct Times {
  double wall = 0.0, cpu = 0.0;
};

double process_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

Times measure(const std::function<void()>& work) {
  auto start = std::chrono::steady_clock::now();
  double cpu = process_cpu_seconds();
  work();
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          process_cpu_seconds() - cpu};
}

std::uint64_t total_trains(const Suite& suite) {
  std::uint64_t total = 0;
  for (const SuiteVariant& v : suite.variants) total += v.config.count;
  return total;
}

Suite scaled_suite(const std::filesystem::path& file, std::uint64_t trains,
                   const std::string& output) {
  SuiteOverrides overrides;
  overrides.output = output;
  overrides.scale =
      static_cast<double>(trains) / static_cast<double>(total_trains(load_suite(file)));
  return load_suite(file, overrides);
}

void symbolic_part(const std::filesystem::path& file, std::uint64_t trains,
                   const std::filesystem::path& data_dir) {
  Suite suite = scaled_suite(file, trains, "unused");
  SuiteCheck check;
  Times t = measure([&] { check = check_suite(suite, data_dir); });
  std::uint64_t total = total_trains(suite);
  std::printf(
      "symbolic part of %s: %llu trains in %zu variants: %.2f s wall, %.2f s CPU "
      "(%.0f trains per CPU second), one thread\n",
      suite.name.c_str(), static_cast<unsigned long long>(total), suite.variants.size(), t.wall,
      t.cpu, static_cast<double>(total) / std::max(t.cpu, 1e-9));
}

void overhead_part(const std::filesystem::path& file, std::uint64_t images,
                   const std::filesystem::path& work, const std::filesystem::path& data_dir) {
  RunOptions run;
  run.data_dir = data_dir;
  run.version = "bench";
  run.progress = false;
  Suite suite = scaled_suite(file, images, (work / "suite").string());
  auto one_by_one = [&] {
    file_system::remove_tree(work / "one_by_one");
    for (const SuiteVariant& v : suite.variants) {
      DatasetConfig config = v.config;
      config.output = work / "one_by_one" / v.name;
      generate_dataset(config, run);
    }
  };
  auto whole_suite = [&] {
    file_system::remove_tree(work / "suite");
    run_suite(suite, run);
  };
  Times generate{1e300, 1e300}, as_suite{1e300, 1e300};
  for (int round = 0; round < 2; ++round) {
    Times g = measure(one_by_one), s = measure(whole_suite);
    generate = {std::min(generate.wall, g.wall), std::min(generate.cpu, g.cpu)};
    as_suite = {std::min(as_suite.wall, s.wall), std::min(as_suite.cpu, s.cpu)};
  }
  std::uint64_t total = total_trains(suite);
  std::printf("%llu images in %zu variants, the faster of 2 runs each:\n",
              static_cast<unsigned long long>(total), suite.variants.size());
  std::printf("  generate, variant by variant: %.2f s wall, %.2f s CPU\n", generate.wall,
              generate.cpu);
  std::printf("  railyard suite:               %.2f s wall, %.2f s CPU\n", as_suite.wall,
              as_suite.cpu);
  std::printf("  suite overhead: %+.1f%% wall, %+.1f%% CPU\n",
              100.0 * (as_suite.wall / generate.wall - 1.0),
              100.0 * (as_suite.cpu / generate.cpu - 1.0));
  file_system::remove_tree(work);
}

}  // namespace

void run_suite_bench(const SuiteBenchOptions& options) {
  std::filesystem::path data_dir = data_root();
  std::filesystem::path file = options.file.empty()
                                   ? data_dir / "configs" / "suites" / "vlol_paper.yaml"
                                   : std::filesystem::path(options.file);
  symbolic_part(file, options.trains, data_dir);
  if (options.images > 0) overhead_part(file, options.images, options.work, data_dir);
}

}  // namespace railyard
