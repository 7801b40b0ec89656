#include <cstdlib>
#include <string_view>
#include <vector>

#include "logic/ltlf/automaton.h"
#include "logic/ltlf/evaluate.h"
#include "logic/ltlf/formula.h"
#include "tests/fuzz/fuzz_targets.h"
#include "util/printable_text.h"

namespace railyard {
namespace {

// What a person is shown: not empty, bounded whatever the input, UTF-8 without a control or
// invisible character (util/printable_text.h escapes those; printable Unicode may stay).
void check_message(std::string_view message) {
  if (message.empty() || message.size() > 16384) std::abort();
  for (std::size_t i = 0; i < message.size();) {
    std::size_t length = 0;
    if (!escape_character(message, i, length).empty() || length == 0) std::abort();
    i += length;
  }
}

// The automaton's verdict on `trace`: the state it ends in accepts.
bool accepts(const ltlf::Automaton& automaton, const std::vector<std::uint32_t>& trace) {
  ltlf::StateId state = automaton.initial();
  for (std::uint32_t letter : trace) state = automaton.next(state, letter);
  return automaton.accepting(state);
}

}  // namespace

// The bytes before the first NUL are the formula, the bytes after it traces (a byte a letter, 12
// to a trace). What parses prints to a canonical text that parses to itself; what builds within
// small limits agrees with LTLf's definition (evaluate.h) on the empty trace and on every trace.
int fuzz_formula(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t split = input.find('\0');
  std::string_view text = input.substr(0, split);
  std::string_view traces = split == std::string_view::npos ? "" : input.substr(split + 1);
  ltlf::Formula formula = [&] {
    try {
      return ltlf::parse_formula(text);
    } catch (const ltlf::FormulaError& e) {
      check_message(e.what());
      return ltlf::parse_formula("false");
    }
  }();
  // (The canonical text may outgrow the longest text a formula may have: then it is not read.)
  std::string canonical = formula.to_string();
  if (canonical.size() <= ltlf::kMaxFormulaLength &&
      ltlf::parse_formula(canonical).to_string() != canonical)
    std::abort();
  ltlf::AutomatonLimits limits;
  limits.max_atoms = 4;
  limits.max_states = 300;
  std::optional<ltlf::Automaton> automaton;
  try {
    automaton = ltlf::build_automaton(formula, formula.atoms(), limits);
  } catch (const ltlf::FormulaError& e) {
    check_message(e.what());
    return 0;
  }
  std::uint32_t mask = automaton->letter_count() - 1;
  std::vector<std::uint32_t> trace;
  if (accepts(*automaton, trace) != ltlf::holds(formula, trace)) std::abort();
  for (std::size_t i = 0; i < traces.size() && i < 8 * 12; ++i) {
    trace.push_back(static_cast<std::uint8_t>(traces[i]) & mask);
    if (trace.size() == 12 || i + 1 == traces.size()) {
      if (accepts(*automaton, trace) != ltlf::holds(formula, trace)) std::abort();
      trace.clear();
    }
  }
  return 0;
}

}  // namespace railyard
