#include "logic/worlds/world_spec.h"

namespace railyard::worlds {
namespace {

std::string text(double x) {
  std::string s = std::to_string(x);
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

void check_band(const Band& band, const std::string& key) {
  if (!(0.0 <= band.low && band.low < band.high && band.high <= 1.0))
    throw WorldsError(key + ": expected [low, high] with 0 <= low < high <= 1, got [" +
                      text(band.low) + ", " + text(band.high) + "]");
}

}  // namespace

void check_spec(const WorldSpec& spec) {
  if (spec.window < 1 || spec.window > spec.pool)
    throw WorldsError("window (" + std::to_string(spec.window) + ") must be 1.." +
                      std::to_string(spec.pool) + " (the pool)");
  if (spec.stride < 1 || spec.stride > spec.window)
    throw WorldsError("stride (" + std::to_string(spec.stride) + ") must be 1..window (" +
                      std::to_string(spec.window) + ")");
  if ((spec.pool - spec.window) % spec.stride != 0)
    throw WorldsError("pool (" + std::to_string(spec.pool) + "): windows of " +
                      std::to_string(spec.window) + " at stride " + std::to_string(spec.stride) +
                      " do not tile it; take a pool of window + k * stride concepts");
  const GrammarBounds& g = spec.grammar;
  if (g.cars.min > g.cars.max)
    throw WorldsError("concepts.cars: min " + std::to_string(g.cars.min) + " is above max " +
                      std::to_string(g.cars.max));
  if (g.literals.min > g.literals.max)
    throw WorldsError("concepts.literals: min " + std::to_string(g.literals.min) +
                      " is above max " + std::to_string(g.literals.max));
  if (g.kinds.empty()) throw WorldsError("concepts.kinds: give at least one kind of test");
  check_band(spec.concept_share, "concepts.share");
  check_band(spec.world_share, "worlds.share");
  const WorldSplitCounts& s = spec.split;
  if (s.train < 1 || s.val < 0 || s.test < 0 || s.train + s.val + s.test != spec.worlds())
    throw WorldsError("worlds.split: train " + std::to_string(s.train) + " + val " +
                      std::to_string(s.val) + " + test " + std::to_string(s.test) +
                      " must be the " + std::to_string(spec.worlds()) +
                      " worlds (pool - window) / stride + 1, with at least one training world");
}

}  // namespace railyard::worlds
