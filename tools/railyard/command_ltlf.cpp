// `railyard ltlf`: a formula's minimal automaton (text or JSON) and, for users checking their
// formulas, its value on a given trace, by the automaton and by the reference evaluator.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>

#include "logic/ltlf/automaton.h"
#include "logic/ltlf/evaluate.h"
#include "logic/ltlf/trace_text.h"
#include "tools/railyard/commands.h"
#include "util/file_system.h"
#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {
namespace {

struct LtlfOptions {
  std::string formula;
  std::string atoms;  // the alphabet, comma-separated; the formula's atoms by default
  bool json = false;
  std::optional<std::string> trace;
  std::string trace_file;  // "-": standard input
};

// The longest trace text read: about 60 million steps of one atom, far beyond any automaton run
// anyone waits for, and a bound on what standard input (/dev/zero, say) can make us hold.
constexpr std::size_t kMaxTraceBytes = std::size_t{256} << 20;

std::string standard_input() {
  std::string text;
  char chunk[1 << 16];
  while (std::cin.read(chunk, sizeof chunk) || std::cin.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > kMaxTraceBytes)
      throw InputError(
          "--trace-file -: standard input holds more than 256 MiB; a trace is at "
          "most that long");
  }
  return text;
}

// --trace, or the text of --trace-file (a trace too long for a command line).
std::optional<std::string> trace_text(const LtlfOptions& options) {
  if (options.trace_file.empty()) return options.trace;
  if (options.trace) throw InputError("give --trace or --trace-file, not both");
  if (options.trace_file == "-") return standard_input();
  if (file_system::file_size(options.trace_file) > kMaxTraceBytes)
    throw InputError("--trace-file " + options.trace_file +
                     ": more than 256 MiB; a trace is at most that long");
  return read_file_text(options.trace_file);
}

void print_trace(const ltlf::Formula& formula, const ltlf::Automaton& automaton,
                 const std::string& text) {
  std::vector<std::uint32_t> trace = ltlf::parse_trace(text, automaton.atoms());
  std::string states = std::to_string(automaton.initial());
  ltlf::StateId state = automaton.initial();
  for (std::uint32_t letter : trace) {
    state = automaton.next(state, letter);
    states += " -> " + std::to_string(state);
  }
  // The evaluator reads letters over the formula's own atoms.
  std::vector<std::uint32_t> own = ltlf::project_trace(trace, automaton.atoms(), formula.atoms());
  bool by_definition = ltlf::holds(formula, own);
  bool by_automaton = automaton.accepting(state);
  std::printf("trace: %zu steps\nstates: %s\naccepted: %s\n", trace.size(), states.c_str(),
              by_automaton ? "true" : "false");
  if (by_definition != by_automaton)
    throw std::runtime_error("the automaton and LTLf's definition disagree on this trace: " +
                             std::string(by_definition ? "true" : "false") +
                             " by definition (please report this)");
}

// --atoms a,b,c: every item a name (build_automaton checks each), none empty.
std::vector<std::string> alphabet(const std::string& text) {
  std::vector<std::string> atoms;
  for (std::size_t at = 0;;) {
    std::size_t end = std::min(text.find(',', at), text.size());
    atoms.push_back(text.substr(at, end - at));
    if (atoms.back().empty())
      throw InputError("--atoms " + printable(text) + ": item " + std::to_string(atoms.size()) +
                       " is empty");
    if (end == text.size()) return atoms;
    at = end + 1;
  }
}

void run_ltlf(const LtlfOptions& options) {
  ltlf::Formula formula = ltlf::parse_formula(options.formula);
  std::vector<std::string> atoms =
      options.atoms.empty() ? formula.atoms() : alphabet(options.atoms);
  ltlf::Automaton automaton = ltlf::build_automaton(formula, atoms);
  std::optional<std::string> trace = trace_text(options);  // before any output: it may be refused
  if (options.json)
    std::printf("%s\n", automaton.to_json().dump(2).c_str());
  else
    std::printf("%s", automaton.to_text().c_str());
  if (!trace) return;
  try {
    print_trace(formula, automaton, *trace);
  } catch (const ltlf::FormulaError& e) {  // told of where the trace came from
    std::string from = options.trace_file.empty()  ? "--trace"
                       : options.trace_file == "-" ? "--trace-file - (standard input)"
                                                   : "--trace-file " + options.trace_file;
    throw ltlf::FormulaError(from + ": " + e.what());
  }
}

}  // namespace

void add_ltlf_command(CLI::App& app) {
  auto options = std::make_shared<LtlfOptions>();
  CLI::App* command = app.add_subcommand(
      "ltlf", "print an LTLf formula's minimal automaton, and evaluate it on a trace");
  command
      ->add_option("formula", options->formula,
                   "flloat's syntax, e.g. \"G(east -> X roofed)\" (! & | -> <-> X WX F G U R "
                   "last true false)")
      ->required();
  command->add_option("--atoms", options->atoms,
                      "the alphabet, comma-separated in bit order (default: the formula's atoms); "
                      "extra atoms are orphans");
  command->add_flag("--json", options->json, "the automaton as JSON");
  command->add_option("--trace", options->trace,
                      "a trace to evaluate: steps separated by ';', each the atoms true there, "
                      "comma-separated, '-' for none, e.g. \"east,roofed; -; roofed\"");
  command->add_option("--trace-file", options->trace_file,
                      "the trace from a file in --trace's form (line breaks count as spaces), '-' "
                      "for standard input: for traces too long for a command line");
  command->callback([options] { run_ltlf(*options); });
}

}  // namespace railyard
