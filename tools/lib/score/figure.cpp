#include "tools/lib/score/figure.h"

#include <algorithm>
#include <cstdlib>

#include "util/wilson.h"

namespace railyard::score {

Figure proportion(std::uint64_t correct, std::uint64_t n, double z) {
  Interval interval = wilson_interval(correct, n, z);
  Figure figure{n, correct, 0.0, interval.low, interval.high};
  if (n) figure.value = static_cast<double>(correct) / static_cast<double>(n);
  return figure;
}

void BreakdownTally::add(const std::string& value, bool right) {
  auto [row, fresh] = rows.try_emplace(value);
  if (fresh) order.push_back(value);
  row->second.add(right);
}

void BreakdownTally::sort_numeric() {
  std::sort(order.begin(), order.end(), [](const std::string& a, const std::string& b) {
    return std::strtoll(a.c_str(), nullptr, 10) < std::strtoll(b.c_str(), nullptr, 10);
  });
}

Breakdown breakdown_of(const BreakdownTally& tally, double z) {
  Breakdown out{tally.by, tally.title, {}};
  for (const std::string& value : tally.order) {
    const Tally& row = tally.rows.at(value);
    out.rows.push_back({value, std::nullopt, proportion(row.correct, row.n, z)});
  }
  return out;
}

}  // namespace railyard::score
