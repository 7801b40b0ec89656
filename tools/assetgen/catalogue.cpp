#include "tools/assetgen/catalogue.h"

#include "tools/assetgen/trains_assets.h"

namespace railyard::assetgen {

std::string trains_file(std::string_view name) {
  return "trains/" + std::string(name) + ".glb";
}

std::string trains_file(std::string_view name, bool long_car) {
  return trains_file(std::string(name) + (long_car ? "_long" : "_short"));
}

std::string blocks_platform_file(blocks::Platform p, bool long_car, blocks::Band band) {
  std::string suffix = band == blocks::Band::Top      ? "_top"
                       : band == blocks::Band::Bottom ? "_bottom"
                                                      : "";
  return "blocks/" + std::string(blocks::platform_name(p)) + (long_car ? "_long" : "_short") +
         suffix + ".glb";
}

std::string blocks_load_file(blocks::Load l) {
  return "blocks/load_" + std::string(blocks::load_name(l)) + ".glb";
}

std::vector<CatalogueEntry> catalogue() {
  std::vector<CatalogueEntry> out = {
      {trains_file("locomotive"), trains::locomotive},
      {trains_file("wheelset"), trains::wheelset},
      {trains_file("track_segment"), trains::track_segment},
      {trains_file("load_box"), trains::box_load},
      {trains_file("load_golden_vase"), trains::golden_vase_load},
      {trains_file("load_barrel"), trains::barrel_load},
      {trains_file("load_diamond"), trains::diamond_load},
      {trains_file("load_metal_pot"), trains::metal_pot_load},
      {trains_file("load_oval_vase"), trains::oval_vase_load},
      {"blocks/locomotive.glb", blocks::locomotive},
  };
  for (bool long_car : {false, true}) {
    auto add = [&](std::string_view name, Asset (*build)(bool)) {
      out.push_back({trains_file(name, long_car), [=] { return build(long_car); }});
    };
    add("car_body", trains::car_body);
    add("wall_solid", trains::solid_wall);
    add("wall_braced", trains::braced_wall);
    add("roof_frame", trains::frame_roof);
    add("roof_flat", trains::flat_roof);
    add("roof_bars", trains::bars_roof);
    add("roof_peaked", trains::peaked_roof);
    for (blocks::Platform p : blocks::kPlatforms)
      for (blocks::Band band : {blocks::Band::Whole, blocks::Band::Top, blocks::Band::Bottom})
        out.push_back({blocks_platform_file(p, long_car, band),
                       [=] { return blocks::platform(p, long_car, band); }});
  }
  for (blocks::Load l : blocks::kLoads)
    out.push_back({blocks_load_file(l), [=] { return blocks::load(l); }});
  return out;
}

}  // namespace railyard::assetgen
