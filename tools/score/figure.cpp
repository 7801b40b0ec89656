#include "tools/score/figure.h"

#include <algorithm>
#include <cstdlib>

#include "tools/score/score_error.h"
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

nlohmann::ordered_json to_json(const Figure& figure) {
  nlohmann::ordered_json out;
  out["n"] = figure.n;
  if (figure.correct) out["correct"] = *figure.correct;
  out["value"] = figure.value;
  out["low"] = figure.low;
  out["high"] = figure.high;
  return out;
}

nlohmann::ordered_json to_json(const BreakdownTally& breakdown, double z) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const std::string& value : breakdown.order) {
    const Tally& tally = breakdown.rows.at(value);
    rows.push_back({{"value", value}, {"figure", to_json(proportion(tally.correct, tally.n, z))}});
  }
  return {{"by", breakdown.by}, {"title", breakdown.title}, {"rows", std::move(rows)}};
}

Figure figure_from_json(const nlohmann::json& json, const std::string& where) {
  try {
    Figure figure;
    figure.n = json.at("n").get<std::uint64_t>();
    if (json.contains("correct")) figure.correct = json.at("correct").get<std::uint64_t>();
    figure.value = json.at("value").get<double>();
    figure.low = json.at("low").get<double>();
    figure.high = json.at("high").get<double>();
    return figure;
  } catch (const nlohmann::json::exception&) {
    throw ScoreError(where + ": not a figure (n, value, low, high)");
  }
}

}  // namespace railyard::score
