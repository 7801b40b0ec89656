#include "logic/train_filters.h"

#include <cstdio>

#include "util/random.h"

namespace railyard {
namespace {

// Separates the confounder's stream from the sampler's, label noise's and the splits'.
constexpr std::uint64_t kConfounderDomain = 0x636f'6e66'6f00'0004ULL;

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g%%",
                whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

std::string list(const std::vector<TrainPattern>& patterns) {
  std::string text;
  for (const TrainPattern& p : patterns) text += (text.empty() ? "" : ", ") + p.describe();
  return text;
}

}  // namespace

double confounder_draw(std::uint64_t seed, std::uint64_t index) {
  RandomStream random(seed, index, 0, kConfounderDomain);
  return random.uniform();
}

std::string describe_tally(const TrainFilters& filters, const AttemptTally& tally) {
  std::string text;
  auto add = [&](const std::string& part) { text += (text.empty() ? "" : "; ") + part; };
  if (!filters.exclude.empty())
    add(percent(tally.held_out, tally.attempts) + " held a combination of exclude [" +
        list(filters.exclude) + "]");
  if (!filters.require.empty())
    add(percent(tally.unrequired, tally.attempts) + " held none of require [" +
        list(filters.require) + "]");
  std::uint64_t passed = tally.east + tally.west;
  add(std::to_string(passed) + " passed the combinations: east " + percent(tally.east, passed) +
      " / west " + percent(tally.west, passed));
  if (filters.confounder) {
    std::uint64_t right_class = passed - tally.wrong_class;
    add("of the " + std::to_string(right_class) + " of the wanted class, " +
        percent(tally.confounded, right_class) + " had the wrong presence of confounder " +
        filters.confounder->attribute.describe());
  }
  return text;
}

}  // namespace railyard
