#include "scenes/part.h"

namespace railyard {

std::string describe(const Part& part) {
  std::string text(part_kind_name(part.kind));
  if (part.kind == PartKind::Payload) text += " " + std::to_string(part.payload);
  if (part.car > 0) text += " of car " + std::to_string(part.car);
  return text;
}

}  // namespace railyard
