// Long trains stay wholly in the picture: with V-LoL's scale rule and with auto-fit, for every
// shipped scene, both representations and the extreme angles of both viewpoint ranges.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <string>

#include "scenes/framing.h"
#include "scenes/layout.h"
#include "test_data.h"

namespace railyard {
namespace {

// Projected bounds of the train (ground and rails, which run out of the picture, excluded);
// nullopt when a vertex is behind the camera.
std::optional<std::pair<glm::vec2, glm::vec2>> image_bounds(const TrainScene& t) {
  const render::Scene& s = t.scene;
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (const render::Instance& i : s.instances) {
    if (i.part == 0 || t.parts[i.part - 1].kind == PartKind::Rail) continue;
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

void expect_in_frame(const Train& t, std::string_view r, const std::string& scene_name,
                     LayoutOptions o) {
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), scene_name));
  TrainScene s = layout_train(t, r, settings, testing::library(), o);
  auto b = image_bounds(s);
  ASSERT_TRUE(b.has_value()) << scene_name;
  std::string what = scene_name + " " + std::string(r) + " angle " + std::to_string(t.angle) +
                     " cars " + std::to_string(t.cars.size()) +
                     (o.auto_fit ? " auto-fit" : " rule");
  EXPECT_GE(b->first.x, 0.0f) << what;
  EXPECT_GE(b->first.y, 0.0f) << what;
  EXPECT_LE(b->second.x, static_cast<float>(s.scene.camera.width)) << what;
  EXPECT_LE(b->second.y, static_cast<float>(s.scene.camera.height)) << what;
}

TEST(Framing, VlolScaleRule) {
  EXPECT_FLOAT_EQ(vlol_train_scale(2), 0.5f);
  EXPECT_FLOAT_EQ(vlol_train_scale(4), 0.5f);
  EXPECT_FLOAT_EQ(vlol_train_scale(7), 3.0f / 9.0f);
  EXPECT_FLOAT_EQ(vlol_train_scale(12), 3.0f / 14.0f);
}

TEST(Framing, WhatThePinholeCannotSeeIsCulled) {
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
  const render::Camera& camera = settings.camera;
  const glm::vec3 lo(-1.0f), hi(1.0f);
  auto at = [](glm::vec3 p) { return glm::translate(glm::mat4(1.0f), p); };
  EXPECT_TRUE(may_be_visible(camera, at({0, 0, 0}), lo, hi));
  EXPECT_FALSE(may_be_visible(camera, at({0, 20, 0}), lo, hi));    // behind the camera
  EXPECT_FALSE(may_be_visible(camera, at({30, 0, 0}), lo, hi));    // far to the side
  EXPECT_FALSE(may_be_visible(camera, at({0, -300, 0}), lo, hi));  // beyond the far distance
  EXPECT_TRUE(may_be_visible(camera, at({6.5f, 0, 0}), lo, hi));   // straddles the edge
  // A box long enough to cross the view although both its ends are outside it.
  EXPECT_TRUE(may_be_visible(camera, glm::mat4(1.0f), {-30, -0.5f, 0}, {30, 0.5f, 0.2f}));
  // A fisheye sees far to the sides, but not behind it, nor 80 degrees off its axis.
  render::Camera fisheye = camera;
  fisheye.lens = render::Lens::Equidistant;
  fisheye.fov_deg = 98.0f;
  EXPECT_TRUE(may_be_visible(fisheye, at({9, 0, 0}), lo, hi));  // beyond the pinhole's edge
  EXPECT_FALSE(may_be_visible(fisheye, at({0, 20, 0}), lo, hi));
  EXPECT_FALSE(may_be_visible(fisheye, at({70, 0, 0}), lo, hi));
  EXPECT_FALSE(may_be_visible(fisheye, at({0, -300, 0}), lo, hi));
  EXPECT_TRUE(may_be_visible(fisheye, glm::mat4(1.0f), {-90, -0.5f, 0}, {90, 0.5f, 0.2f}));
  // One that sees a half-space or more culls only by distance.
  fisheye.fov_deg = 240.0f;
  EXPECT_TRUE(may_be_visible(fisheye, at({0, 20, 0}), lo, hi));
}

// V-LoL's rule with V-LoL's cameras keeps twelve cars in the picture at every angle of the
// default range (within 60 degrees of side on); with its occlusion range (70) the near end of a
// twelve-car train dips a few pixels below the lower edge of the low sky and fisheye cameras, in
// V-LoL as here.
TEST(Framing, TwelveCarsStayInFrameWithTheVlolRule) {
  for (const std::string& scene : list_scenes(testing::source_dir()))
    for (auto r : {"Trains", "SimpleObjects"})
      for (int angle : kAngles) {
        bool low_camera = scene == "sky_scene" || scene == "fisheye_scene";
        if (low_camera && std::abs(std::remainder(angle, 180.0)) > 60.0) continue;
        LayoutOptions o;
        o.max_cars = 12;
        expect_in_frame(testing::long_train(12, angle), r, scene, o);
      }
}

// Through V-LoL's equisolid fisheye, a seven-car train at the occlusion range's 70 degrees
// reaches a pixel past the lower edge, in V-LoL as here.
TEST(Framing, DefaultLengthsStayInFrameWithTheVlolRule) {
  for (const std::string& scene : list_scenes(testing::source_dir()))
    for (int cars : {1, 4, 5, 7})
      for (int angle : kAngles) {
        bool occlusion_angle = std::abs(std::remainder(angle, 180.0)) > 60.0;
        if (scene == "fisheye_scene" && cars == 7 && occlusion_angle) continue;
        LayoutOptions o;
        o.max_cars = std::max(4, cars);
        expect_in_frame(testing::long_train(cars, angle), "Trains", scene, o);
      }
}

TEST(Framing, AutoFitKeepsEveryLengthInFrame) {
  for (const std::string& scene : list_scenes(testing::source_dir()))
    for (auto r : {"Trains", "SimpleObjects"})
      for (int cars : {1, 3, 12})
        for (int angle : {-70, 0, 65, 250}) {
          LayoutOptions o;
          o.auto_fit = true;
          expect_in_frame(testing::long_train(cars, angle), r, scene, o);
        }
}

TEST(Framing, AutoFitFillsTheFrameUpToVlolsScale) {
  // A fitted long train reaches close to the image border on at least one side; a short one is
  // never made larger than the scene's max_fit_scale, V-LoL's S = 0.5.
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
  LayoutOptions fit;
  fit.auto_fit = true;
  TrainScene three =
      layout_train(testing::long_train(3, 20), "Trains", settings, testing::library(), fit);
  TrainScene ruled =
      layout_train(testing::long_train(3, 20), "Trains", settings, testing::library(), {});
  EXPECT_EQ(three.scene.instances[1].object_to_world, ruled.scene.instances[1].object_to_world);
  for (int cars : {7, 12}) {
    LayoutOptions o;
    o.auto_fit = true;
    TrainScene s =
        layout_train(testing::long_train(cars, 20), "Trains", settings, testing::library(), o);
    auto b = image_bounds(s);
    ASSERT_TRUE(b.has_value());
    float w = static_cast<float>(s.scene.camera.width),
          h = static_cast<float>(s.scene.camera.height);
    float slack = std::min({b->first.x, b->first.y, w - b->second.x, h - b->second.y});
    EXPECT_LT(slack, 0.08f * h) << cars;
  }
}

TEST(Framing, RuleFillsTheFrameSensiblyForDefaultLengths) {
  // Four long cars side on cover most of the width; two short ones still a good part of it.
  SceneSettings settings = load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
  TrainScene four =
      layout_train(testing::long_train(4, 0), "Trains", settings, testing::library(), {});
  auto b = image_bounds(four);
  ASSERT_TRUE(b.has_value());
  EXPECT_GT(b->second.x - b->first.x, 0.7f * four.scene.camera.width);
  Train two = testing::sample_train(0);
  two.cars.resize(2);
  TrainScene s2 = layout_train(two, "Trains", settings, testing::library(), {});
  auto b2 = image_bounds(s2);
  ASSERT_TRUE(b2.has_value());
  EXPECT_GT(b2->second.x - b2->first.x, 0.4f * s2.scene.camera.width);
}

}  // namespace
}  // namespace railyard
