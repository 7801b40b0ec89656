#include "tools/export/export_options.h"

#include <array>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "tools/export/export_schema.h"

namespace railyard::exports {
namespace {

constexpr std::array kTargets = {ExportTarget::Popper, ExportTarget::Aleph,
                                 ExportTarget::SceneGraphs};
constexpr std::array kVocabularies = {LogicVocabulary::Relational, LogicVocabulary::Michalski};

template <typename Enum, std::size_t N, typename KeyOf>
Enum parse_key(std::string_view key, const std::array<Enum, N>& all, KeyOf key_of,
               std::string_view what) {
  std::string known;
  for (Enum value : all) {
    if (key_of(value) == key) return value;
    known.append(known.empty() ? "" : ", ").append(key_of(value));
  }
  throw ExportError("unknown export " + std::string(what) + " '" + std::string(key) +
                    "'; known: " + known);
}

}  // namespace

std::string_view target_key(ExportTarget target) {
  switch (target) {
    case ExportTarget::Popper: return "popper";
    case ExportTarget::Aleph: return "aleph";
    case ExportTarget::SceneGraphs: return "scene_graphs";
  }
  return "?";
}

std::string_view vocabulary_key(LogicVocabulary vocabulary) {
  switch (vocabulary) {
    case LogicVocabulary::Relational: return "relational";
    case LogicVocabulary::Michalski: return "michalski";
  }
  return "?";
}

ExportTarget parse_export_target(std::string_view key) {
  return parse_key(key, kTargets, target_key, "target");
}

LogicVocabulary parse_logic_vocabulary(std::string_view key) {
  return parse_key(key, kVocabularies, vocabulary_key, "vocabulary");
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
    auto names = [](const auto& all, auto key_of) {
      std::vector<std::pair<std::string, std::decay_t<decltype(all[0])>>> out;
      for (auto value : all) out.emplace_back(std::string(key_of(value)), value);
      return out;
    };
    auto logic_only = [](const ExportOptions& o) { return o.target != ExportTarget::SceneGraphs; };
    Schema<ExportOptions> s;
    s.choice("target", field(&ExportOptions::target), names(kTargets, target_key),
             "what to export: input for Popper or Aleph, or scene graphs", "-t,--target")
        .required();
    s.choice("vocabulary", field(&ExportOptions::vocabulary), names(kVocabularies, vocabulary_key),
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
