// The content of one generated asset file: shaded surfaces grouped by material, one glTF mesh per
// material in the file.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tools/assetgen/palette.h"
#include "tools/assetgen/surface.h"

namespace railyard::assetgen {

class Asset {
 public:
  struct Group {
    AssetMaterial material;
    Surface surface;
  };

  explicit Asset(std::string name) : name_(std::move(name)) {}

  void add(const AssetMaterial& material, const Surface& surface);
  void add(const AssetMaterial& material, const Shape& shape, float crease_deg);
  // Appends another asset's groups transformed by m.
  void add(const Asset& other, const glm::mat4& m);

  const std::string& name() const { return name_; }
  const std::vector<Group>& groups() const { return groups_; }
  std::size_t triangle_count() const;

 private:
  std::string name_;
  std::vector<Group> groups_;  // in order of first use, so files are reproducible
};

}  // namespace railyard::assetgen
