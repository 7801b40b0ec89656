// Checks of exporter input before anything is written, so that a bad example is reported by its
// id and the export folder stays as it was.
#pragma once

#include <span>

#include "tools/lib/export/example.h"

namespace railyard::exports {

// Throws ExportError when the list is empty, an id is not a valid constant (see Example::id) or
// appears twice, a split name is not a plain folder name ([a-z0-9_-]), a car's position is not
// its place in the train or a descriptor is outside its values.
void check_examples(std::span<const Example> examples);

}  // namespace railyard::exports
