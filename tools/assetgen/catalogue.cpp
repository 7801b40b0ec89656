#include "tools/assetgen/catalogue.h"

#include "tools/assetgen/blocks_assets.h"
#include "tools/assetgen/trains_assets.h"

namespace railyard::assetgen {

std::vector<CatalogueEntry> catalogue() {
  std::vector<CatalogueEntry> out = {
      {"trains/locomotive.glb", trains::locomotive},
      {"trains/wheelset.glb", trains::wheelset},
      {"trains/track_segment.glb", trains::track_segment},
      {"trains/load_box.glb", trains::box_load},
      {"trains/load_golden_vase.glb", trains::golden_vase_load},
      {"trains/load_barrel.glb", trains::barrel_load},
      {"trains/load_diamond.glb", trains::diamond_load},
      {"trains/load_metal_pot.glb", trains::metal_pot_load},
      {"trains/load_oval_vase.glb", trains::oval_vase_load},
      {"blocks/locomotive.glb", blocks::locomotive},
  };
  for (bool long_car : {false, true}) {
    std::string len = long_car ? "long" : "short";
    auto add = [&](std::string name, Asset (*build)(bool)) {
      out.push_back({"trains/" + name + "_" + len + ".glb", [=] { return build(long_car); }});
    };
    add("car_body", trains::car_body);
    add("wall_solid", trains::solid_wall);
    add("wall_braced", trains::braced_wall);
    add("roof_frame", trains::frame_roof);
    add("roof_flat", trains::flat_roof);
    add("roof_bars", trains::bars_roof);
    add("roof_peaked", trains::peaked_roof);
    for (auto p : {blocks::Platform::Cube, blocks::Platform::Cylinder, blocks::Platform::Hemisphere,
                   blocks::Platform::Frustum, blocks::Platform::HexagonalPrism}) {
      std::string base = "blocks/" + std::string(blocks::platform_name(p)) + "_" + len;
      out.push_back(
          {base + ".glb", [=] { return blocks::platform(p, long_car, blocks::Band::Whole); }});
      out.push_back(
          {base + "_top.glb", [=] { return blocks::platform(p, long_car, blocks::Band::Top); }});
      out.push_back({base + "_bottom.glb",
                     [=] { return blocks::platform(p, long_car, blocks::Band::Bottom); }});
    }
  }
  for (auto l : {blocks::Load::Sphere, blocks::Load::Pyramid, blocks::Load::Cube,
                 blocks::Load::Cylinder, blocks::Load::Cone, blocks::Load::Torus})
    out.push_back({"blocks/load_" + std::string(blocks::load_name(l)) + ".glb",
                   [=] { return blocks::load(l); }});
  return out;
}

}  // namespace railyard::assetgen
