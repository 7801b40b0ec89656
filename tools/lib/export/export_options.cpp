#include "tools/lib/export/export_options.h"

#include <cstdio>
#include <optional>
#include <string>

#include "tools/lib/export/export_schema.h"

namespace railyard::exports {
namespace {

template <typename Enum, std::size_t N>
Enum parse_key(std::string_view key, const EnumNames<Enum, N>& names, std::string_view what) {
  if (std::optional<Enum> value = names.parse(key)) return *value;
  throw ExportError("unknown export " + std::string(what) + " '" + std::string(key) +
                    "'; known: " + names.list());
}

}  // namespace

ExportTarget parse_export_target(std::string_view key) {
  return parse_key(key, kExportTargetNames, "target");
}

LogicVocabulary parse_logic_vocabulary(std::string_view key) {
  return parse_key(key, kLogicVocabularyNames, "vocabulary");
}

void validate_options(const ExportOptions& options) {
  double rate = options.noise.rate;
  if (!(rate >= 0.0 && rate <= 1.0)) {  // NaN fails both
    char text[64];
    std::snprintf(text, sizeof text, "%g", rate);
    throw ExportError("perception noise rate " + std::string(text) + " is outside [0, 1]");
  }
  if (rate > 0.0 && options.target == ExportTarget::SceneGraphs)
    throw ExportError(
        "perception noise applies to the popper and aleph exports, not to scene_graphs");
}

const Schema<ExportOptions>& export_schema() {
  static const Schema<ExportOptions> schema = [] {
    auto logic_only = [](const ExportOptions& o) { return o.target != ExportTarget::SceneGraphs; };
    Schema<ExportOptions> s;
    s.choice("target", field(&ExportOptions::target), kExportTargetNames,
             "what to export: input for Popper or Aleph, or scene graphs", "-t,--target")
        .required();
    s.choice("vocabulary", field(&ExportOptions::vocabulary), kLogicVocabularyNames,
             "the predicates of the popper and aleph exports", "--vocabulary")
        .applies_when(logic_only);
    s.number("noise", field(&ExportOptions::noise, &PerceptionNoise::rate), 0.0, 1.0,
             "perception noise: each background attribute replaced with this probability "
             "(popper and aleph)",
             "--noise")
        .applies_when(logic_only);
    s.unsigned_whole("seed", field(&ExportOptions::noise, &PerceptionNoise::seed),
                     "seed of the perception noise", "--noise-seed")
        .applies_when(logic_only);
    s.check(validate_options);
    return s;
  }();
  return schema;
}

}  // namespace railyard::exports
