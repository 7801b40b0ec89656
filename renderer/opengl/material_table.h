// The distinct materials of a frame, as the lighting pass reads them (MaterialRecord, a uniform
// block). Instances sharing a material share a record, so the table stays small.
#pragma once

#include <cstdint>
#include <vector>

#include "renderer/opengl/gpu_layout.h"
#include "renderer/scene.h"

namespace railyard::render {

class MaterialTable {
 public:
  void clear();
  // The record's index + 1 (0 marks "no surface" in the geometry pass).
  std::uint32_t add(const Material& material);
  const std::vector<MaterialRecord>& records() const { return records_; }
  // Whether any material uses the pattern (the lighting programs leave unused ones out).
  bool uses(Pattern pattern) const { return (patterns_ & bit(pattern)) != 0; }

 private:
  static unsigned bit(Pattern pattern) { return 1u << static_cast<unsigned>(pattern); }
  std::vector<Material> materials_;  // records_[i] is made from materials_[i]
  std::vector<MaterialRecord> records_;
  unsigned patterns_ = 0;
};

}  // namespace railyard::render
