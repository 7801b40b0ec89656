#include "renderer/opengl/material_table.h"

#include <algorithm>

namespace railyard::render {
namespace {

PatternCode pattern_code(Pattern p) {
  switch (p) {
    case Pattern::None: return PatternCode::None;
    case Pattern::Sand: return PatternCode::Sand;
    case Pattern::Checker: return PatternCode::Checker;
  }
  return PatternCode::None;
}

MaterialRecord make_record(const Material& m) {
  MaterialRecord r;
  r.base_color_metallic = glm::vec4(m.base_color, m.metallic);
  r.pattern_color_roughness = glm::vec4(m.pattern_color, m.roughness);
  r.pattern_scale_code = glm::vec4(std::max(m.pattern_scale, 1e-6f),
                                   static_cast<float>(pattern_code(m.pattern)), 0.0f, 0.0f);
  return r;
}

}  // namespace

void MaterialTable::clear() {
  materials_.clear();
  records_.clear();
  patterns_ = 0;
}

// A linear search: a frame has a few dozen distinct materials at most.
std::uint32_t MaterialTable::add(const Material& material) {
  auto found = std::find(materials_.begin(), materials_.end(), material);
  if (found == materials_.end()) {
    materials_.push_back(material);
    records_.push_back(make_record(material));
    patterns_ |= bit(material.pattern);
    found = materials_.end() - 1;
  }
  return static_cast<std::uint32_t>(found - materials_.begin()) + 1;
}

}  // namespace railyard::render
