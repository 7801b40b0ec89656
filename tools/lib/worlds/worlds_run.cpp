#include "tools/lib/worlds/worlds_run.h"

#include <algorithm>
#include <chrono>

#include "logic/errors.h"
#include "logic/rule.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/worlds/world_files.h"
#include "util/io_error.h"

namespace railyard {

void check_dataset_inputs(const WorldsFile& file) {
  try {
    resolve_inputs(file.dataset, data_root());
  } catch (const InputError& e) {
    throw ConfigError(file.file.string() + ": dataset: " + e.what());
  } catch (const IoError& e) {
    throw ConfigError(file.file.string() + ": dataset: " + e.what());
  }
}

worlds::WorldSet build_worlds_of(const WorldsFile& file) {
  std::filesystem::path background = background_file(data_root());
  prolog::Engine engine;
  try {
    engine.consult_file(background);
  } catch (const prolog::PrologError& e) {
    throw RuleError(background.string() + ": " + e.what());
  }
  return worlds::build_worlds(file.spec, engine);
}

WorldsRunSummary run_worlds(const std::filesystem::path& spec_file,
                            const std::vector<std::string>& assignments,
                            const std::filesystem::path& folder) {
  WorldsFile file = load_worlds_file(spec_file, assignments);
  check_dataset_inputs(file);
  check_destination(folder, kWorldsFolder);
  auto start = std::chrono::steady_clock::now();
  WorldsRunSummary summary{build_worlds_of(file), 0.0};
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_worlds(summary.set, file, folder);
  return summary;
}

std::string describe_worlds(const worlds::WorldSet& set) {
  double low = 1.0, high = 0.0;
  for (const worlds::World& w : set.worlds) {
    low = std::min(low, w.share);
    high = std::max(high, w.share);
  }
  std::string rejected;
  for (std::size_t r = 0; r < set.rejections.size(); ++r)
    if (set.rejections[r])
      rejected += (rejected.empty() ? "" : ", ") +
                  std::string(worlds::rejection_name(static_cast<worlds::Rejection>(r))) + " " +
                  std::to_string(set.rejections[r]);
  char shares[64];
  std::snprintf(shares, sizeof shares, "east shares %.3f..%.3f", low, high);
  return std::to_string(set.worlds.size()) + " worlds of " + std::to_string(set.spec.window) +
         " concepts from a pool of " + std::to_string(set.pool.size()) + ", " + shares + ", " +
         std::to_string(set.heldout.size()) + " held-out concept pairs; " +
         std::to_string(set.candidates) + " candidates drawn" +
         (rejected.empty() ? "" : " (rejected: " + rejected + ")");
}

}  // namespace railyard
