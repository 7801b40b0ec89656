// The page's sections of figures, one per part of score.json: the inputs and coverage, the
// datasets (an overview row each, then each one's breakdowns, calibration, confounder and
// held-out figures), the pairs, the sequences and the worlds. Each returns "" when score.json
// has nothing for it.
#pragma once

#include <string>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

std::string inputs_section(const ScoreReport& score);
std::string datasets_overview(const ScoreReport& score);
// Dataset k's detail: breakdowns, calibration, confounder, held-out combinations.
std::string dataset_details(const ScoreReport& score, std::size_t k);
std::string pairs_figures(const ScoreReport& score);
std::string sequences_figures(const ScoreReport& score);
std::string worlds_figures(const ScoreReport& score);

}  // namespace railyard::score
