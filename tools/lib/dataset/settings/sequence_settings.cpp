#include "tools/lib/dataset/settings/sequence_settings.h"

#include <cctype>
#include <charconv>

#include "logic/errors.h"

namespace railyard {
namespace sequence_codecs {

bool is_atom_name(const std::string& name) {
  if (name.empty() || !std::islower(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::islower(static_cast<unsigned char>(c)) &&
        !std::isdigit(static_cast<unsigned char>(c)) && c != '_')
      return false;
  return true;
}

// Text that may be empty (the formula: empty means no sequences), unlike Schema::text.
Codec<std::string> plain_text(std::string type) {
  Codec<std::string> codec;
  codec.type = std::move(type);
  codec.parse = [](const YamlField& v) {
    if (!v.is_null() && !v.is_scalar()) v.fail("expected text");
    return v.is_null() ? std::string() : v.text();
  };
  codec.emit = [](YAML::Emitter& out, const std::string& text) { out << text; };
  return codec;
}

Codec<std::string> atom_name() {
  Codec<std::string> codec;
  codec.type = "name";
  codec.parse = [](const YamlField& v) {
    std::string name = v.is_scalar() ? v.text() : "";
    if (!is_atom_name(name))
      v.fail("expected a predicate name: a lower-case letter, then letters, digits or _");
    return name;
  };
  codec.emit = [](YAML::Emitter& out, const std::string& name) { out << name; };
  return codec;
}

// predicates: {roofed: {text: "roofed(T) :- ..."}, heavy: numerical, light: {rule: rules/x.pl}}
Codec<std::vector<PredicateSource>> predicates() {
  Codec<std::vector<PredicateSource>> codec;
  codec.type = "{name: rule | {text: clauses} | {rule: name-or-path}}";
  codec.parse = [](const YamlField& value) {
    std::vector<PredicateSource> list;
    if (value.is_null()) return list;
    if (!value.is_map())
      value.fail(
          "expected a map from atom to predicate, e.g. {heavy: numerical, roofed: {text: "
          "\"roofed(T) :- has_car(T, C), closed(C).\"}}");
    for (const auto& [name, source] : value.entries()) {
      if (!is_atom_name(name))
        source.fail("'" + name +
                    "' is not an atom of a formula (a lower-case letter, then "
                    "letters, digits or _)");
      PredicateSource p{name, {}, {}};
      if (source.is_scalar()) {
        p.rule = source.text();
      } else if (source.is_map()) {
        source.allow_only({"text", "rule"});
        if (auto text = source.find("text")) p.text = text->text();
        if (auto rule = source.find("rule")) p.rule = rule->text();
        if (p.text.empty() == p.rule.empty())
          source.fail("give either text (clauses defining " + name +
                      "/1) or rule (a rule name or .pl path)");
      } else {
        source.fail("expected a rule name or path, or {text: clauses}");
      }
      list.push_back(std::move(p));
    }
    return list;
  };
  codec.emit = [](YAML::Emitter& out, const std::vector<PredicateSource>& list) {
    out << YAML::Flow << YAML::BeginMap;
    for (const PredicateSource& p : list) {
      out << YAML::Key << p.name << YAML::Value;
      if (p.text.empty())
        out << p.rule;
      else
        out << YAML::Flow << YAML::BeginMap << YAML::Key << "text" << YAML::Value << p.text
            << YAML::EndMap;
    }
    out << YAML::EndMap;
  };
  return codec;
}

// self_loops: off | "linear 0.1" | "exponential 0.5" | {linear: 0.1}
Codec<sequences::DecayRule> decay() {
  Codec<sequences::DecayRule> codec;
  codec.type = "off | linear R | exponential R";
  codec.parse = [](const YamlField& value) {
    constexpr const char* kExpected =
        "expected off, \"linear R\" or \"exponential R\" (R >= 0, e.g. linear 0.1), or "
        "{linear: R}";
    std::string kind;
    std::optional<YamlField> rate;
    if (value.is_map()) {
      auto entries = value.entries();
      if (entries.size() != 1) value.fail(kExpected);
      kind = entries[0].first;
      rate = entries[0].second;
    } else if (value.is_scalar()) {
      std::string text = value.text();
      auto space = text.find(' ');
      kind = text.substr(0, space);
      if (space != std::string::npos)
        rate = YamlField::parse(text.substr(space + 1), value.file() + ": " + value.key(), false);
    } else {
      value.fail(kExpected);
    }
    if (kind == "off" && !rate) return sequences::DecayRule{};
    if ((kind != "linear" && kind != "exponential") || !rate) value.fail(kExpected);
    double r = rate->is_scalar() ? rate->number() : -1.0;
    if (!(r >= 0.0 && r <= 1e6)) value.fail(kExpected);
    return sequences::DecayRule{
        kind == "linear" ? sequences::Decay::Linear : sequences::Decay::Exponential, r};
  };
  codec.emit = [](YAML::Emitter& out, const sequences::DecayRule& rule) {
    if (rule.kind == sequences::Decay::Off) {
      out << "off";
      return;
    }
    char rate[64];  // the shortest text that reads back as the same number
    auto end = std::to_chars(rate, rate + sizeof rate, rule.rate).ptr;
    out << (std::string(rule.kind == sequences::Decay::Linear ? "linear " : "exponential ") +
            std::string(rate, end));
  };
  return codec;
}

}  // namespace sequence_codecs

const char* sequence_annotations_name(SequenceAnnotations annotations) {
  return kSequenceAnnotationNames.name(annotations).data();  // the table's names are literals
}

const Schema<SequenceSettings>& sequence_schema() {
  static const Schema<SequenceSettings> schema = [] {
    using S = SequenceSettings;
    namespace codecs = sequence_codecs;
    Schema<S> s;
    s.value("formula", field(&S::formula), codecs::plain_text("LTLf formula"),
            "the sequence label: an LTLf formula over the predicates in flloat's syntax, e.g. "
            "\"G(east -> X roofed)\" (operators ! & | -> <-> X WX F G U R last); empty: no "
            "sequences");
    s.choice(
        "mode", field(&S::mode),
        std::vector<std::pair<std::string, SequenceMode>>{
            {"sequential", SequenceMode::Sequential}, {"incremental", SequenceMode::Incremental}},
        "sequential: count labelled sequences; incremental: this dataset is one episode of "
        "a positive trace (a curriculum), count trains satisfying that step");
    s.whole("episodes", field(&S::episodes), 1, 10'000,
            "incremental: the curriculum's episodes (the positive trace's length)");
    s.whole("episode", field(&S::episode), 0, 9'999,
            "incremental: this dataset's episode, 0-based");
    s.whole("curriculum_seed", field(&S::curriculum_seed), 0, 1'000'000'000,
            "incremental: which positive trace (another seed, another curriculum)");
    s.whole("min_length", field(&S::min_length), 1, 10'000, "fewest steps of a sequence");
    s.whole("max_length", field(&S::max_length), 1, 10'000, "most steps of a sequence");
    s.value("predicates", field(&S::predicates), codecs::predicates(),
            "the formula's atoms: a rule name or .pl path (its eastbound/1) or {text: clauses "
            "defining name/1}; `east` is the dataset's rule unless named here");
    s.list("orphans", field(&S::orphans), codecs::atom_name(),
           "predicates labelled at every step though the formula does not use them",
           "expected a list of predicate names, e.g. [heavy]");
    s.choice("labels", field(&S::labels),
             std::vector<std::pair<std::string, sequences::LabelMode>>{
                 {"balanced", sequences::LabelMode::Balanced},
                 {"positive", sequences::LabelMode::Positive},
                 {"natural", sequences::LabelMode::Natural}},
             "sequence labels: exactly half positive, all positive, or as the walk falls");
    s.value("self_loops", field(&S::self_loops), codecs::decay(),
            "decay of a step that keeps the automaton's state, with how often it was offered");
    s.value("accepting_sinks", field(&S::accepting_sinks), codecs::decay(),
            "decay of a step into an accepting sink");
    s.value("rejecting_sinks", field(&S::rejecting_sinks), codecs::decay(),
            "decay of a step into a rejecting sink");
    s.boolean("show_orphans", field(&S::show_orphans),
              "best effort: show each orphan both true and false in every sequence");
    s.choice("dynamics", field(&S::dynamics),
             std::vector<std::pair<std::string, SequenceDynamicsMode>>{
                 {"independent", SequenceDynamicsMode::Independent},
                 {"edits", SequenceDynamicsMode::Edits}},
             "steps drawn independently, or step t+1 made from step t by edits (a fresh draw "
             "when no edit reaches the step's predicates, recorded)");
    s.whole("max_edits", field(&S::max_edits), 1, 3, "edits dynamics: most edits per step");
    constexpr const char* kLetters =
        "expected a list of propositional formulas over the predicates, e.g. [\"roofed & !east\"]";
    s.list("exclude", field(&S::exclude), codecs::plain_text("formula"),
           "held-out predicate combinations: steps never show them", kLetters);
    s.list("require", field(&S::require), codecs::plain_text("formula"),
           "every sequence shows at least one step of these combinations", kLetters);
    s.choice("train_annotations", field(&S::train_annotations), kSequenceAnnotationNames,
             "what the train split's sequence files show: the sequence label (its steps' labels "
             "withheld too), plus the per-step predicates, plus the state trace (records keep "
             "everything)");
    s.whole("rate_trains", field(&S::rate_trains), 100, 10'000'000,
            "trains drawn once to measure how often each truth assignment occurs");
    s.check(check_sequence_settings);
    return s;
  }();
  return schema;
}

void check_sequence_settings(const SequenceSettings& settings) {
  if (!settings.enabled()) {
    if (!(settings.predicates.empty() && settings.orphans.empty() && settings.exclude.empty() &&
          settings.require.empty()))
      throw ConfigError(
          "sequence: predicates, orphans, exclude and require need sequence.formula (the "
          "sequence label); set a formula or remove them");
    return;
  }
  const SequenceSettings defaults;
  if (settings.mode == SequenceMode::Sequential &&
      (settings.episode != defaults.episode || settings.episodes != defaults.episodes ||
       settings.curriculum_seed != defaults.curriculum_seed))
    throw ConfigError(
        "sequence.episode, episodes and curriculum_seed are for sequence.mode: incremental");
  if (settings.episode >= settings.episodes)
    throw ConfigError("sequence.episode (" + std::to_string(settings.episode) +
                      ") is not below sequence.episodes (" + std::to_string(settings.episodes) +
                      ")");
  if (settings.min_length > settings.max_length)
    throw ConfigError("sequence.min_length (" + std::to_string(settings.min_length) +
                      ") is larger than sequence.max_length (" +
                      std::to_string(settings.max_length) + ")");
  for (const std::string& orphan : settings.orphans) {
    bool named = false;
    for (const PredicateSource& p : settings.predicates) named = named || p.name == orphan;
    if (!named)
      throw ConfigError("sequence.orphans: '" + orphan +
                        "' is not one of sequence.predicates; an orphan is a predicate the "
                        "formula does not use");
  }
}

}  // namespace railyard
