#include "logic/worlds/world_spec.h"

#include <algorithm>

#include "util/printable_text.h"

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

// The name becomes file names (rules/<name>_<k>.pl) and the suite's name: one plain word.
void check_name(const std::string& name) {
  auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  };
  bool letter_first =
      !name.empty() && ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z'));
  if (!letter_first || name.size() > 64 || !std::all_of(name.begin(), name.end(), plain))
    throw WorldsError("name: '" + printable(name) +
                      "' is not a plain name (a letter, then letters, digits, '_' or '-', at "
                      "most 64 characters); it names the rule files rules/<name>_<k>.pl");
}

// A one-car concept can only hold kinds that test one car.
void check_kinds(const GrammarBounds& g) {
  bool one_car_kind = std::any_of(g.kinds.begin(), g.kinds.end(), [](LiteralKind k) {
    return k == LiteralKind::Attribute || k == LiteralKind::Comparison;
  });
  if (g.cars.min == 1 && !one_car_kind)
    throw WorldsError(
        "concepts.kinds: equality and infront relate two cars, but concepts.cars allows "
        "concepts of one car; add attribute or comparison, or set concepts.cars to [2, " +
        std::to_string(std::max(2, g.cars.max)) + "]");
}

}  // namespace

void check_spec(const WorldSpec& spec) {
  check_name(spec.name);
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
  check_kinds(g);
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
