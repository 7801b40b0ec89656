// Labelling with SWI-Prolog itself, as the reference to compare railyard's engine against (tests
// and `railyard bench`). SWI-Prolog runs as a child process on temporary files.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "logic/train.h"

namespace railyard {

class SwiplError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SwiplRun {
  std::vector<Direction> labels;  // one per train, in order
  double seconds = 0.0;           // CPU time SWI-Prolog measured for labelling alone
};

// The swipl executable on PATH, if any.
std::optional<std::filesystem::path> find_swipl();

// Loads background and rule into SWI-Prolog, then all trains as terms, then times one
// eastbound/1 proof per train (statistics(cputime) inside Prolog). Throws SwiplError when swipl
// is missing or the rule fails to load or raises an error.
SwiplRun label_with_swipl(const std::filesystem::path& background,
                          const std::filesystem::path& rule, std::span<const Train> trains);

}  // namespace railyard
