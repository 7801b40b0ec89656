#include "tools/lib/records/annotations/full_box.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace railyard {
namespace {

// Continuous image extent of projected points.
struct Extent {
  glm::vec2 min{std::numeric_limits<float>::infinity()};
  glm::vec2 max{-std::numeric_limits<float>::infinity()};

  void add(const glm::vec2& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  }

  // Pixels whose area the extent touches, clipped to the image.
  PixelBox pixels(int width, int height) const {
    if (!(min.x <= max.x)) return {};
    auto clip = [](float v, int hi) {
      return static_cast<int>(std::clamp(v, 0.0f, static_cast<float>(hi)));
    };
    int x0 = clip(std::floor(min.x), width), x1 = clip(std::ceil(max.x), width);
    int y0 = clip(std::floor(min.y), height), y1 = clip(std::ceil(max.y), height);
    if (x1 <= x0 || y1 <= y0) return {};
    return {x0, y0, x1 - x0, y1 - y0};
  }
};

}  // namespace

std::vector<PixelBox> full_part_boxes(const render::Scene& scene, std::size_t part_count) {
  std::vector<Extent> extents(part_count);
  const render::Camera& camera = scene.camera;
  const glm::mat4 world_to_camera = camera.world_to_camera();
  const render::LensModel lens = camera.lens_model();
  for (const render::Instance& instance : scene.instances) {
    if (instance.part == 0 || !instance.mesh) continue;
    if (instance.part > part_count)
      throw std::invalid_argument("an instance of mesh '" + instance.mesh->name + "' names part " +
                                  std::to_string(instance.part) + ", but the scene has only " +
                                  std::to_string(part_count) + " parts");
    Extent& extent = extents[instance.part - 1];
    const glm::mat4 object_to_camera = world_to_camera * instance.object_to_world;
    for (const glm::vec3& vertex : instance.mesh->positions) {
      glm::vec3 p = glm::vec3(object_to_camera * glm::vec4(vertex, 1.0f));
      if (auto pixel = lens.project(p)) extent.add(*pixel);
    }
  }
  std::vector<PixelBox> boxes;
  boxes.reserve(extents.size());
  for (const Extent& extent : extents) boxes.push_back(extent.pixels(camera.width, camera.height));
  return boxes;
}

}  // namespace railyard
