// Long trains stay wholly in the picture: with V-LoL's scale rule and with auto-fit, for every
// shipped scene, both representations and the extreme angles of both viewpoint ranges.
#include <gtest/gtest.h>

#include <string>

#include "scenes/framing.h"
#include "scenes/layout.h"
#include "test_data.h"

namespace railyard {
namespace {

// Projected bounds of all annotated geometry (ground excluded); nullopt when a vertex is behind
// the camera.
std::optional<std::pair<glm::vec2, glm::vec2>> image_bounds(const render::Scene& s) {
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (const render::Instance& i : s.instances) {
    if (i.part == 0) continue;
    for (const glm::vec3& p : i.mesh->positions) {
      auto px = s.camera.project(glm::vec3(i.object_to_world * glm::vec4(p, 1.0f)));
      if (!px) return std::nullopt;
      lo = glm::min(lo, *px);
      hi = glm::max(hi, *px);
    }
  }
  return std::make_pair(lo, hi);
}

const int kAngles[] = {-70, -60, 0, 60, 70, 110, 120, 180, 240, 250};

void expect_in_frame(const Train& t, Representation r, const std::string& scene_name,
                     LayoutOptions o) {
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), scene_name));
  render::Scene s = layout_train(t, r, settings, testing::library(), o).scene;
  auto b = image_bounds(s);
  ASSERT_TRUE(b.has_value()) << scene_name;
  std::string what = scene_name + " " + std::string(representation_name(r)) + " angle " +
                     std::to_string(t.angle) + " cars " + std::to_string(t.cars.size()) +
                     (o.auto_fit ? " auto-fit" : " rule");
  EXPECT_GE(b->first.x, 0.0f) << what;
  EXPECT_GE(b->first.y, 0.0f) << what;
  EXPECT_LE(b->second.x, static_cast<float>(s.camera.width)) << what;
  EXPECT_LE(b->second.y, static_cast<float>(s.camera.height)) << what;
}

TEST(Framing, VlolScaleRule) {
  EXPECT_FLOAT_EQ(vlol_train_scale(2), 1.0f);
  EXPECT_FLOAT_EQ(vlol_train_scale(4), 1.0f);
  EXPECT_FLOAT_EQ(vlol_train_scale(7), 2.0f * 3.0f / 9.0f);
  EXPECT_FLOAT_EQ(vlol_train_scale(12), 2.0f * 3.0f / 14.0f);
}

TEST(Framing, TwelveCarsStayInFrameWithTheVlolRule) {
  for (const std::string& scene : list_scenes(testing::source_dir()))
    for (auto r : {Representation::Trains, Representation::SimpleObjects})
      for (int angle : kAngles) {
        LayoutOptions o;
        o.max_cars = 12;
        expect_in_frame(testing::long_train(12, angle), r, scene, o);
      }
}

TEST(Framing, DefaultLengthsStayInFrameWithTheVlolRule) {
  for (const std::string& scene : list_scenes(testing::source_dir()))
    for (int cars : {1, 4, 5, 7})
      for (int angle : kAngles) {
        LayoutOptions o;
        o.max_cars = std::max(4, cars);
        expect_in_frame(testing::long_train(cars, angle), Representation::Trains, scene, o);
      }
}

TEST(Framing, AutoFitKeepsEveryLengthInFrame) {
  for (const std::string& scene : list_scenes(testing::source_dir()))
    for (auto r : {Representation::Trains, Representation::SimpleObjects})
      for (int cars : {1, 3, 12})
        for (int angle : {-70, 0, 65, 250}) {
          LayoutOptions o;
          o.auto_fit = true;
          expect_in_frame(testing::long_train(cars, angle), r, scene, o);
        }
}

TEST(Framing, AutoFitFillsTheFrame) {
  // A fitted train reaches close to the image border on at least one side.
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
  for (int cars : {3, 12}) {
    LayoutOptions o;
    o.auto_fit = true;
    render::Scene s = layout_train(testing::long_train(cars, 20), Representation::Trains, settings,
                                   testing::library(), o)
                          .scene;
    auto b = image_bounds(s);
    ASSERT_TRUE(b.has_value());
    float w = static_cast<float>(s.camera.width), h = static_cast<float>(s.camera.height);
    float slack = std::min({b->first.x, b->first.y, w - b->second.x, h - b->second.y});
    EXPECT_LT(slack, 0.08f * h) << cars;
  }
}

TEST(Framing, RuleFillsTheFrameSensiblyForDefaultLengths) {
  // Four long cars side on cover most of the width; two short ones still a good part of it.
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
  render::Scene four = layout_train(testing::long_train(4, 0), Representation::Trains, settings,
                                    testing::library(), {})
                           .scene;
  auto b = image_bounds(four);
  ASSERT_TRUE(b.has_value());
  EXPECT_GT(b->second.x - b->first.x, 0.7f * four.camera.width);
  Train two = testing::sample_train(0);
  two.cars.resize(2);
  render::Scene s2 =
      layout_train(two, Representation::Trains, settings, testing::library(), {}).scene;
  auto b2 = image_bounds(s2);
  ASSERT_TRUE(b2.has_value());
  EXPECT_GT(b2->second.x - b2->first.x, 0.4f * s2.camera.width);
}

}  // namespace
}  // namespace railyard
