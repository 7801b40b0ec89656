#include "tools/lib/export/aleph_files.h"

#include "tools/lib/export/logic_vocabulary.h"

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

// A body predicate of a problem and whether the split has facts of it.
struct BodyPredicate {
  Predicate predicate;
  bool has_facts = true;
};

// The modes and determinations of `head` (e.g. "eastbound(+train)", "eastbound/1") over the
// body predicates, then the type facts, then `:- dynamic` for a body predicate without facts (it
// still has to exist when Aleph calls it).
std::string declarations(std::string_view comment, std::string_view head_mode,
                         std::string_view head, const std::vector<BodyPredicate>& body,
                         const LogicSplit& split) {
  std::string out(comment);
  out.append(":- modeh(1,").append(head_mode).append(").\n");
  for (const BodyPredicate& b : body)
    out.append(":- modeb(")
        .append(b.predicate.many_answers ? "*" : "1")
        .append(",")
        .append(mode_atom(b.predicate))
        .append(").\n");
  out += '\n';
  for (const BodyPredicate& b : body)
    out.append(":- determination(")
        .append(head)
        .append(",")
        .append(b.predicate.name)
        .append("/")
        .append(std::to_string(b.predicate.arguments.size()))
        .append(").\n");
  out += "\n% types\n";
  split.facts.append_type_facts(out);
  out += "\n% background facts\n";
  for (const BodyPredicate& b : body)
    if (!b.has_facts)
      out.append(":- dynamic(")
          .append(b.predicate.name)
          .append("/")
          .append(std::to_string(b.predicate.arguments.size()))
          .append(").\n");
  return out;
}

std::vector<BodyPredicate> vocabulary_body(LogicVocabulary vocabulary, const LogicSplit& split) {
  std::vector<BodyPredicate> body;
  std::span<const Predicate> predicates = logic_predicates(vocabulary);
  for (std::size_t p = 0; p < predicates.size(); ++p)
    body.push_back({predicates[p], split.facts.has_facts(static_cast<int>(p))});
  return body;
}

std::string background(LogicVocabulary vocabulary, const LogicSplit& split) {
  std::string out = declarations(
      "% Aleph background, railyard export, " + std::string(vocabulary_key(vocabulary)) +
          " vocabulary. Settings (i, clauselength, ...) are\n"
          "% left to the user: Aleph's defaults are i 2, clauselength 4.\n",
      "eastbound(+train)", "eastbound/1", vocabulary_body(vocabulary, split), split);
  split.facts.append_facts(out);
  return out;
}

std::string examples(std::string_view head, const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out.append(head).append("(").append(id).append(").\n");
  return out;
}

}  // namespace

std::vector<ExportFile> aleph_files(LogicVocabulary vocabulary, const LogicSplit& split) {
  return {{"train.b", background(vocabulary, split)},
          {"train.f", examples("eastbound", split.positives)},
          {"train.n", examples("eastbound", split.negatives)}};
}

std::vector<ExportFile> aleph_sequence_files(LogicVocabulary vocabulary, const LogicSplit& split,
                                             const SequenceSplit& sequences) {
  std::vector<BodyPredicate> body = vocabulary_body(vocabulary, split);
  for (const SequencePredicate& p : sequences.facts.predicates())
    if (p.learnable) body.push_back({SequenceFacts::as_predicate(p), !p.facts.empty()});
  std::string b = declarations(
      "% Aleph background, railyard export, " + std::string(vocabulary_key(vocabulary)) +
          " vocabulary, temporal sequences (" +
          std::string(kSequenceAnnotationNames.name(sequences.shown)) +
          ").\n% Settings (i, clauselength, ...) are left to the user: Aleph's defaults are i "
          "2, clauselength 4.\n% The automaton and the state trace are facts without modes: "
          "with them accepted/1 is a lookup.\n",
      "accepted(+sequence)", "accepted/1", body, split);
  split.facts.append_facts(b);
  sequences.facts.append_facts(b);
  return {{"train.b", std::move(b)},
          {"train.f", examples("accepted", sequences.positives)},
          {"train.n", examples("accepted", sequences.negatives)}};
}

}  // namespace railyard::exports
