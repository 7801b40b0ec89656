// The JSON forms of values that several dataset formats share, in one place: vectors, pixel
// boxes, COCO RLE masks and cameras. Each has a reader that throws DatasetError naming the file
// and the key.
#pragma once

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "logic/train.h"
#include "renderer/camera.h"
#include "scenes/part.h"
#include "tools/lib/records/annotations/pixel_box.h"
#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/json/json_fields.h"

namespace railyard {

// A label as records write it, "east" or "west" (record_members.h's record_enum).
constexpr const auto& record_enum(const Direction*) {
  return kDirectionNames;
}
constexpr const auto& record_enum(const PartKind*) {  // "kind" of a part
  return kPartKindNames;
}

nlohmann::ordered_json vec_json(const glm::vec3& v);
nlohmann::ordered_json box_json(const PixelBox& box);  // [x, y, width, height]
// {"size": [h, w], "counts": "<pycocotools string>"}
nlohmann::ordered_json rle_json(const Rle& rle);

// {lens, fov, width, height, focal_length_px, K, world_to_camera, position, look_at, up,
//  convention}. K and world_to_camera use OpenCV's camera axes (x right, y down, z forward) so
// that, for the pinhole, pixel = K * (world_to_camera * p) / z, in pixel coordinates whose
// centres lie at +0.5. The fisheyes map the angle theta off the axis to a radius from the
// centre: equidistant r = f * theta, equisolid r = 2 f sin(theta / 2) (renderer/lens.h).
nlohmann::ordered_json camera_json(const render::Camera& camera);

// Readers of the forms above and of the names records share, checked: each throws DatasetError
// naming the file and the key ("parts[3].full_box") through `field` (json_fields.h).
using Field = JsonField<nlohmann::json>;
glm::vec3 vec_from_json(const Field& field);
PixelBox box_from_json(const Field& field);
Rle rle_from_json(const Field& field);
// The pose, lens and size of camera_json's output (near and far planes are not recorded).
render::Camera camera_from_json(const Field& field);

}  // namespace railyard
