// `railyard score --compare A B`: two score folders of the same target side by side. Each
// dataset's figures (accuracy, balanced accuracy, per split; pairs' consistency; sequence
// accuracy), their difference B - A, and McNemar's test on the samples both scored (from each
// score.json's "scored"): b = samples only A gets right, c = only B; exact two-sided binomial
// p when b + c < 25, else the chi-square statistic with continuity correction
// (|b - c| - 1)^2 / (b + c) on one degree of freedom. Written as compare.json and compare.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

struct McNemar {
  std::uint64_t b = 0, c = 0;
  std::string test;  // "exact" or "chi_square"
  double statistic = 0.0, p = 1.0;
  bool significant = false;  // p < 1 - confidence (set by compare_scores)
};

inline constexpr std::uint64_t kExactBelow = 25;  // b + c under this: the exact binomial test
McNemar mcnemar(std::uint64_t b, std::uint64_t c);

// compare.json: each figure of A and B with B - A, and the tests.
struct FigurePair {
  Figure a, b;
  double difference = 0.0;
};
struct Tested {  // McNemar's test on the samples both scored
  std::uint64_t both_scored = 0;
  McNemar mcnemar;
};
struct DatasetComparison : Tested {
  std::string name;
  FigurePair accuracy, balanced_accuracy;
};
struct PairsComparison {
  FigurePair consistency;
};
struct SequencesComparison : Tested {
  FigurePair sequence_accuracy;
};
struct Comparison {
  int railyard_compare = 1;
  std::string a, b;  // the score folders
  TargetInput target;
  double confidence = 0.95;
  std::vector<DatasetComparison> datasets;
  OptionalKey<PairsComparison> pairs;
  OptionalKey<SequencesComparison> sequences;
  Tested overall;
};

RAILYARD_RECORD(McNemar, b, c, test, statistic, p, significant)
RAILYARD_RECORD(FigurePair, a, b, difference)
RAILYARD_RECORD(Tested, both_scored, mcnemar)
RAILYARD_RECORD(DatasetComparison, name, accuracy, balanced_accuracy, both_scored, mcnemar)
RAILYARD_RECORD(PairsComparison, consistency)
RAILYARD_RECORD(SequencesComparison, sequence_accuracy, both_scored, mcnemar)
RAILYARD_RECORD(Comparison, railyard_compare, a, b, target, confidence, datasets, pairs, sequences,
                overall)

// Reads A/score.json and B/score.json (read_score_report); throws ScoreError when either is not a
// score folder or they score different targets.
Comparison compare_scores(const std::filesystem::path& a, const std::filesystem::path& b);
std::string compare_markdown(const Comparison& compare);
// compare.json and compare.md into `folder` (made whole or not at all, as a score folder).
void write_compare_folder(const Comparison& compare, const std::filesystem::path& folder);

}  // namespace railyard::score
