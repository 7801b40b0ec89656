#include "tools/lib/export/popper_files.h"

#include "tools/lib/export/logic_vocabulary.h"

namespace railyard::exports {
namespace {

// A clingo tuple: (a,b) for two elements, (a,) for one.
template <typename Element>
std::string tuple(const std::vector<Argument>& arguments, Element element) {
  std::string out = "(";
  for (std::size_t a = 0; a < arguments.size(); ++a)
    out.append(a == 0 ? "" : ",").append(element(arguments[a]));
  return out + (arguments.size() == 1 ? ",)" : ")");
}

std::string_view direction(const Argument& argument) {
  return argument.mode == ArgumentMode::Input ? "in" : "out";
}

std::string examples(std::string_view head, const std::vector<std::string>& positives,
                     const std::vector<std::string>& negatives) {
  std::string out;
  for (const std::string& id : positives)
    out.append("pos(").append(head).append("(").append(id).append(")).\n");
  for (const std::string& id : negatives)
    out.append("neg(").append(head).append("(").append(id).append(")).\n");
  return out;
}

// body_pred/2 for every predicate, then type/2, then direction/2.
void append_body_predicates(std::string& out, std::span<const Predicate> predicates) {
  for (const Predicate& p : predicates)
    out.append("body_pred(")
        .append(p.name)
        .append(",")
        .append(std::to_string(p.arguments.size()))
        .append(").\n");
  out += '\n';
  for (const Predicate& p : predicates)
    out.append("type(")
        .append(p.name)
        .append(",")
        .append(tuple(p.arguments, [](const Argument& a) { return a.type; }))
        .append(").\n");
  out += '\n';
  for (const Predicate& p : predicates)
    out.append("direction(")
        .append(p.name)
        .append(",")
        .append(tuple(p.arguments, direction))
        .append(").\n");
}

}  // namespace

std::string popper_bias(LogicVocabulary vocabulary) {
  std::string out = "% Popper bias, railyard export, " + std::string(vocabulary_key(vocabulary)) +
                    " vocabulary. Read by clingo, as Popper does: (car,) is a 1-tuple.\n"
                    "% Raise max_vars and max_body for long rules (the complex rule needs 7 and "
                    "9).\n"
                    "max_vars(6).\nmax_body(6).\nmax_clauses(4).\n\n"
                    "head_pred(eastbound,1).\ntype(eastbound,(train,)).\n"
                    "direction(eastbound,(in,)).\n\n";
  append_body_predicates(out, logic_predicates(vocabulary));
  return out;
}

std::vector<ExportFile> popper_files(LogicVocabulary vocabulary, const LogicSplit& split) {
  std::string bk = "% Popper background knowledge, railyard export, " +
                   std::string(vocabulary_key(vocabulary)) + " vocabulary.\n";
  split.facts.append_facts(bk);
  return {{"bk.pl", std::move(bk)},
          {"exs.pl", examples("eastbound", split.positives, split.negatives)},
          {"bias.pl", popper_bias(vocabulary)}};
}

std::string popper_sequence_bias(LogicVocabulary vocabulary, const SequenceSplit& sequences) {
  std::string out = "% Popper bias, railyard export, " + std::string(vocabulary_key(vocabulary)) +
                    " vocabulary, temporal sequences (" +
                    std::string(kSequenceAnnotationNames.name(sequences.shown)) +
                    ").\n% Read by clingo, as Popper does: (train,) is a 1-tuple. The "
                    "automaton and the state trace\n% in bk.pl are not offered: with them "
                    "accepted/1 is a lookup. A step predicate true\n% nowhere in this split is "
                    "left out. F(a & X b) needs 5 variables and 5 body literals.\n"
                    "max_vars(6).\nmax_body(6).\nmax_clauses(4).\n\n"
                    "head_pred(accepted,1).\ntype(accepted,(sequence,)).\n"
                    "direction(accepted,(in,)).\n\n";
  std::span<const Predicate> vocabulary_predicates = logic_predicates(vocabulary);
  std::vector<Predicate> predicates(vocabulary_predicates.begin(), vocabulary_predicates.end());
  for (const SequencePredicate& p : sequences.facts.predicates())
    if (p.learnable && !p.facts.empty()) predicates.push_back(SequenceFacts::as_predicate(p));
  append_body_predicates(out, predicates);
  return out;
}

std::vector<ExportFile> popper_sequence_files(LogicVocabulary vocabulary, const LogicSplit& split,
                                              const SequenceSplit& sequences) {
  std::string bk = "% Popper background knowledge, railyard export, " +
                   std::string(vocabulary_key(vocabulary)) + " vocabulary, temporal sequences (" +
                   std::string(kSequenceAnnotationNames.name(sequences.shown)) + ").\n";
  split.facts.append_facts(bk);
  sequences.facts.append_facts(bk);
  return {{"bk.pl", std::move(bk)},
          {"exs.pl", examples("accepted", sequences.positives, sequences.negatives)},
          {"bias.pl", popper_sequence_bias(vocabulary, sequences)}};
}

}  // namespace railyard::exports
