// The figures of score.json (tools/lib/score/README.md, score_report.h) as they are counted: a
// proportion with its Wilson interval, and tallies by one property of the samples (a Breakdown).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

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

// The tallies' rows as proportions with the Wilson interval of z.
Breakdown breakdown_of(const BreakdownTally& tally, double z);

}  // namespace railyard::score
