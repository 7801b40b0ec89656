#include "tools/score/world_figures.h"

#include <cmath>

#include "tools/score/score_error.h"
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

Json world_figures(const fs::path& file, const Json& datasets) {
  fs::path path = fs::is_directory(file) ? file / "worlds.json" : file;
  nlohmann::json worlds = nlohmann::json::parse(read_file_text(path), nullptr, false);
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
    if (world.empty())
      throw ScoreError(path.string() + ": names none of the suite's variants (world ids)");
    std::vector<double> shared, alike;
    const auto& similarity = worlds.at("similarity");
    for (std::size_t i = 0; i < world.size(); ++i)
      for (std::size_t j = i + 1; j < world.size(); ++j) {
        shared.push_back(similarity.at(world[i]).at(world[j]).get<double>());
        alike.push_back(1.0 - std::fabs(accuracy[i] - accuracy[j]));
      }
    Json out;
    out["file"] = fs::absolute(path).lexically_normal().string();
    out["by_world"] = {{"by", "world"}, {"title", "Accuracy by world"}, {"rows", rows}};
    out["similarity_correlation"] = {{"pearson", pearson(shared, alike)}, {"n", shared.size()}};
    return out;
  } catch (const nlohmann::json::exception&) {
    throw ScoreError(path.string() + ": not a worlds.json written by `railyard worlds`");
  }
}

}  // namespace railyard::score
