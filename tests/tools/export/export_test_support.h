// Shared by the export tests: sampled examples, files read back, and external programs run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/lib/export/example.h"
#include "util/child_process.h"

namespace railyard::exports::testing {

inline const std::filesystem::path kSource(RAILYARD_SOURCE_DIR);
inline const std::filesystem::path kRules = kSource / "logic" / "rules";
inline const std::filesystem::path kChecks = kSource / "tests" / "tools" / "export";

// count trains of a distribution and length range, indices first_index.., labelled west, split
// "train" for four in five and "test" for the rest.
std::vector<Example> sampled_examples(bool random_distribution, int min_cars, int max_cars,
                                      int count, std::uint64_t seed, std::uint64_t first_index);

// 4,000 examples: 2,000 Michalski and 1,000 random trains of 2..4 cars, 500 of each of 5..12.
std::vector<Example> comparison_examples();

// Labels every example with a shipped rule, by railyard's engine (agreeing with SWI-Prolog, see
// tests/logic/prolog/swipl_comparison_test.cpp).
void label_with_rule(std::vector<Example>& examples, const std::string& rule);

std::string read_text(const std::filesystem::path& file);

// Every file under a folder with its content, by relative path.
std::vector<std::pair<std::string, std::string>> folder_contents(const std::filesystem::path& dir);

}  // namespace railyard::exports::testing
