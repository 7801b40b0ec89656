// `railyard score --compare A B`: two score folders of the same target side by side. Each
// dataset's figures (accuracy, balanced accuracy, per split; pairs' consistency; sequence
// accuracy), their difference B - A, and McNemar's test on the samples both scored (from each
// score.json's "scored"): b = samples only A gets right, c = only B; exact two-sided binomial
// p when b + c < 25, else the chi-square statistic with continuity correction
// (|b - c| - 1)^2 / (b + c) on one degree of freedom. Written as compare.json and compare.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace railyard::score {

struct McNemar {
  std::uint64_t b = 0, c = 0;
  std::string test;  // "exact" or "chi_square"
  double statistic = 0.0, p = 1.0;
};

inline constexpr std::uint64_t kExactBelow = 25;  // b + c under this: the exact binomial test
McNemar mcnemar(std::uint64_t b, std::uint64_t c);

// Reads A/score.json and B/score.json; throws ScoreError when either is not a score folder or
// they score different targets.
nlohmann::ordered_json compare_scores(const std::filesystem::path& a,
                                      const std::filesystem::path& b);
std::string compare_markdown(const nlohmann::json& compare);
// compare.json and compare.md into `folder` (made whole or not at all, as a score folder).
void write_compare_folder(const nlohmann::json& compare, const std::filesystem::path& folder);

}  // namespace railyard::score
