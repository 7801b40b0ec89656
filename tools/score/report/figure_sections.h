// The page's sections of figures, one per part of score.json: the inputs and coverage, the
// datasets (an overview row each, then each one's breakdowns, calibration, confounder and
// held-out figures), the pairs, the sequences and the worlds. Each returns "" when score.json
// has nothing for it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace railyard::score {

std::string inputs_section(const nlohmann::json& score);
std::string datasets_overview(const nlohmann::json& score);
// Dataset k's detail: breakdowns, calibration, confounder, held-out combinations.
std::string dataset_details(const nlohmann::json& score, std::size_t k);
std::string pairs_figures(const nlohmann::json& score);
std::string sequences_figures(const nlohmann::json& score);
std::string worlds_figures(const nlohmann::json& score);

}  // namespace railyard::score
