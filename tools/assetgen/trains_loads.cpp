// The six payloads, each with its origin at the centre of its base. Sizes and silhouettes are
// deliberately far apart so each reads at 480x270: a squat crate, a tall slim vase, a staved
// barrel, a gem on its point, a wide pot with handles and an egg-shaped vase.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"

namespace railyard::assetgen::trains {
namespace {

constexpr float kPi = 3.14159265358979f;

// Loads are modelled at this fraction of their final size; the factor keeps them bold at
// 480x270 while three still fit on a long car.
constexpr float kLoadScale = 1.2f;

Asset to_scale(const Asset& modelled) {
  Asset out(modelled.name());
  out.add(modelled, scale(glm::vec3(kLoadScale)));
  return out;
}

// Closes a lathe profile given as an outline from the base outwards and up, ending at the rim:
// adds the poles so the solid is closed.
std::vector<glm::vec2> solid_profile(std::vector<glm::vec2> outline) {
  outline.insert(outline.begin(), {0.0f, outline.front().y});
  outline.push_back({0.0f, outline.back().y});
  return outline;
}

}  // namespace

Asset box_load() {
  Asset a("load_box");
  const float w = 0.22f, h = 0.32f;
  Shape s = rounded_box({-w, -w, 0.0f}, {w, w, h - 0.06f}, 0.03f, 2);
  s.append(rounded_box({-w - 0.015f, -w - 0.015f, h - 0.075f}, {w + 0.015f, w + 0.015f, h}, 0.02f,
                       2));  // lid
  a.add(palette::kCrateBlue, s, 40.0f);
  return to_scale(a);
}

Asset golden_vase_load() {
  Asset a("load_golden_vase");
  // Tall amphora: narrow foot, full belly, long slim neck and a flared lip.
  std::vector<glm::vec2> outline = {{0.10f, 0.0f}, {0.10f, 0.02f}, {0.06f, 0.05f}, {0.08f, 0.09f}};
  for (int i = 1; i <= 10; ++i) {  // belly
    float t = static_cast<float>(i) / 10.0f;
    float z = 0.09f + 0.27f * t;
    outline.push_back({0.08f + 0.11f * std::sin(kPi * (0.15f + 0.85f * t)), z});
  }
  for (float z : {0.42f, 0.48f, 0.54f}) outline.push_back({0.065f, z});  // neck
  outline.push_back({0.09f, 0.58f});
  outline.push_back({0.13f, 0.615f});
  outline.push_back({0.125f, 0.625f});
  outline.push_back({0.06f, 0.59f});  // inside of the lip
  outline.push_back({0.05f, 0.56f});
  a.add(palette::kGold, lathe(solid_profile(outline), 32), 35.0f);
  return to_scale(a);
}

Asset barrel_load() {
  Asset a("load_barrel");
  const float h = 0.50f, r_end = 0.17f, r_mid = 0.21f;
  auto radius = [&](float z) {
    float u = 2.0f * z / h - 1.0f;
    return r_end + (r_mid - r_end) * (1.0f - u * u);
  };
  std::vector<glm::vec2> outline;
  for (int i = 0; i <= 12; ++i) {
    float z = h * static_cast<float>(i) / 12.0f;
    outline.push_back({radius(z), z});
  }
  // 16 staves: one lathe segment each, faceted by the crease angle.
  a.add(palette::kWood, lathe(solid_profile(outline), 16), 15.0f);
  Shape hoops;
  for (float z : {0.05f, 0.15f, h - 0.15f, h - 0.05f}) {
    float r = radius(z) + 0.004f;
    hoops.append(tube(r + 0.012f, r - 0.01f, z - 0.018f, z + 0.018f, 32));
  }
  a.add(palette::kDarkSteel, hoops, 40.0f);
  return to_scale(a);
}

Asset diamond_load() {
  Asset a("load_diamond");
  // Brilliant-style gem standing on its culet: deep pavilion, girdle, crown and a wide table.
  const std::vector<glm::vec2> profile = {{0.0f, 0.0f}, {0.25f, 0.3f},  {0.25f, 0.32f},
                                          {0.2f, 0.4f}, {0.14f, 0.45f}, {0.0f, 0.45f}};
  a.add(palette::kGem, lathe(profile, 12, kPi / 12.0f), kFlat);
  return to_scale(a);
}

Asset metal_pot_load() {
  Asset a("load_metal_pot");
  // Wide cooking pot with a rolled rim, two loop handles and a lid with a knob.
  std::vector<glm::vec2> outline = {{0.17f, 0.0f}, {0.21f, 0.02f},  {0.235f, 0.06f},
                                    {0.24f, 0.2f}, {0.245f, 0.27f}, {0.255f, 0.285f}};
  Shape pot = lathe(solid_profile(outline), 32);
  std::vector<glm::vec2> lid = {{0.0f, 0.28f},  {0.235f, 0.28f}, {0.2f, 0.32f},   {0.05f, 0.345f},
                                {0.04f, 0.36f}, {0.055f, 0.4f},  {0.03f, 0.415f}, {0.0f, 0.415f}};
  pot.append(lathe(lid, 32));
  for (float sx : {-1.0f, 1.0f})
    pot.append(transformed(torus(0.055f, 0.014f, 24, 10),
                           translate({sx * 0.255f, 0, 0.22f}) * rotate_x(90.0f)));
  a.add(palette::kSilver, pot, 40.0f);
  return to_scale(a);
}

Asset oval_vase_load() {
  Asset a("load_oval_vase");
  // Egg-shaped body on a short foot, small neck and rim.
  std::vector<glm::vec2> outline = {{0.09f, 0.0f}, {0.09f, 0.025f}, {0.06f, 0.04f}};
  const float centre = 0.27f, ra = 0.2f, rb = 0.23f;
  for (int i = 1; i <= 16; ++i) {
    float t = -kPi / 2.0f + kPi * (0.1f + 0.8f * static_cast<float>(i) / 16.0f);
    outline.push_back({ra * std::cos(t), centre + rb * std::sin(t)});
  }
  outline.push_back({0.055f, 0.53f});
  outline.push_back({0.075f, 0.56f});
  outline.push_back({0.05f, 0.56f});
  a.add(palette::kCeramicPurple, lathe(solid_profile(outline), 32), 35.0f);
  return to_scale(a);
}

}  // namespace railyard::assetgen::trains
