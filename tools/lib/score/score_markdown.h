// score.md: score.json's figures as Markdown tables, each share as "91.3% [89.4, 92.9]" (n).
#pragma once

#include <string>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

std::string score_markdown(const ScoreReport& score);

// "91.3% [89.4, 92.9]".
std::string figure_text(const Figure& figure);

}  // namespace railyard::score
