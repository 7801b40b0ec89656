// How a symbolic train is drawn: V-LoL's model trains or its CLEVR-like blocks.
#pragma once

#include <optional>
#include <string_view>

#include "logic/vocabulary.h"

namespace railyard {

enum class Representation { Trains, SimpleObjects };

// "Trains" or "SimpleObjects", as in V-LoL's output folder names.
std::string_view representation_name(Representation r);
// Accepts those names and the lower-case aliases "trains", "simple_objects", "blocks".
std::optional<Representation> parse_representation(std::string_view text);
// The vocabulary whose names label the parts of a representation.
Vocabulary part_vocabulary(Representation r);

}  // namespace railyard
