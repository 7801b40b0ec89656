// The keys of one export, declared once: an item of a dataset config's `exports:` list
// (`exports: [{target: aleph, vocabulary: michalski, noise: 0.05, seed: 7}]`) and the flags of
// `railyard export` (-t/--target, --vocabulary, --noise, --noise-seed) both come from
// export_schema(), with ExportOptions' defaults. Defined in export_options.cpp.
#pragma once

#include "tools/lib/export/export_options.h"
#include "util/settings_schema.h"

namespace railyard::exports {

// target (required in a config's item), vocabulary, noise, seed; vocabulary, noise and seed
// apply to the popper and aleph exports only (a scene graph item prints as {target:
// scene_graphs}). Its check is validate_options().
const Schema<ExportOptions>& export_schema();

}  // namespace railyard::exports
