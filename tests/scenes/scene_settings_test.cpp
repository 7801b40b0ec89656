#include "scenes/scene_settings.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "scenes/scene_error.h"
#include "test_data.h"
#include "util/io_error.h"

namespace railyard {
namespace {

const char* kMinimal = R"(camera:
  position: [0, -30, 14]
  look_at: [0, 0, 0.6]
  fov_deg: 40
  lens: pinhole
resolution: [480, 270]
high_res_resolution: [1920, 1080]
sun: {direction: [0, 0, 2], irradiance: [3, 3, 3], angular_radius_deg: 2}
sky: {zenith: [0.2, 0.3, 0.6], horizon: [0.7, 0.7, 0.7], ground: [0.3, 0.3, 0.3]}
ground: {size: 200, base_color: [0.4, 0.4, 0.4], metallic: 0, roughness: 0.8, pattern: none}
background: sky
layout:
  train_centre: [0, -0.1, 0]
  rail_radius: 50
  fit_margin: 0.04
  max_fit_scale: 0.5
  fit_steps: 24
)";

// The message of the InputError that parsing `yaml` throws, or "" when it parses.
std::string error_of(const std::string& yaml) {
  try {
    parse_scene_settings(yaml, "scenes/broken_scene.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(SceneSettings, EveryShippedSceneParses) {
  auto names = list_scenes(testing::source_dir());
  EXPECT_EQ(names,
            (std::vector<std::string>{"base_scene", "desert_scene", "fisheye_scene", "sky_scene"}));
  for (const auto& name : names) {
    SceneSettings s = load_scene_settings(scene_file(testing::source_dir(), name));
    EXPECT_EQ(s.name, name);
    EXPECT_EQ(s.camera.width, 480);
    EXPECT_EQ(s.camera.height, 270);
    render::Camera high = s.camera_at(true);
    EXPECT_EQ(high.width, 1920);
    EXPECT_EQ(high.height, 1080);
    EXPECT_NEAR(glm::length(s.sun.direction), 1.0f, 1e-5f);
  }
}

TEST(SceneSettings, ScenesDifferAsDescribed) {
  auto load = [](const char* name) {
    return load_scene_settings(scene_file(testing::source_dir(), name));
  };
  SceneSettings base = load("base_scene"), desert = load("desert_scene"), sky = load("sky_scene"),
                fisheye = load("fisheye_scene");
  EXPECT_TRUE(base.background_color.has_value());  // plain background
  EXPECT_EQ(base.ground.pattern, render::Pattern::None);
  EXPECT_EQ(desert.ground.pattern, render::Pattern::Sand);
  EXPECT_FALSE(sky.background_color.has_value());
  EXPECT_EQ(fisheye.camera.lens, render::Lens::Equisolid);
  EXPECT_EQ(base.camera.lens, render::Lens::Pinhole);
  // V-LoL's studio: a cyclorama lit by a weak sun and three lamps (key, fill, back) facing the
  // train; the desert's sun 20 degrees high, the sky scene's 15, both behind the camera.
  EXPECT_TRUE(base.cyclorama.has_value());
  EXPECT_TRUE(base.cyclorama_mesh);
  ASSERT_EQ(base.point_lights.size(), 3u);
  for (const render::PointLight& lamp : base.point_lights) {
    EXPECT_NEAR(glm::length(lamp.facing), 1.0f, 1e-5f);
    EXPECT_GT(glm::dot(lamp.facing, glm::normalize(-lamp.position)), 0.8f);  // at the train
  }
  EXPECT_FALSE(desert.cyclorama.has_value());
  EXPECT_TRUE(desert.point_lights.empty());
  EXPECT_NEAR(glm::degrees(std::asin(desert.sun.direction.z)), 20.0f, 0.2f);
  EXPECT_NEAR(glm::degrees(std::asin(sky.sun.direction.z)), 15.0f, 0.2f);
  EXPECT_GT(desert.sun.direction.y, 0.9f);  // towards the camera's side (+Y)
  EXPECT_EQ(fisheye.ground, sky.ground);    // the same sand
  // The sky scene's camera looks up far enough that the horizon is in the picture.
  glm::vec3 ahead = sky.camera.look_at - sky.camera.position;
  ahead.z = 0.0f;
  glm::vec3 horizon = sky.camera.position + 1000.0f * glm::normalize(ahead);
  auto pixel = sky.camera.project(horizon);
  ASSERT_TRUE(pixel.has_value());
  EXPECT_GT(pixel->y, 0.15f * sky.camera.height);
  EXPECT_LT(pixel->y, 0.6f * sky.camera.height);
}

// V-LoL's cameras, ground and layout, stated verbatim in the scene files.
TEST(SceneSettings, ScenesUseVlolsCamerasAndLayout) {
  struct Expected {
    const char* scene;
    glm::vec3 position, look_at;
  };
  const Expected expected[] = {{"base_scene", {0, 11, 4}, {0, 0, 0}},
                               {"desert_scene", {0, 11, 4}, {0, 0, 0}},
                               {"sky_scene", {0, 11, 3}, {0, 0, 1.1f}},
                               {"fisheye_scene", {0, 7, 3}, {0, 0, 0.5f}}};
  for (const Expected& e : expected) {
    SceneSettings s = load_scene_settings(scene_file(testing::source_dir(), e.scene));
    EXPECT_EQ(s.camera.position, e.position) << e.scene;
    EXPECT_EQ(s.camera.look_at, e.look_at) << e.scene;
    if (s.camera.lens == render::Lens::Pinhole) {
      EXPECT_FLOAT_EQ(s.camera.fov_deg, 49.13f);
    }
    EXPECT_FLOAT_EQ(s.camera.near, 0.1f);
    EXPECT_FLOAT_EQ(s.camera.far, 100.0f);
    EXPECT_EQ(s.layout.train_centre, glm::vec3(0.0f, -0.1f, 0.0f)) << e.scene;
    EXPECT_FLOAT_EQ(s.layout.rail_radius, 50.0f);
    EXPECT_FLOAT_EQ(s.ground_size, 200.0f);
  }
}

TEST(SceneSettings, MinimalSceneParses) {
  SceneSettings s = parse_scene_settings(kMinimal, "scenes/my_scene.yaml");
  EXPECT_EQ(s.name, "my_scene");
  EXPECT_FALSE(s.background_color.has_value());
  EXPECT_FLOAT_EQ(s.camera.fov_deg, 40.0f);
  EXPECT_FLOAT_EQ(s.ground_size, 200.0f);
  EXPECT_EQ(s.layout.fit_steps, 24);
  EXPECT_FLOAT_EQ(s.layout.max_fit_scale, 0.5f);
}

TEST(SceneSettings, UnknownKeyIsRejectedWithFileLineAndKey) {
  std::string e = error_of(replaced(kMinimal, "fov_deg: 40", "fov_deg: 40\n  fov_dge: 41"));
  EXPECT_NE(e.find("scenes/broken_scene.yaml:5:"), std::string::npos) << e;
  EXPECT_NE(e.find("camera.fov_dge"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key"), std::string::npos) << e;
  e = error_of(std::string(kMinimal) + "fog: 0.1\n");
  EXPECT_NE(e.find("'fog'"), std::string::npos) << e;
}

TEST(SceneSettings, BadValuesNameTheirKey) {
  struct Case {
    std::string from, to, key, words;
  };
  const Case cases[] = {
      {"fov_deg: 40", "fov_deg: wide", "camera.fov_deg", "expected a number"},
      {"fov_deg: 40", "fov_deg: 400", "camera.fov_deg", "from 1 to 170"},
      {"lens: pinhole", "lens: tilt_shift", "camera.lens", "pinhole, equidistant or equisolid"},
      {"resolution: [480, 270]", "resolution: [480]", "resolution", "2 whole numbers"},
      {"direction: [0, 0, 2]", "direction: [0, 0, 0]", "sun.direction", "zero"},
      {"pattern: none", "pattern: stripes", "ground.pattern", "none, sand or checker"},
      {"pattern: none", "pattern: sand", "ground.pattern_color", "missing"},
      {"background: sky", "background: night", "background", "sky or a colour"},
      {"roughness: 0.8", "roughness: 2", "ground.roughness", "from 0 to 1"},
      {"horizon: [0.7, 0.7, 0.7]", "horizon: [0.7, -1, 0.7]", "sky.horizon", "negative"},
      {"  look_at: [0, 0, 0.6]\n", "", "camera.look_at", "missing"},
      {"{size: 200, ", "{", "ground.size", "missing"},
      {"{size: 200, ", "{size: -3, ", "ground.size", "from 1 to"},
      {"  fit_steps: 24", "  fit_steps: 0", "layout.fit_steps", "1 to 64"},
      {"  fit_margin: 0.04", "  fit_margin: 0.7", "layout.fit_margin", "from 0 to 0.45"},
      {"  rail_radius: 50", "  rail_radius: 50\n  rail_gauge: 1", "layout.rail_gauge",
       "unknown key"},
      {"layout:\n  train_centre: [0, -0.1, 0]", "layout:\n  train_centre: [0, -0.1]",
       "layout.train_centre", "3 numbers"},
      {"background: sky", "point_lights: {position: [0, 0, 1]}\nbackground: sky", "point_lights",
       "a list of lights"},
      {"background: sky",
       "point_lights: [{position: [0, 0, 1], intensity: [1, 1, 1]}, {position: [0, 0, 1], "
       "intensity: [1, 1, 1]},\n  {position: [0, 0, 1], intensity: [1, 1, 1]}, {position: [0, 0, "
       "1], intensity: [1, 1, 1]},\n  {position: [0, 0, 1], intensity: [1, 1, 1]}]\n"
       "background: sky",
       "point_lights", "at most 4"},
      {"background: sky",
       "point_lights: [{position: [0, 0, 1], intensity: [1, 1, 1], facing: [0, 0, 0]}]\n"
       "background: sky",
       "point_lights[0].facing", "not zero"},
      {"background: sky",
       "cyclorama: {width: 60, height: 2, distance: 8, radius: 6, front: 40}\nbackground: sky",
       "cyclorama.height", "at least as high"},
      {"background: sky", "cyclorama: {width: 60, height: 25}\nbackground: sky",
       "cyclorama.distance", "missing"},
  };
  for (const Case& c : cases) {
    std::string e = error_of(replaced(kMinimal, c.from, c.to));
    EXPECT_NE(e.find("scenes/broken_scene.yaml:"), std::string::npos) << e;
    EXPECT_NE(e.find("'" + c.key + "'"), std::string::npos) << c.to << " -> " << e;
    EXPECT_NE(e.find(c.words), std::string::npos) << c.to << " -> " << e;
  }
}

TEST(SceneSettings, InvalidYamlAndMissingFilesAreReported) {
  std::string e = error_of("camera: [1, 2\n");
  EXPECT_NE(e.find("scenes/broken_scene.yaml"), std::string::npos) << e;
  EXPECT_NE(e.find("invalid YAML"), std::string::npos) << e;
  EXPECT_NE(error_of("- just\n- a list\n").find("map of keys"), std::string::npos);
  try {
    load_scene_settings("/nonexistent/no_scene.yaml");
    FAIL() << "expected an error";
  } catch (const IoError& err) {
    EXPECT_NE(std::string(err.what()).find("/nonexistent/no_scene.yaml"), std::string::npos);
  }
}

}  // namespace
}  // namespace railyard
