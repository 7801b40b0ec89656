#include "tools/lib/score/world_figures.h"

#include <cmath>

#include "tools/lib/records/formats/worlds_index.h"
#include "tools/lib/score/score_error.h"
#include "tools/lib/worlds/world_files.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard::score {

namespace fs = std::filesystem;

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  double n = static_cast<double>(x.size()), mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k) mx += x[k] / n, my += y[k] / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
    sxy += (x[k] - mx) * (y[k] - my), sxx += (x[k] - mx) * (x[k] - mx),
        syy += (y[k] - my) * (y[k] - my);
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0.0;
}

namespace {

// The variant's rule must be the world's own: same id in another family is another rule.
void check_same_rule(const fs::path& worlds_json, const DatasetTarget& dataset) {
  fs::path rule = worlds_json.parent_path() / "rules" / (dataset.name + ".pl");
  if (!file_system::is_regular_file(rule))
    throw ScoreError("--worlds " + worlds_json.string() + ": no " + rule.string() +
                     " beside it; give the folder `railyard worlds` wrote");
  if (!dataset.rule_sha256.empty() && sha256_hex_of_file(rule) != dataset.rule_sha256)
    throw ScoreError("--worlds " + worlds_json.string() + ": world '" + dataset.name +
                     "' is not the suite's: " + rule.string() +
                     " is not the rule its variant was made with (their SHA-256 differ); these "
                     "are another family's worlds");
}

}  // namespace

WorldsScore world_figures(const fs::path& file, const Target& target,
                          const std::vector<DatasetScore>& datasets) {
  fs::path path = file_system::absolute(file);
  if (file_system::is_directory(path))
    path /= "worlds.json";
  else if (std::string why = file_system::why_not_a_file(path); !why.empty())
    throw ScoreError("--worlds " + file.string() + ": " + why +
                     " (give the folder `railyard worlds` wrote, or its worlds.json)");
  WorldsIndex worlds;
  try {
    // The folder vouches for its files (.railyard-worlds): an edited worlds.json is refused.
    check_unchanged(path.parent_path(), kWorldsFolder);
    worlds = read_worlds_index(path);
  } catch (const InputError& e) {
    throw ScoreError("--worlds " + file.string() + ": " + e.what());
  }
  std::vector<std::size_t> world;  // per dataset: its world's index in worlds.json
  WorldsScore out{path.string(), {"world", "Accuracy by world", {}}, {}};
  for (const DatasetScore& dataset : datasets)
    for (std::size_t k = 0; k < worlds.worlds.size(); ++k)
      if (worlds.worlds[k].id == dataset.name) {
        world.push_back(k);
        out.by_world.rows.push_back({dataset.name, worlds.worlds[k].split, dataset.accuracy});
      }
  const auto& rows = out.by_world.rows;
  for (std::size_t k = 0; k < target.datasets.size(); ++k) {
    if (rows.size() <= k || rows[k].value != target.datasets[k].name)
      throw ScoreError("--worlds " + path.string() + ": the suite's variant '" +
                       target.datasets[k].name +
                       "' is not one of its worlds; give the worlds the suite was made from");
    check_same_rule(path, target.datasets[k]);
  }
  std::vector<double> shared, alike;
  for (std::size_t i = 0; i < world.size(); ++i)
    for (std::size_t j = i + 1; j < world.size(); ++j) {
      shared.push_back(worlds.similarity[world[i]][world[j]]);
      alike.push_back(1.0 - std::fabs(rows[i].figure.value - rows[j].figure.value));
    }
  out.similarity_correlation = {pearson(shared, alike), shared.size()};
  return out;
}

}  // namespace railyard::score
