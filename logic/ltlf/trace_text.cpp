#include "logic/ltlf/trace_text.h"

#include <algorithm>

#include "logic/ltlf/formula.h"
#include "util/printable_text.h"

namespace railyard::ltlf {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0;;) {
    std::size_t end = text.find(separator, at);
    parts.push_back(trim(text.substr(at, end - at)));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

}  // namespace

std::vector<std::uint32_t> parse_trace(std::string_view text,
                                       const std::vector<std::string>& atoms) {
  std::vector<std::uint32_t> trace;
  if (atoms.size() > 32)
    throw FormulaError("a trace over " + std::to_string(atoms.size()) +
                       " atoms: letters hold at most 32");
  if (trim(text).empty()) return trace;
  std::vector<std::string_view> steps = split(text, ';');
  for (std::size_t t = 0; t < steps.size(); ++t) {
    std::uint32_t letter = 0;
    if (steps[t] != "-") {
      for (std::string_view atom : split(steps[t], ',')) {
        auto found = std::find(atoms.begin(), atoms.end(), atom);
        if (found == atoms.end()) {
          std::string known;
          for (const std::string& a : atoms) known += (known.empty() ? "" : ", ") + a;
          throw FormulaError("trace step " + std::to_string(t) + ": '" + printable(atom, 80) +
                             "' is not an atom (atoms: " + known + "; '-' for a step with none)");
        }
        letter |= 1u << (found - atoms.begin());
      }
    }
    trace.push_back(letter);
  }
  return trace;
}

std::vector<std::uint32_t> project_trace(const std::vector<std::uint32_t>& trace,
                                         const std::vector<std::string>& from,
                                         const std::vector<std::string>& to) {
  std::vector<std::size_t> bit;
  for (const std::string& atom : to)
    bit.push_back(
        static_cast<std::size_t>(std::find(from.begin(), from.end(), atom) - from.begin()));
  std::vector<std::uint32_t> projected;
  for (std::uint32_t letter : trace) {
    std::uint32_t own = 0;
    for (std::size_t i = 0; i < bit.size(); ++i)
      if (bit[i] < from.size() && (letter >> bit[i] & 1u)) own |= 1u << i;
    projected.push_back(own);
  }
  return projected;
}

}  // namespace railyard::ltlf
