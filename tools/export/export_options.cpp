#include "tools/export/export_options.h"

#include <array>
#include <cstdio>
#include <string>

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

}  // namespace railyard::exports
