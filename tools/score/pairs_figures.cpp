#include "tools/score/pairs_figures.h"

#include <filesystem>

namespace railyard::score {

namespace {

using Json = nlohmann::ordered_json;

Json side_json(const Target& target, const DatasetTarget& side, std::uint64_t p,
               const Answer& answer) {
  std::filesystem::path image = side.folder / "images" / side.samples[p].image;
  return {{"image", image.lexically_relative(target.path).string()},
          {"label", std::string(name(side.samples[p].label))},
          {"predicted", std::string(name(answer.predicted))}};
}

}  // namespace

Json pairs_figures(const Target& target, const Answers& answers, const ScoreSettings& settings) {
  const DatasetTarget &base = target.datasets[0], &intervened = target.datasets[1];
  Tally consistent, base_right, intervened_right, flipped, kept;
  BreakdownTally by_operation{"operation", "Counterfactual consistency by operation"};
  Json examples = Json::array();
  for (std::uint64_t p = 0; p < target.pairs.size(); ++p) {
    const Answer &a = answers.by_sample[0][p], &b = answers.by_sample[1][p];
    if (a.given) base_right.add(is_right(base.samples[p], a));
    if (b.given) intervened_right.add(is_right(intervened.samples[p], b));
    if (!a.given || !b.given) continue;
    const PairTruth& pair = target.pairs[p];
    bool ok = (a.predicted != b.predicted) == pair.flipped;
    consistent.add(ok);
    (pair.flipped ? flipped : kept).add(ok);
    by_operation.add(pair.kind, ok);
    if (ok || examples.size() >= settings.examples) continue;
    examples.push_back({{"pair", p},
                        {"operation", pair.operations},
                        {"flipped", pair.flipped},
                        {"base", side_json(target, base, p, a)},
                        {"intervened", side_json(target, intervened, p, b)},
                        {"record", "pairs/" + std::to_string(p) + ".json"},
                        {"difference", nullptr}});  // the mask's PNG, once a folder is written
  }
  double z = settings.z;
  Json out;
  out["pairs"] = target.pairs.size();
  out["consistency"] = to_json(proportion(consistent.correct, consistent.n, z));
  out["consistency_flipped"] = to_json(proportion(flipped.correct, flipped.n, z));
  out["consistency_kept"] = to_json(proportion(kept.correct, kept.n, z));
  out["by_operation"] = to_json(by_operation, z);
  out["base"] = to_json(proportion(base_right.correct, base_right.n, z));
  out["intervened"] = to_json(proportion(intervened_right.correct, intervened_right.n, z));
  out["examples"] = std::move(examples);
  return out;
}

}  // namespace railyard::score
