// `railyard ltlf`: a formula's minimal automaton (text or JSON) and, for users checking their
// formulas, its value on a given trace, by the automaton and by the reference evaluator.
#include <cstdio>

#include "logic/ltlf/automaton.h"
#include "logic/ltlf/evaluate.h"
#include "logic/ltlf/trace_text.h"
#include "tools/railyard/commands.h"

namespace railyard {
namespace {

struct LtlfOptions {
  std::string formula;
  std::vector<std::string> atoms;  // the alphabet, the formula's atoms by default
  bool json = false;
  std::optional<std::string> trace;
};

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

void run_ltlf(const LtlfOptions& options) {
  ltlf::Formula formula = ltlf::parse_formula(options.formula);
  std::vector<std::string> atoms = options.atoms.empty() ? formula.atoms() : options.atoms;
  ltlf::Automaton automaton = ltlf::build_automaton(formula, atoms);
  if (options.json)
    std::printf("%s\n", automaton.to_json().dump(2).c_str());
  else
    std::printf("%s", automaton.to_text().c_str());
  if (options.trace) print_trace(formula, automaton, *options.trace);
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
  command
      ->add_option("--atoms", options->atoms,
                   "the alphabet, in bit order (default: the formula's atoms); extra atoms "
                   "are orphans")
      ->delimiter(',');
  command->add_flag("--json", options->json, "the automaton as JSON");
  command->add_option("--trace", options->trace,
                      "a trace to evaluate: steps separated by ';', each the atoms true there, "
                      "comma-separated, '-' for none, e.g. \"east,roofed; -; roofed\"");
  command->callback([options] { run_ltlf(*options); });
}

}  // namespace railyard
