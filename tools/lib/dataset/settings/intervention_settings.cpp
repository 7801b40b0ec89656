#include "tools/lib/dataset/settings/intervention_settings.h"

#include "logic/errors.h"

namespace railyard {

namespace intervention_codecs {

// operations: "swap_loads(1,3); set(2, roof=none)", or a list of operations.
Codec<std::vector<Operation>> operations() {
  Codec<std::vector<Operation>> codec;
  codec.type = "operations | [operations]";
  codec.parse = [](const YamlField& value) {
    if (value.is_map())
      value.fail(
          "expected operations: text such as \"swap_loads(1,3); set(2, roof=none)\" or a list "
          "of them, e.g. [\"swap_loads(1,3)\", \"set(2, roof=none)\"]");
    std::string text;
    if (value.is_sequence()) {
      for (const YamlField& item : value.items()) {
        if (!item.is_scalar())
          item.fail("expected an operation such as \"swap_loads(1,3)\" (in quotes)");
        text += (text.empty() ? "" : "; ") + item.text();
      }
    } else if (!value.is_null()) {
      text = value.text();
    }
    try {
      return text.empty() ? std::vector<Operation>{} : parse_operations(text);
    } catch (const InterventionError& e) {
      value.fail(e.what());
    }
  };
  codec.emit = [](YAML::Emitter& out, const std::vector<Operation>& operations) {
    out << format_operations(operations);
  };
  return codec;
}

// kinds: "set_roof, swap_loads", or a list [set_roof, swap_loads].
Codec<EditKinds> kinds() {
  Codec<EditKinds> codec;
  codec.type = "kinds | [kinds]";
  codec.parse = [](const YamlField& value) {
    constexpr const char* kExpected =
        "expected edit kinds: a name, names separated by commas (\"set_roof, swap_loads\") or a "
        "list of names ([set_roof, swap_loads]); \"set\" is every set_*, \"all\" every kind";
    std::string text;
    if (value.is_sequence()) {
      if (value.items().empty())
        value.fail("no edit kinds to choose from: " + std::string(kExpected));
      for (const YamlField& item : value.items()) {
        if (!item.is_scalar()) item.fail(kExpected);
        text += (text.empty() ? "" : ", ") + item.text();
      }
    } else if (value.is_scalar()) {
      text = value.text();
    } else {
      value.fail(kExpected);
    }
    try {
      return parse_edit_kinds(text);
    } catch (const InterventionError& e) {
      value.fail(e.what());
    }
  };
  codec.emit = [](YAML::Emitter& out, const EditKinds& kinds) { out << format_edit_kinds(kinds); };
  return codec;
}

}  // namespace intervention_codecs

const Schema<InterventionSettings>& intervention_schema() {
  static const Schema<InterventionSettings> schema = [] {
    using S = InterventionSettings;
    Schema<S> s;
    s.choice("mode", field(&S::mode), kInterventionModeNames,
             "how a base train becomes its intervened twin");
    s.value("operations", field(&S::operations), intervention_codecs::operations(),
            "listed mode: operations applied in order, e.g. \"swap_loads(1,3); set(2, "
            "roof=none)\"");
    s.list("indices", field(&S::indices), whole_codec<std::uint64_t>(0, 999'999'999),
           "listed mode: the base trains the operations apply to (empty: every train)",
           "expected a list of train indices, e.g. [0, 5, 12]");
    s.value("kinds", field(&S::kinds), intervention_codecs::kinds(),
            "random, flip, preserve: the edits to choose from, e.g. \"set_roof, swap_loads\" or "
            "[set_roof, swap_loads] (\"set\": every set_*, \"all\": every kind)");
    s.whole("max_edits", field(&S::max_edits), 1, 3,
            "flip: the most edits a counterfactual may make (k)");
    s.choice("keep", field(&S::keep), kPairKeepNames,
             "which pairs to keep; the others are reported in unpaired.jsonl");
    s.choice("on_refusal", field(&S::on_refusal),
             std::vector<std::pair<std::string, OnRefusal>>{{"fail", OnRefusal::Fail},
                                                            {"skip", OnRefusal::Skip}},
             "listed mode: a train refusing an operation stops the run, or is left unpaired");
    s.check(check_intervention_settings);
    return s;
  }();
  return schema;
}

void check_intervention_settings(const InterventionSettings& settings) {
  const InterventionSettings defaults;
  InterventionMode mode = settings.mode;
  std::string mode_text = "interventions.mode is " + std::string(intervention_mode_name(mode));
  // A key the mode never reads: refused rather than silently ignored.
  auto ignored = [&](const std::string& key, const std::string& why) {
    throw ConfigError("interventions." + key + ": " + mode_text + ", which ignores " + key + " (" +
                      why + "); remove it or change interventions.mode");
  };
  bool listed = mode == InterventionMode::Listed;
  if (!listed && !settings.operations.empty())
    ignored("operations", "only listed mode applies given operations");
  if (!listed && !settings.indices.empty())
    ignored("indices", "only listed mode picks base trains; the other modes try every train");
  if (!listed && settings.on_refusal != defaults.on_refusal)
    ignored("on_refusal",
            "only listed operations are refused; in the other modes a train without a twin is "
            "always left unpaired, in unpaired.jsonl");
  if (listed && settings.kinds != defaults.kinds)
    ignored("kinds", "listed mode applies its operations; kinds are for flip, preserve and random");
  if (mode != InterventionMode::Flip && settings.max_edits != defaults.max_edits)
    ignored("max_edits",
            "only flip searches up to k edits; preserve and random make one edit, listed its "
            "operations");
  if (listed && settings.operations.empty())
    throw ConfigError(
        "interventions.operations: listed mode needs operations, e.g. "
        "\"swap_loads(1,3)\"");
  if (settings.kinds.empty())
    throw ConfigError("interventions.kinds: no edit kinds to choose from");
  // A keep that no pair of the mode can meet: the run would have nothing to render.
  if (mode == InterventionMode::Flip && settings.keep == PairKeep::Preserved)
    throw ConfigError(
        "interventions.keep: preserved keeps no pair of interventions.mode: flip (every flip "
        "changes the label); use keep: flipped or all, or mode: preserve");
  if (mode == InterventionMode::Preserve && settings.keep == PairKeep::Flipped)
    throw ConfigError(
        "interventions.keep: flipped keeps no pair of interventions.mode: preserve (every "
        "preserving edit keeps the label); use keep: preserved or all, or mode: flip");
}

}  // namespace railyard
