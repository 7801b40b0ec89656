#include "tools/export/aleph_files.h"

#include "tools/export/logic_vocabulary.h"

namespace railyard::exports {
namespace {

// name(+type,-type,#type)
std::string mode_atom(const Predicate& p) {
  std::string out(p.name);
  out += '(';
  for (std::size_t a = 0; a < p.arguments.size(); ++a) {
    if (a > 0) out += ',';
    out += static_cast<char>(p.arguments[a].mode);
    out += p.arguments[a].type;
  }
  return out + ')';
}

std::string background(LogicVocabulary vocabulary, const LogicSplit& split) {
  std::span<const Predicate> predicates = logic_predicates(vocabulary);
  std::string out = "% Aleph background, railyard export, " +
                    std::string(vocabulary_key(vocabulary)) +
                    " vocabulary. Settings (i, clauselength, ...) are\n"
                    "% left to the user: Aleph's defaults are i 2, clauselength 4.\n"
                    ":- modeh(1,eastbound(+train)).\n";
  for (const Predicate& p : predicates)
    out.append(":- modeb(")
        .append(p.many_answers ? "*" : "1")
        .append(",")
        .append(mode_atom(p))
        .append(").\n");
  out += '\n';
  for (const Predicate& p : predicates)
    out.append(":- determination(eastbound/1,")
        .append(p.name)
        .append("/")
        .append(std::to_string(p.arguments.size()))
        .append(").\n");
  out += "\n% types\n";
  split.facts.append_type_facts(out);
  out += "\n% background facts\n";
  // A predicate without facts in this split still has to exist when Aleph calls it.
  for (std::size_t p = 0; p < predicates.size(); ++p)
    if (!split.facts.has_facts(static_cast<int>(p)))
      out.append(":- dynamic(")
          .append(predicates[p].name)
          .append("/")
          .append(std::to_string(predicates[p].arguments.size()))
          .append(").\n");
  split.facts.append_facts(out);
  return out;
}

std::string examples(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out.append("eastbound(").append(id).append(").\n");
  return out;
}

}  // namespace

std::vector<ExportFile> aleph_files(LogicVocabulary vocabulary, const LogicSplit& split) {
  return {{"train.b", background(vocabulary, split)},
          {"train.f", examples(split.positives)},
          {"train.n", examples(split.negatives)}};
}

}  // namespace railyard::exports
