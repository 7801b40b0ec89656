// The `interventions:` section of a dataset config: how `railyard intervene` turns each base
// train into its intervened twin (logic/intervention/intervention.h has the four modes).
//
// The section is declared here, beside the feature, as a schema of InterventionSettings
// (intervention_schema()); the dataset config takes it whole under `interventions`
// (config.cpp: section("interventions", ...)), so every key here is `interventions.<key>` in a
// config file, a --set, a suite and --print-config, and check_intervention_settings runs with the
// config's checks.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "logic/intervention/edit_kinds.h"
#include "logic/intervention/operation.h"
#include "util/enum_names.h"
#include "util/settings_schema.h"

namespace railyard {

enum class InterventionMode : std::uint8_t { Listed, Random, Flip, Preserve };
// The modes by their config names, in the order help shows them: the one list the schema,
// messages and folder names (<mode>_pairs) use.
inline constexpr auto kInterventionModeNames =
    enum_names<InterventionMode>({{InterventionMode::Flip, "flip"},
                                  {InterventionMode::Preserve, "preserve"},
                                  {InterventionMode::Listed, "listed"},
                                  {InterventionMode::Random, "random"}});

// Which pairs a dataset keeps; the others are reported in unpaired.jsonl, never forced.
enum class PairKeep : std::uint8_t { All, Flipped, Preserved };
inline constexpr auto kPairKeepNames = enum_names<PairKeep>(
    {{PairKeep::All, "all"}, {PairKeep::Flipped, "flipped"}, {PairKeep::Preserved, "preserved"}});

// What a listed operation that a train refuses does: stop the run before anything is written
// (naming the operation, the train and the reason), or leave that train unpaired.
enum class OnRefusal : std::uint8_t { Fail, Skip };

struct InterventionSettings {
  InterventionMode mode = InterventionMode::Flip;
  std::vector<Operation> operations;   // listed: applied in order
  std::vector<std::uint64_t> indices;  // listed: the base trains they apply to; empty: every one
  EditKinds kinds = EditKinds::search_default();  // random, flip, preserve: the edits to choose
  int max_edits = 1;                              // flip: the bound k, 1..3
  PairKeep keep = PairKeep::All;
  OnRefusal on_refusal = OnRefusal::Fail;  // listed
};

// "flip", "preserve", "listed", "random": the mode's config name.
inline std::string_view intervention_mode_name(InterventionMode mode) {
  return kInterventionModeNames.name(mode);
}

// Every key of the section, relative to `interventions` ("mode", "max_edits"), with its checks.
const Schema<InterventionSettings>& intervention_schema();

// Throws ConfigError naming the keys when the settings set a key their mode ignores (operations,
// indices or on_refusal outside listed; kinds in listed; max_edits outside flip: any value but
// the default counts as set), when listed mode has no operations, or when interventions.keep asks
// for pairs the mode never makes (keep: preserved with flip, keep: flipped with preserve).
// The schema's check, so check_config runs it; so does railyard intervene's planner
// (pair_plan.h).
void check_intervention_settings(const InterventionSettings& settings);

}  // namespace railyard
