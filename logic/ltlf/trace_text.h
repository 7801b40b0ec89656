// Traces written by hand, for `railyard ltlf --trace` and tests: steps separated by ';', each step
// the atoms true there, comma-separated, '-' for none: "east,roofed; -; roofed". An empty text is
// the empty trace.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace railyard::ltlf {

// Letters over `atoms` (bit i = atoms[i]). Throws FormulaError naming the step and the atom when
// an atom is not in `atoms`.
std::vector<std::uint32_t> parse_trace(std::string_view text,
                                       const std::vector<std::string>& atoms);

// The same trace over another atom order (`to`'s atoms must all be in `from`).
std::vector<std::uint32_t> project_trace(const std::vector<std::uint32_t>& trace,
                                         const std::vector<std::string>& from,
                                         const std::vector<std::string>& to);

}  // namespace railyard::ltlf
