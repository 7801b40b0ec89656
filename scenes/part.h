// The annotated parts of a laid-out train: what each part id of the renderer's id pass means.
// The renderer draws instances tagged with part ids and knows nothing more; this table, built by
// the layout beside the render::Scene, says which id is which car's wall, roof or payload.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/scene.h"
#include "util/enum_names.h"

namespace railyard {

enum class PartKind : std::uint8_t { Locomotive, Rail, Body, Wall, Roof, Wheels, Payload };
inline constexpr int kPartKindCount = 7;

// Their names in records, the asset manifest and messages.
inline constexpr auto kPartKindNames = enum_names<PartKind>({{PartKind::Locomotive, "locomotive"},
                                                             {PartKind::Rail, "rail"},
                                                             {PartKind::Body, "body"},
                                                             {PartKind::Wall, "wall"},
                                                             {PartKind::Roof, "roof"},
                                                             {PartKind::Wheels, "wheels"},
                                                             {PartKind::Payload, "payload"}});
inline std::string_view part_kind_name(PartKind kind) {
  return kPartKindNames.name(kind);
}

struct Part {
  PartKind kind = PartKind::Body;
  int car = 0;             // car position 1..N; 0 for the locomotive and the rail
  int payload = -1;        // 0..count-1 for payloads, -1 otherwise
  std::string label;       // in the representation's vocabulary: "braced_wall", "3_wheels", ...
  glm::vec3 centre{0.0f};  // world position of the part's centre (V-LoL's world_cord)
};

// "wall of car 2", "payload 1 of car 3", "locomotive".
std::string describe(const Part& part);

// A train laid out for rendering: the render::Scene, and parts[id - 1] for every part id its
// instances carry (id 0: not annotated, the ground and props).
struct TrainScene {
  render::Scene scene;
  std::vector<Part> parts;
};

}  // namespace railyard
