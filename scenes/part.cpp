#include "scenes/part.h"

#include <array>

namespace railyard {

std::string_view part_kind_name(PartKind kind) {
  static constexpr std::array<std::string_view, kPartKindCount> kNames = {
      "locomotive", "rail", "body", "wall", "roof", "wheels", "payload"};
  return kNames[static_cast<std::size_t>(kind)];
}

std::string describe(const Part& part) {
  std::string text(part_kind_name(part.kind));
  if (part.kind == PartKind::Payload) text += " " + std::to_string(part.payload);
  if (part.car > 0) text += " of car " + std::to_string(part.car);
  return text;
}

}  // namespace railyard
