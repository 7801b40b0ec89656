#include "renderer/opengl/material_table.h"

#include <algorithm>
#include <cstring>

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
  records_.clear();
  index_.clear();
  patterns_ = 0;
}

std::uint32_t MaterialTable::add(const Material& material) {
  MaterialRecord record = make_record(material);
  std::vector<float> key(sizeof(record) / sizeof(float));
  std::memcpy(key.data(), &record, sizeof(record));
  auto [it, added] = index_.emplace(std::move(key), static_cast<std::uint32_t>(records_.size()));
  if (added) {
    records_.push_back(record);
    patterns_ |= bit(material.pattern);
  }
  return it->second + 1;
}

}  // namespace railyard::render
