#include "tools/export/popper_files.h"

#include "tools/export/logic_vocabulary.h"

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

std::string examples(const LogicSplit& split) {
  std::string out;
  for (const std::string& id : split.positives)
    out.append("pos(eastbound(").append(id).append(")).\n");
  for (const std::string& id : split.negatives)
    out.append("neg(eastbound(").append(id).append(")).\n");
  return out;
}

}  // namespace

std::string popper_bias(LogicVocabulary vocabulary) {
  std::span<const Predicate> predicates = logic_predicates(vocabulary);
  std::string out = "% Popper bias, railyard export, " + std::string(vocabulary_key(vocabulary)) +
                    " vocabulary. Read by clingo, as Popper does: (car,) is a 1-tuple.\n"
                    "% Raise max_vars and max_body for long rules (the complex rule needs 7 and "
                    "9).\n"
                    "max_vars(6).\nmax_body(6).\nmax_clauses(4).\n\n"
                    "head_pred(eastbound,1).\ntype(eastbound,(train,)).\n"
                    "direction(eastbound,(in,)).\n\n";
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
  return out;
}

std::vector<ExportFile> popper_files(LogicVocabulary vocabulary, const LogicSplit& split) {
  std::string bk = "% Popper background knowledge, railyard export, " +
                   std::string(vocabulary_key(vocabulary)) + " vocabulary.\n";
  split.facts.append_facts(bk);
  return {
      {"bk.pl", std::move(bk)}, {"exs.pl", examples(split)}, {"bias.pl", popper_bias(vocabulary)}};
}

}  // namespace railyard::exports
