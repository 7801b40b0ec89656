// What to export: the target system, the logic vocabulary and optional perception noise, with
// the config keys that name them.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "util/enum_names.h"
#include "util/input_error.h"

namespace railyard::exports {

// Bad export input: an unknown key, a rate outside [0, 1], no examples, a malformed example, or
// an export folder that cannot be written. The message names the key, example or path at fault.
class ExportError : public InputError {
 public:
  using InputError::InputError;
};

enum class ExportTarget { Popper, Aleph, SceneGraphs };
inline constexpr auto kExportTargetNames =
    enum_names<ExportTarget>({{ExportTarget::Popper, "popper"},
                              {ExportTarget::Aleph, "aleph"},
                              {ExportTarget::SceneGraphs, "scene_graphs"}});

// The predicates of the Popper and Aleph exports (see logic_vocabulary.h).
enum class LogicVocabulary { Relational, Michalski };
inline constexpr auto kLogicVocabularyNames = enum_names<LogicVocabulary>(
    {{LogicVocabulary::Relational, "relational"}, {LogicVocabulary::Michalski, "michalski"}});

// Each background attribute of each car is replaced with probability `rate` by another value
// the visual constraints allow (see perception_noise.h). Popper and Aleph exports only.
struct PerceptionNoise {
  double rate = 0.0;
  std::uint64_t seed = 0;
};

struct ExportOptions {
  ExportTarget target = ExportTarget::Popper;
  LogicVocabulary vocabulary = LogicVocabulary::Relational;  // Popper and Aleph
  PerceptionNoise noise;
};

inline std::string_view target_key(ExportTarget target) {
  return kExportTargetNames.name(target);
}
inline std::string_view vocabulary_key(LogicVocabulary vocabulary) {
  return kLogicVocabularyNames.name(vocabulary);
}

// Throw ExportError naming the key and listing the known ones.
ExportTarget parse_export_target(std::string_view key);
LogicVocabulary parse_logic_vocabulary(std::string_view key);

// Throws ExportError when the rate is outside [0, 1] (or not a number), or when noise is asked
// of a scene graph export.
void validate_options(const ExportOptions& options);

}  // namespace railyard::exports
