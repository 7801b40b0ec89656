#include "tools/assetgen/asset.h"

namespace railyard::assetgen {

void Asset::add(const AssetMaterial& material, const Surface& surface) {
  for (Group& g : groups_) {
    if (g.material.name == material.name) {
      g.surface.append(surface);
      return;
    }
  }
  groups_.push_back({material, surface});
}

void Asset::add(const AssetMaterial& material, const Shape& shape, float crease_deg) {
  add(material, shade(shape, crease_deg));
}

void Asset::add(const Asset& other, const glm::mat4& m) {
  for (const Group& g : other.groups_) {
    Surface s = g.surface;
    add(g.material, s.transform(m));
  }
}

std::size_t Asset::triangle_count() const {
  std::size_t n = 0;
  for (const Group& g : groups_) n += g.surface.triangle_count();
  return n;
}

}  // namespace railyard::assetgen
