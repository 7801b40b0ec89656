#include "tools/lib/records/formats/automaton_file.h"

#include "logic/ltlf/formula.h"
#include "logic/sequences/step_predicates.h"
#include "tools/lib/records/json/json_fields.h"
#include "util/input_error.h"

namespace railyard {
namespace {

using Field = JsonField<nlohmann::ordered_json>;

ltlf::Automaton automaton_of(const Field& root) {
  std::string formula = root["formula"].as_string();
  std::vector<std::string> atoms = root["atoms"].as_strings();
  try {
    return ltlf::build_automaton(ltlf::parse_formula(formula), atoms);
  } catch (const InputError& e) {
    root["formula"].fail(e.what());
  }
}

LetterRates rates_of(const Field& rates, std::uint32_t letter_count) {
  LetterRates out;
  out.trains = rates["trains"].as_unsigned();
  for (const Field& letter : rates["letters"].items(letter_count))
    out.counts.push_back(letter["trains"].as_unsigned());
  return out;
}

}  // namespace

nlohmann::ordered_json AutomatonFile::to_json() const {
  nlohmann::ordered_json json = automaton.to_json();
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const StepPredicateSource& p : predicates)
    list.push_back({{"name", p.name}, {"source", p.source}, {"orphan", p.orphan}});
  json["predicates"] = std::move(list);
  nlohmann::ordered_json letters = nlohmann::ordered_json::array();
  std::vector<double> measured = rates.rates();
  for (std::uint32_t letter = 0; letter < measured.size(); ++letter)
    letters.push_back({{"letter", letter},
                       {"assignment", letter_text(automaton.atoms(), letter)},
                       {"trains", rates.counts[letter]},
                       {"rate", measured[letter]}});
  json["rates"] = {{"trains", rates.trains}, {"letters", std::move(letters)}};
  return json;
}

AutomatonFile read_automaton_file(const std::filesystem::path& file) {
  nlohmann::ordered_json json = read_ordered_json_file(file);
  JsonOrigin origin{file.string()};
  Field root(json, origin);
  root.only_keys({"formula", "atoms", "states", "transitions", "predicates", "rates"});
  AutomatonFile out{automaton_of(root), {}, {}};
  for (const Field& p : root["predicates"].items(out.automaton.atoms().size())) {
    out.predicates.push_back(
        {p["name"].as_string(), p["source"].as_string(), p["orphan"].as_bool()});
    if (out.predicates.back().name != out.automaton.atoms()[out.predicates.size() - 1])
      p["name"].fail("not the atom in its place in 'atoms'");
  }
  out.rates = rates_of(root["rates"], out.automaton.letter_count());
  // Every member must be what the formula, the atoms and the counts give.
  nlohmann::ordered_json made = out.to_json();
  for (const auto& [key, value] : made.items())
    if (root[key].json() != value)
      root[key].fail("not what the formula '" + out.automaton.formula() + "' over its atoms gives");
  return out;
}

}  // namespace railyard
