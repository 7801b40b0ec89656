// The page's inline style and scripts. The first script, in <head>, records any JavaScript
// error into the DOM (#js-errors, data-errors="n"); the last sets data-report-ready="1" on
// <html> when it has run, so a headless browser's dump shows both.
#pragma once

#include <string_view>

namespace railyard::score {

std::string_view page_style();
std::string_view error_script();
std::string_view page_script();

}  // namespace railyard::score
