#include "tools/lib/score/pairs_figures.h"

#include <filesystem>

namespace railyard::score {

namespace {

PairSide side_of(const Target& target, const DatasetTarget& side, std::uint64_t p,
                 const Answer& answer) {
  std::filesystem::path image = side.folder / "images" / side.samples[p].image;
  return {image.lexically_relative(target.path).string(), std::string(name(side.samples[p].label)),
          std::string(name(answer.predicted))};
}

}  // namespace

PairsScore pairs_figures(const Target& target, const Answers& answers,
                         const ScoreSettings& settings) {
  const DatasetTarget &base = target.datasets[0], &intervened = target.datasets[1];
  Tally consistent, base_right, intervened_right, flipped, kept;
  BreakdownTally by_operation{"operation", "Counterfactual consistency by operation"};
  std::vector<PairExample> examples;
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
    // The difference mask's PNG is named once a folder is written.
    examples.push_back({p, pair.operations, pair.flipped, side_of(target, base, p, a),
                        side_of(target, intervened, p, b), "pairs/" + std::to_string(p) + ".json",
                        std::nullopt});
  }
  double z = settings.z;
  return PairsScore{target.pairs.size(),
                    proportion(consistent.correct, consistent.n, z),
                    proportion(flipped.correct, flipped.n, z),
                    proportion(kept.correct, kept.n, z),
                    breakdown_of(by_operation, z),
                    proportion(base_right.correct, base_right.n, z),
                    proportion(intervened_right.correct, intervened_right.n, z),
                    std::move(examples)};
}

}  // namespace railyard::score
