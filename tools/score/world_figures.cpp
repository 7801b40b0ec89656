#include "tools/score/world_figures.h"

#include <cmath>

#include "tools/records/json_fields.h"
#include "tools/score/score_error.h"
#include "tools/worlds/world_files.h"
#include "util/content_hash.h"
#include "util/file_system.h"
#include "util/read_file.h"

namespace railyard::score {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

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

Json world_figures(const fs::path& file, const Target& target, const Json& datasets) {
  fs::path path = file_system::absolute(file);
  if (file_system::is_directory(path))
    path /= "worlds.json";
  else if (std::string why = file_system::why_not_a_file(path); !why.empty())
    throw ScoreError("--worlds " + file.string() + ": " + why +
                     " (give the folder `railyard worlds` wrote, or its worlds.json)");
  nlohmann::json worlds;
  try {
    // The folder vouches for its files (.railyard-worlds): an edited worlds.json is refused.
    check_unchanged(path.parent_path(), kWorldsFolder);
    worlds = read_json_file(path);
  } catch (const InputError& e) {
    throw ScoreError("--worlds " + file.string() + ": " + e.what());
  }
  std::vector<std::size_t> world;  // per dataset: its world's index in worlds.json
  std::vector<double> accuracy;
  Json rows = Json::array();
  try {
    const auto& list = worlds.at("worlds");
    for (const Json& dataset : datasets) {
      std::string name = dataset.at("name").get<std::string>();
      for (std::size_t k = 0; k < list.size(); ++k)
        if (list[k].at("id").get<std::string>() == name) {
          world.push_back(k);
          accuracy.push_back(dataset.at("accuracy").at("value").get<double>());
          rows.push_back({{"value", name},
                          {"split", list[k].at("split")},
                          {"figure", dataset.at("accuracy")}});
        }
    }
    for (std::size_t k = 0; k < target.datasets.size(); ++k) {
      if (rows.size() <= k || rows[k]["value"] != target.datasets[k].name)
        throw ScoreError("--worlds " + path.string() + ": the suite's variant '" +
                         target.datasets[k].name +
                         "' is not one of its worlds; give the worlds the suite was made from");
      check_same_rule(path, target.datasets[k]);
    }
    std::vector<double> shared, alike;
    const auto& similarity = worlds.at("similarity");
    for (std::size_t i = 0; i < world.size(); ++i)
      for (std::size_t j = i + 1; j < world.size(); ++j) {
        shared.push_back(similarity.at(world[i]).at(world[j]).get<double>());
        alike.push_back(1.0 - std::fabs(accuracy[i] - accuracy[j]));
      }
    Json out;
    out["file"] = file_system::absolute(path).string();
    out["by_world"] = {{"by", "world"}, {"title", "Accuracy by world"}, {"rows", rows}};
    out["similarity_correlation"] = {{"pearson", pearson(shared, alike)}, {"n", shared.size()}};
    return out;
  } catch (const nlohmann::json::exception&) {
    throw ScoreError(path.string() + ": not a worlds.json written by `railyard worlds`");
  }
}

}  // namespace railyard::score
