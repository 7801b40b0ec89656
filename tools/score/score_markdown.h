// score.md: score.json's figures as Markdown tables, each share as "91.3% [89.4, 92.9]" (n).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace railyard::score {

std::string score_markdown(const nlohmann::json& score);

// "91.3% [89.4, 92.9]" for a Figure's JSON.
std::string figure_text(const nlohmann::json& figure);

}  // namespace railyard::score
