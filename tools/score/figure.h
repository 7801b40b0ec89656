// The figures of score.json (tools/score/README.md): a proportion with its Wilson interval, and
// tables of them by one property of the samples (a Breakdown).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace railyard::score {

// A share with its interval. `correct` is set for a proportion (value = correct / n, Wilson
// interval); figures that are not one (balanced accuracy, ECE) leave it empty.
struct Figure {
  std::uint64_t n = 0;
  std::optional<std::uint64_t> correct;
  double value = 0.0, low = 0.0, high = 1.0;
};

// correct of n with the Wilson interval of z (util/wilson.h). n == 0 gives value 0, [0, 1].
Figure proportion(std::uint64_t correct, std::uint64_t n, double z);

// Right and total answers, counted as samples are walked.
struct Tally {
  std::uint64_t n = 0, correct = 0;
  void add(bool right) {
    ++n;
    correct += right ? 1 : 0;
  }
};

// Tallies by a row value; rows keep the order given by `order` (numeric text sorts as numbers).
struct BreakdownTally {
  BreakdownTally(std::string by_, std::string title_)
      : by(std::move(by_)), title(std::move(title_)) {}
  std::string by, title;
  std::map<std::string, Tally> rows;
  std::vector<std::string> order;  // first-seen order, unless sorted by sort_numeric()
  void add(const std::string& value, bool right);
  void sort_numeric();  // rows "2", "10", ... by their number
};

nlohmann::ordered_json to_json(const Figure& figure);
// {"by", "title", "rows": [{"value", "figure"}]}.
nlohmann::ordered_json to_json(const BreakdownTally& breakdown, double z);

// Figure from its JSON (for --compare); throws ScoreError naming `where`.
Figure figure_from_json(const nlohmann::json& json, const std::string& where);

}  // namespace railyard::score
