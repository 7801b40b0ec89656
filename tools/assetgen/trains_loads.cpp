// The six payloads at V-LoL's size (S = 1), each with its origin at the centre of its base. Each
// is large, about as wide as the load pitch allows and tall enough to rise well above the walls,
// and told apart by its silhouette as much as by its colour: a crate, a tall slim amphora, a
// staved barrel, a gem on its point, a pot with handles and lid, an egg-shaped vase.
#include <cmath>
#include <vector>

#include "tools/assetgen/primitives.h"
#include "tools/assetgen/trains_assets.h"

namespace railyard::assetgen::trains {
namespace {

constexpr float kPi = 3.14159265358979f;

// Closes a lathe profile given as an outline from the base outwards and up, ending at the rim:
// adds the poles so the solid is closed.
std::vector<glm::vec2> solid_profile(std::vector<glm::vec2> outline) {
  outline.insert(outline.begin(), {0.0f, outline.front().y});
  outline.push_back({0.0f, outline.back().y});
  return outline;
}

// A profile drawn at unit size, stretched to `radius` across and `height` up.
std::vector<glm::vec2> sized(std::vector<glm::vec2> profile, float radius, float height) {
  for (glm::vec2& p : profile) p *= glm::vec2(radius, height);
  return profile;
}

}  // namespace

Asset box_load() {
  Asset a("load_box");
  const float w = 0.4f, h = 1.0f;
  Shape s = rounded_box({-w, -w, 0.0f}, {w, w, h - 0.12f}, 0.04f, 2);
  s.append(rounded_box({-w - 0.025f, -w - 0.025f, h - 0.14f}, {w + 0.025f, w + 0.025f, h}, 0.03f,
                       2));  // lid
  a.add(palette::kCrateBlue, s, 40.0f);
  return a;
}

Asset golden_vase_load() {
  Asset a("load_golden_vase");
  // Tall amphora, drawn 1 high and 1 across at its widest: narrow foot, full belly, long slim
  // neck and a flared lip.
  std::vector<glm::vec2> outline = {{0.53f, 0.0f}, {0.53f, 0.03f}, {0.32f, 0.08f}, {0.42f, 0.14f}};
  for (int i = 1; i <= 10; ++i) {  // belly
    float t = static_cast<float>(i) / 10.0f;
    outline.push_back({0.42f + 0.58f * std::sin(kPi * (0.15f + 0.85f * t)), 0.14f + 0.43f * t});
  }
  for (float z : {0.67f, 0.77f, 0.86f}) outline.push_back({0.34f, z});  // neck
  outline.push_back({0.47f, 0.93f});
  outline.push_back({0.68f, 0.985f});
  outline.push_back({0.66f, 1.0f});
  outline.push_back({0.32f, 0.945f});  // inside of the lip
  outline.push_back({0.26f, 0.9f});
  a.add(palette::kGold, lathe(sized(solid_profile(outline), 0.33f, 1.45f), 32), 35.0f);
  return a;
}

Asset barrel_load() {
  Asset a("load_barrel");
  const float h = 1.25f, r_end = 0.34f, r_mid = 0.42f;
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
  a.add(palette::kWood, faceted_lathe(solid_profile(outline), 16), 15.0f);
  Shape hoops;
  for (float z : {0.1f, 0.36f, h - 0.36f, h - 0.1f}) {
    float r = radius(z) + 0.006f;
    hoops.append(tube(r + 0.02f, r - 0.015f, z - 0.035f, z + 0.035f, 32));
  }
  a.add(palette::kDarkSteel, hoops, 40.0f);
  return a;
}

Asset diamond_load() {
  Asset a("load_diamond");
  // Brilliant-style gem standing on its culet: deep pavilion, girdle, crown and a wide table.
  const std::vector<glm::vec2> profile = {{0.0f, 0.0f},   {0.46f, 0.68f}, {0.46f, 0.74f},
                                          {0.37f, 0.95f}, {0.26f, 1.08f}, {0.0f, 1.08f}};
  a.add(palette::kGem, faceted_lathe(profile, 12, kPi / 12.0f), kFlat);
  return a;
}

Asset metal_pot_load() {
  Asset a("load_metal_pot");
  // Tall cooking pot with a rolled rim, a lid with a knob and two loop handles standing out
  // fore and aft, where the side view shows them.
  std::vector<glm::vec2> outline = {{0.24f, 0.0f}, {0.3f, 0.04f},  {0.335f, 0.13f},
                                    {0.34f, 0.6f}, {0.345f, 0.8f}, {0.36f, 0.83f}};
  Shape pot = lathe(solid_profile(outline), 32);
  std::vector<glm::vec2> lid = {{0.0f, 0.82f},   {0.33f, 0.82f}, {0.28f, 0.9f}, {0.07f, 0.96f},
                                {0.055f, 0.99f}, {0.09f, 1.07f}, {0.05f, 1.1f}, {0.0f, 1.1f}};
  pot.append(lathe(lid, 32));
  for (float sx : {-1.0f, 1.0f})
    pot.append(transformed(torus(0.075f, 0.022f, 16, 8),
                           translate({sx * 0.41f, 0, 0.62f}) * rotate_x(90.0f)));
  a.add(palette::kSilver, pot, 40.0f);
  return a;
}

Asset oval_vase_load() {
  Asset a("load_oval_vase");
  // Egg-shaped body on a short foot, small neck and rim.
  std::vector<glm::vec2> outline = {{0.18f, 0.0f}, {0.18f, 0.05f}, {0.12f, 0.08f}};
  const float centre = 0.6f, ra = 0.4f, rb = 0.52f;
  for (int i = 1; i <= 16; ++i) {
    float t = -kPi / 2.0f + kPi * (0.1f + 0.8f * static_cast<float>(i) / 16.0f);
    outline.push_back({ra * std::cos(t), centre + rb * std::sin(t)});
  }
  outline.push_back({0.11f, 1.16f});
  outline.push_back({0.15f, 1.22f});
  outline.push_back({0.1f, 1.22f});
  a.add(palette::kCeramicPurple, lathe(solid_profile(outline), 32), 35.0f);
  return a;
}

}  // namespace railyard::assetgen::trains
