#include "tools/records/formats/json_values.h"

#include <charconv>
#include <cstdlib>

#include "util/input_error.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& key, const std::string& what) {
  throw InputError("'" + key + "': " + what);
}

const nlohmann::json& member(const nlohmann::json& json, const char* name, const std::string& key) {
  if (!json.is_object() || !json.contains(name)) fail(key, std::string("has no '") + name + "'");
  return json.at(name);
}

std::vector<double> numbers(const nlohmann::json& json, std::size_t count, const std::string& key) {
  if (!json.is_array() || json.size() != count)
    fail(key, "expected a list of " + std::to_string(count) + " numbers");
  std::vector<double> out;
  for (const auto& item : json) {
    if (!item.is_number()) fail(key, "expected numbers, got " + item.dump());
    out.push_back(item.get<double>());
  }
  return out;
}

int integer(const nlohmann::json& json, const std::string& key) {
  if (!json.is_number_integer()) fail(key, "expected a whole number, got " + json.dump());
  return json.get<int>();
}

}  // namespace

double short_decimal(float value) {
  char text[32];
  auto [end, ec] = std::to_chars(text, text + sizeof text - 1, value);
  *end = '\0';
  return std::strtod(text, nullptr);
}

Json vec_json(const glm::vec3& v) {
  return Json::array({short_decimal(v.x), short_decimal(v.y), short_decimal(v.z)});
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
        {short_decimal(k[0][row]), short_decimal(k[1][row]), short_decimal(k[2][row])}));
  Json m_rows = Json::array();
  for (int row = 0; row < 4; ++row) {
    Json values = Json::array();
    for (int col = 0; col < 4; ++col) values.push_back(short_decimal(world_to_camera[col][row]));
    m_rows.push_back(std::move(values));
  }
  Json object;
  object["lens"] = render::lens_name(camera.lens);
  object["fov"] = short_decimal(camera.fov_deg);
  object["width"] = camera.width;
  object["height"] = camera.height;
  object["focal_length_px"] = short_decimal(camera.focal_length_px());
  object["K"] = std::move(k_rows);
  object["world_to_camera"] = std::move(m_rows);
  object["position"] = vec_json(camera.position);
  object["look_at"] = vec_json(camera.look_at);
  object["up"] = vec_json(camera.up);
  object["convention"] = "x right, y down, z forward; pixel centres at +0.5";
  return object;
}

glm::vec3 vec_from_json(const nlohmann::json& json, const std::string& key) {
  auto v = numbers(json, 3, key);
  return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

PixelBox box_from_json(const nlohmann::json& json, const std::string& key) {
  if (!json.is_array() || json.size() != 4) fail(key, "expected [x, y, width, height]");
  return {integer(json[0], key), integer(json[1], key), integer(json[2], key),
          integer(json[3], key)};
}

Rle rle_from_json(const nlohmann::json& json, const std::string& key) {
  const auto& size = member(json, "size", key);
  const auto& counts = member(json, "counts", key);
  if (!size.is_array() || size.size() != 2 || !counts.is_string())
    fail(key, "expected {\"size\": [h, w], \"counts\": \"...\"}");
  try {
    return rle_from_string(counts.get<std::string>(), integer(size[0], key), integer(size[1], key));
  } catch (const std::invalid_argument& e) {
    fail(key, e.what());
  }
}

render::Camera camera_from_json(const nlohmann::json& json, const std::string& key) {
  render::Camera camera;
  const auto& lens = member(json, "lens", key);
  std::optional<render::Lens> parsed =
      lens.is_string() ? render::parse_lens(lens.get<std::string>()) : std::nullopt;
  if (!parsed) fail(key + ".lens", "unknown lens " + lens.dump());
  camera.lens = *parsed;
  const auto& fov = member(json, "fov", key);
  if (!fov.is_number()) fail(key + ".fov", "expected a number");
  camera.fov_deg = fov.get<float>();
  camera.width = integer(member(json, "width", key), key + ".width");
  camera.height = integer(member(json, "height", key), key + ".height");
  camera.position = vec_from_json(member(json, "position", key), key + ".position");
  camera.look_at = vec_from_json(member(json, "look_at", key), key + ".look_at");
  camera.up = vec_from_json(member(json, "up", key), key + ".up");
  return camera;
}

}  // namespace railyard
