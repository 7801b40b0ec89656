#include "tools/lib/records/formats/json_values.h"

#include "util/printable_text.h"
#include "util/shortest_decimal.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

Json vec_json(const glm::vec3& v) {
  return Json::array({shortest_double(v.x), shortest_double(v.y), shortest_double(v.z)});
}

Json box_json(const PixelBox& box) {
  return Json::array({box.x, box.y, box.width, box.height});
}

Json rle_json(const Rle& rle) {
  Json object;
  object["size"] = Json::array({rle.height, rle.width});
  object["counts"] = rle_to_string(rle);
  return object;
}

Json camera_json(const render::Camera& camera) {
  // OpenGL camera axes (y up, looking down -z) to OpenCV's (y down, looking down +z).
  glm::mat4 flip(1.0f);
  flip[1][1] = -1.0f;
  flip[2][2] = -1.0f;
  glm::mat4 world_to_camera = flip * camera.world_to_camera();
  glm::mat3 k = camera.intrinsics();
  Json k_rows = Json::array();
  for (int row = 0; row < 3; ++row)
    k_rows.push_back(Json::array(
        {shortest_double(k[0][row]), shortest_double(k[1][row]), shortest_double(k[2][row])}));
  Json m_rows = Json::array();
  for (int row = 0; row < 4; ++row) {
    Json values = Json::array();
    for (int col = 0; col < 4; ++col) values.push_back(shortest_double(world_to_camera[col][row]));
    m_rows.push_back(std::move(values));
  }
  Json object;
  object["lens"] = render::lens_name(camera.lens);
  object["fov"] = shortest_double(camera.fov_deg);
  object["width"] = camera.width;
  object["height"] = camera.height;
  object["focal_length_px"] = shortest_double(camera.focal_length_px());
  object["K"] = std::move(k_rows);
  object["world_to_camera"] = std::move(m_rows);
  object["position"] = vec_json(camera.position);
  object["look_at"] = vec_json(camera.look_at);
  object["up"] = vec_json(camera.up);
  object["convention"] = "x right, y down, z forward; pixel centres at +0.5";
  return object;
}

glm::vec3 vec_from_json(const Field& field) {
  auto items = field.items(3);
  return {static_cast<float>(items[0].as_number()), static_cast<float>(items[1].as_number()),
          static_cast<float>(items[2].as_number())};
}

PixelBox box_from_json(const Field& field) {
  auto items = field.items(4);  // [x, y, width, height]
  return {items[0].as_int(), items[1].as_int(), items[2].as_int(), items[3].as_int()};
}

Rle rle_from_json(const Field& field) {
  auto size = field["size"].items(2);  // [h, w]
  Field counts = field["counts"];
  try {
    return rle_from_string(counts.as_string(), size[0].as_int(), size[1].as_int());
  } catch (const std::invalid_argument& e) {
    counts.fail(e.what());
  }
}

render::Camera camera_from_json(const Field& field) {
  render::Camera camera;
  Field lens = field["lens"];
  std::optional<render::Lens> parsed = render::parse_lens(lens.as_string());
  if (!parsed) lens.fail("unknown lens '" + printable(lens.as_string()) + "'");
  camera.lens = *parsed;
  camera.fov_deg = static_cast<float>(field["fov"].as_number());
  camera.width = field["width"].as_int();
  camera.height = field["height"].as_int();
  camera.position = vec_from_json(field["position"]);
  camera.look_at = vec_from_json(field["look_at"]);
  camera.up = vec_from_json(field["up"]);
  return camera;
}

}  // namespace railyard
