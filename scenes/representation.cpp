#include "scenes/representation.h"

namespace railyard {

std::string_view representation_name(Representation r) {
  return r == Representation::Trains ? "Trains" : "SimpleObjects";
}

std::optional<Representation> parse_representation(std::string_view text) {
  if (text == "Trains" || text == "trains") return Representation::Trains;
  if (text == "SimpleObjects" || text == "simple_objects" || text == "blocks" || text == "Blocks")
    return Representation::SimpleObjects;
  return std::nullopt;
}

Vocabulary part_vocabulary(Representation r) {
  return r == Representation::Trains ? Vocabulary::Trains : Vocabulary::Blocks;
}

}  // namespace railyard
