// The OpenGL backend on a real EGL context (llvmpipe without a GPU), with synthetic scenes whose
// expected pixels follow from the camera model: part ids where objects project, metric depth
// of a ground plane, fisheye ids against Camera::project, determinism, lighting and the sky.
#include "renderer/opengl/opengl_renderer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "renderer/pattern.h"
#include "renderer/sky_radiance.h"
#include "renderer/tone.h"
#include "test_scenes.h"

namespace railyard::render {
namespace {

using testing::empty_scene;
using testing::make_box;
using testing::make_ground;
using testing::make_sphere;
using testing::translation;

class OpenGlRendererTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    try {
      renderer_ = std::make_unique<OpenGlRenderer>();
    } catch (const RendererError& e) {
      skip_reason_ = e.what();
    }
  }
  static void TearDownTestSuite() { renderer_.reset(); }
  void SetUp() override {
    if (!renderer_) GTEST_SKIP() << "no headless OpenGL 4.5 context: " << skip_reason_;
  }
  Frame render(const Scene& scene, int samples = 0) {
    RenderOptions options;
    options.samples = samples;
    return renderer_->render(scene, options);
  }

  static std::unique_ptr<OpenGlRenderer> renderer_;
  static std::string skip_reason_;
};

std::unique_ptr<OpenGlRenderer> OpenGlRendererTest::renderer_;
std::string OpenGlRendererTest::skip_reason_;

// Distance along a ray to an axis-aligned box (slab test), if it is hit in front.
std::optional<float> hit_box(const glm::vec3& origin, const glm::vec3& dir, const glm::vec3& lo,
                             const glm::vec3& hi) {
  float t0 = 0.0f, t1 = INFINITY;
  for (int a = 0; a < 3; ++a) {
    float inv = 1.0f / dir[a];
    float ta = (lo[a] - origin[a]) * inv, tb = (hi[a] - origin[a]) * inv;
    t0 = std::max(t0, std::min(ta, tb));
    t1 = std::min(t1, std::max(ta, tb));
  }
  if (t0 > t1) return std::nullopt;
  return t0;
}

float luminance(Rgb8 c) {
  return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

glm::ivec2 pixel_of(const Camera& camera, const glm::vec3& world) {
  std::optional<glm::vec2> p = camera.project(world);
  EXPECT_TRUE(p.has_value());
  return p ? glm::ivec2(glm::floor(*p)) : glm::ivec2(-1);
}

// Two boxes on a ground plane: ids per pixel agree with an exact ray cast of the same boxes.
Scene two_boxes() {
  Scene scene = empty_scene();
  scene.instances.push_back({make_ground(50.0f), glm::mat4(1.0f), 0, std::nullopt});
  scene.instances.push_back(
      {make_box({2.0f, 1.0f, 1.0f}), translation({-1.5f, 0.0f, 0.5f}), 1, std::nullopt});
  scene.instances.push_back(
      {make_box({1.0f, 1.0f, 2.0f}), translation({1.5f, 0.5f, 1.0f}), 2, std::nullopt});
  return scene;
}

TEST_F(OpenGlRendererTest, DescribesItsPlatformAndDevice) {
  std::string d = renderer_->description();
  EXPECT_TRUE(d.find("EGL device platform") != std::string::npos ||
              d.find("EGL surfaceless platform") != std::string::npos)
      << d;
  EXPECT_NE(d.find("OpenGL 4."), std::string::npos) << d;
  EXPECT_EQ(renderer_->name(), "raster");
  // A GPU keeps frames in flight; llvmpipe draws each on every core, one at a time.
  EXPECT_EQ(renderer_->frames_in_flight(), d.find("llvmpipe") != std::string::npos ? 1u : 3u);
}

TEST_F(OpenGlRendererTest, PartIdsMatchAnExactRayCastPerPixel) {
  Scene scene = two_boxes();
  Frame frame = render(scene);
  const Camera& camera = scene.camera;
  ASSERT_EQ(frame.part_ids.width, camera.width);
  ASSERT_EQ(frame.part_ids.height, camera.height);
  struct Box {
    glm::vec3 lo, hi;
    std::uint32_t part;
  };
  const Box boxes[] = {{{-2.5f, -0.5f, 0.0f}, {-0.5f, 0.5f, 1.0f}, 1},
                       {{1.0f, 0.0f, 0.0f}, {2.0f, 1.0f, 2.0f}, 2}};
  int mismatches = 0, object_pixels = 0;
  std::map<std::uint32_t, int> counts;
  for (int y = 0; y < camera.height; ++y) {
    for (int x = 0; x < camera.width; ++x) {
      glm::vec3 dir = *camera.ray_direction({x + 0.5f, y + 0.5f});
      float nearest = INFINITY;
      std::uint32_t expected = 0;
      for (const Box& b : boxes) {
        auto t = hit_box(camera.position, dir, b.lo, b.hi);
        if (t && *t < nearest) nearest = *t, expected = b.part;
      }
      std::uint32_t got = frame.part_ids.at(x, y);
      ++counts[got];
      if (expected != 0) ++object_pixels;
      if (got != expected) ++mismatches;
    }
  }
  // Only ids of the scene: anti-aliasing never blends ids.
  for (const auto& [id, n] : counts) EXPECT_LE(id, 2u) << n << " pixels";
  EXPECT_GT(counts[1], 500);
  EXPECT_GT(counts[2], 500);
  // Rasterisation and the ray cast may differ only where a pixel centre grazes an edge.
  EXPECT_LE(mismatches, object_pixels / 200) << mismatches << " of " << object_pixels;
}

TEST_F(OpenGlRendererTest, DepthIsTheEuclideanDistanceToTheGround) {
  Scene scene = empty_scene();
  scene.camera.position = {0.0f, -12.0f, 4.0f};
  scene.camera.look_at = {0.0f, 0.0f, 2.0f};  // the horizon in view
  scene.instances.push_back({make_ground(40.0f), glm::mat4(1.0f), 0, std::nullopt});
  Frame frame = render(scene);
  const Camera& camera = scene.camera;
  int ground = 0, sky = 0;
  for (int y = 0; y < camera.height; ++y) {
    for (int x = 0; x < camera.width; ++x) {
      glm::vec3 dir = *camera.ray_direction({x + 0.5f, y + 0.5f});
      float depth = frame.depth.at(x, y);
      EXPECT_EQ(frame.part_ids.at(x, y), 0u);
      float t = dir.z < 0.0f ? -camera.position.z / dir.z : INFINITY;
      glm::vec3 hit = camera.position + t * dir;
      bool on_ground = std::isfinite(t) && std::abs(hit.x) < 40.0f && std::abs(hit.y) < 40.0f;
      // Pixels whose ray meets the ground's far edge within a pixel are ambiguous.
      if (on_ground && (std::abs(hit.y) > 39.0f || std::abs(hit.x) > 39.0f)) continue;
      if (on_ground) {
        ++ground;
        ASSERT_NEAR(depth, t, 1e-4f * t + 1e-4f) << "pixel " << x << "," << y;
      } else {
        ++sky;
        ASSERT_EQ(depth, kNoDepth) << "pixel " << x << "," << y;
      }
    }
  }
  EXPECT_GT(ground, 10000);
  EXPECT_GT(sky, 1000);
}

TEST_F(OpenGlRendererTest, FisheyeIdsAgreeWithCameraProjection) {
  Scene scene = empty_scene();
  scene.camera.lens = Lens::Equidistant;
  scene.camera.fov_deg = 180.0f;
  scene.camera.position = {0.0f, 0.0f, 1.0f};
  scene.camera.look_at = {0.0f, 5.0f, 1.0f};
  scene.instances.push_back({make_ground(30.0f), glm::mat4(1.0f), 0, std::nullopt});
  // Boxes straight ahead, off to the sides (other cube faces) and near the image corners.
  const glm::vec3 centres[] = {{0.0f, 6.0f, 1.0f},  {-4.0f, 3.0f, 1.0f}, {5.0f, 2.0f, 1.0f},
                               {-2.0f, 1.0f, 3.0f}, {3.0f, 0.5f, 2.5f},  {1.5f, 4.0f, 0.5f}};
  for (std::uint32_t i = 0; i < std::size(centres); ++i) {
    scene.instances.push_back(
        {make_box(glm::vec3(0.6f)), translation(centres[i]), i + 1, std::nullopt});
  }
  Frame frame = render(scene);
  for (std::uint32_t i = 0; i < std::size(centres); ++i) {
    glm::ivec2 p = pixel_of(scene.camera, centres[i]);
    ASSERT_GE(p.x, 0);
    ASSERT_LT(p.x, scene.camera.width);
    ASSERT_GE(p.y, 0);
    ASSERT_LT(p.y, scene.camera.height);
    EXPECT_EQ(frame.part_ids.at(p.x, p.y), i + 1) << "box " << i << " at " << p.x << "," << p.y;
    // Depth at the centre's pixel: the box's near face, nearer than its centre.
    float to_centre = glm::length(centres[i] - scene.camera.position);
    EXPECT_LT(frame.depth.at(p.x, p.y), to_centre);
    EXPECT_GT(frame.depth.at(p.x, p.y), to_centre - 0.6f);
  }
  // Ground distance along the optical axis direction, straight down the image.
  int x = scene.camera.width / 2;
  for (int y = scene.camera.height / 2 + 20; y < scene.camera.height; y += 10) {
    glm::vec3 dir = *scene.camera.ray_direction({x + 0.5f, y + 0.5f});
    float t = -scene.camera.position.z / dir.z;
    EXPECT_NEAR(frame.depth.at(x, y), t, 0.05f * t) << "row " << y;
  }
}

TEST_F(OpenGlRendererTest, SameSceneGivesIdenticalBytes) {
  Scene scene = testing::benchmark_scene(20000);
  Frame a = render(scene);
  Frame b = render(two_boxes());  // something else in between
  Frame c = render(scene);
  EXPECT_TRUE(a.color == c.color);
  EXPECT_TRUE(a.part_ids == c.part_ids);
  EXPECT_TRUE(a.depth == c.depth);
  EXPECT_FALSE(a.color == b.color);
}

// Frames in flight: frames begun before the earlier ones are taken are the frames render()
// gives one at a time, each its own scene's (pinhole and fisheye, every pass, part samples),
// and a frame dropped untaken frees its slot of the read-back ring.
TEST_F(OpenGlRendererTest, FramesInFlightAreTheFramesRenderedOneByOne) {
  Scene fisheye = two_boxes();
  fisheye.camera.lens = Lens::Equidistant;
  fisheye.camera.fov_deg = 150.0f;
  std::vector<Scene> scenes = {testing::benchmark_scene(20000), two_boxes(), fisheye,
                               testing::benchmark_scene(5000)};
  RenderOptions options;
  options.passes = PassSet::all().with(Pass::PartSamples);
  std::vector<Frame> one_by_one;
  for (const Scene& scene : scenes) one_by_one.push_back(renderer_->render(scene, options));

  OpenGlOptions three;  // whatever the device would choose
  three.frames_in_flight = 3;
  OpenGlRenderer renderer(three);
  const unsigned depth = renderer.frames_in_flight();
  ASSERT_EQ(depth, 3u);
  std::deque<PendingFrame> pending;
  std::vector<Frame> in_flight;
  for (int round = 0; round < 2; ++round)
    for (const Scene& scene : scenes) {
      pending.push_back(renderer.begin_render(scene, options));
      if (pending.size() < depth) continue;
      in_flight.push_back(pending.front().take());
      pending.pop_front();
    }
  for (; !pending.empty(); pending.pop_front()) in_flight.push_back(pending.front().take());
  ASSERT_EQ(in_flight.size(), 2 * scenes.size());
  for (std::size_t i = 0; i < in_flight.size(); ++i) {
    const Frame& expected = one_by_one[i % scenes.size()];
    EXPECT_TRUE(in_flight[i].color == expected.color) << "frame " << i;
    EXPECT_TRUE(in_flight[i].part_ids == expected.part_ids) << "frame " << i;
    EXPECT_TRUE(in_flight[i].depth == expected.depth) << "frame " << i;
    EXPECT_TRUE(in_flight[i].part_samples == expected.part_samples) << "frame " << i;
  }

  // More than the ring holds is refused; frames dropped untaken give their slots back.
  {
    std::vector<PendingFrame> too_many;
    for (unsigned k = 0; k < depth; ++k) too_many.push_back(renderer.begin_render(scenes[1], {}));
    EXPECT_THROW(renderer.begin_render(scenes[1], {}), std::logic_error);
  }
  Frame after = renderer.render(scenes[0], options);
  EXPECT_TRUE(after.color == one_by_one[0].color);
}

// Drivers without GL_ARB_shader_stencil_export (NVIDIA's) discard edge pixels in the lighting
// pass and shade both their surfaces later; llvmpipe exports the stencil and blends the second
// surface over the first. Both must give the same pixels.
TEST_F(OpenGlRendererTest, LightingWithoutStencilExportGivesTheSameBytes) {
  OpenGlOptions options;
  options.stencil_export = false;
  OpenGlRenderer fallback(options);
  for (const Scene& scene : {testing::benchmark_scene(20000), two_boxes()}) {
    for (int samples : {0, 8}) {
      RenderOptions render_options;
      render_options.samples = samples;
      render_options.passes = PassSet::all().with(Pass::PartSamples);
      Frame a = renderer_->render(scene, render_options);
      Frame b = fallback.render(scene, render_options);
      EXPECT_TRUE(a.color == b.color) << samples << " samples";
      EXPECT_TRUE(a.part_ids == b.part_ids);
      EXPECT_TRUE(a.depth == b.depth);
      EXPECT_TRUE(a.part_samples == b.part_samples);
    }
  }
}

TEST_F(OpenGlRendererTest, SunlitFacesAndGroundAreBrighterThanShadowedOnes) {
  Scene scene = empty_scene();
  scene.sun.direction = glm::normalize(glm::vec3(0.5f, 0.6f, 0.8f));
  scene.camera.position = {-8.0f, -8.0f, 6.0f};
  scene.camera.look_at = {0.0f, 0.0f, 1.0f};
  Material grey;
  grey.base_color = glm::vec3(0.6f);
  grey.roughness = 0.8f;
  scene.instances.push_back({make_ground(40.0f, grey), glm::mat4(1.0f), 0, std::nullopt});
  scene.instances.push_back(
      {make_box({1.0f, 1.0f, 2.0f}, grey), translation({0.0f, 0.0f, 1.0f}), 1, std::nullopt});
  Frame frame = render(scene);
  const Camera& camera = scene.camera;

  // Top face (towards the sun) against the face at -x (turned away from it).
  glm::ivec2 top = pixel_of(camera, {0.0f, 0.0f, 2.0f});
  glm::ivec2 side = pixel_of(camera, {-0.5f, 0.0f, 1.0f});
  ASSERT_EQ(frame.part_ids.at(top.x, top.y), 1u);
  ASSERT_EQ(frame.part_ids.at(side.x, side.y), 1u);
  EXPECT_GT(luminance(frame.color.at(top.x, top.y)),
            luminance(frame.color.at(side.x, side.y)) + 40.0f);

  // The ground where the sun's ray through the box's middle lands, against open ground.
  glm::vec3 middle(0.0f, 0.0f, 1.0f);
  glm::vec3 shadowed = middle - scene.sun.direction * (middle.z / scene.sun.direction.z);
  glm::ivec2 in_shadow = pixel_of(camera, shadowed);
  glm::ivec2 in_sun = pixel_of(camera, {-3.0f, 1.0f, 0.0f});
  ASSERT_EQ(frame.part_ids.at(in_shadow.x, in_shadow.y), 0u);
  EXPECT_GT(luminance(frame.color.at(in_sun.x, in_sun.y)),
            luminance(frame.color.at(in_shadow.x, in_shadow.y)) + 40.0f);
}

TEST_F(OpenGlRendererTest, EmptySceneShowsTheSkyGradientAsTheCppSkyModel) {
  Scene scene = empty_scene();
  scene.camera.position = {0.0f, 0.0f, 1.0f};
  scene.camera.look_at = {0.0f, 10.0f, 3.5f};  // looking up; the horizon just below the image
  Frame frame = render(scene);
  const Camera& camera = scene.camera;
  for (int y = 0; y < camera.height; y += 7) {
    for (int x = 0; x < camera.width; x += 11) {
      glm::vec3 dir = *camera.ray_direction({x + 0.5f, y + 0.5f});
      Rgb8 expected = tone::encode(tone::display_linear(sky_radiance(scene.sky, dir)));
      Rgb8 got = frame.color.at(x, y);
      ASSERT_NEAR(got.r, expected.r, 2) << x << "," << y;
      ASSERT_NEAR(got.g, expected.g, 2) << x << "," << y;
      ASSERT_NEAR(got.b, expected.b, 2) << x << "," << y;
      ASSERT_EQ(frame.part_ids.at(x, y), 0u);
      ASSERT_EQ(frame.depth.at(x, y), kNoDepth);
    }
  }
  // Bluer and darker towards the zenith (top row) than near the horizon.
  Rgb8 top = frame.color.at(camera.width / 2, 0);
  Rgb8 low = frame.color.at(camera.width / 2, camera.height - 1);
  EXPECT_LT(luminance(top), luminance(low));
  EXPECT_GT(static_cast<float>(top.b) / top.r, static_cast<float>(low.b) / low.r);
}

TEST_F(OpenGlRendererTest, BackgroundColourIsShownAsGiven) {
  Scene scene = two_boxes();
  scene.background_color = glm::vec3(0.2f, 0.4f, 0.6f);
  scene.camera.look_at = {0.0f, 0.0f, 3.0f};  // some sky in view
  Frame frame = render(scene);
  Rgb8 expected = tone::encode(*scene.background_color);
  int background = 0;
  for (int y = 0; y < frame.color.height; ++y) {
    for (int x = 0; x < frame.color.width; ++x) {
      if (frame.depth.at(x, y) != kNoDepth) continue;
      // Away from edges, where the filter blends in neighbouring surfaces.
      bool interior = x > 0 && y > 0 && x + 1 < frame.color.width && y + 1 < frame.color.height &&
                      frame.depth.at(x - 1, y) == kNoDepth &&
                      frame.depth.at(x + 1, y) == kNoDepth &&
                      frame.depth.at(x, y - 1) == kNoDepth && frame.depth.at(x, y + 1) == kNoDepth;
      if (!interior) continue;
      ++background;
      ASSERT_EQ(frame.color.at(x, y), expected) << x << "," << y;
    }
  }
  EXPECT_GT(background, 1000);
}

TEST_F(OpenGlRendererTest, CheckerGroundFollowsTheCppPattern) {
  Scene scene = empty_scene();
  scene.camera.position = {0.3f, -0.2f, 12.0f};
  scene.camera.look_at = {0.3f, 0.0f, 0.0f};
  Material checker;
  checker.base_color = glm::vec3(0.8f);
  checker.pattern = Pattern::Checker;
  checker.pattern_color = glm::vec3(0.05f);
  checker.pattern_scale = 1.0f;
  checker.roughness = 1.0f;
  scene.instances.push_back({make_ground(40.0f, checker), glm::mat4(1.0f), 0, std::nullopt});
  Frame frame = render(scene);
  int bright = 0, dark = 0;
  for (float cx = -3.5f; cx <= 3.5f; cx += 1.0f) {
    for (float cy = -1.5f; cy <= 1.5f; cy += 1.0f) {
      glm::vec3 centre(cx, cy, 0.0f);
      glm::ivec2 p = pixel_of(scene.camera, centre);
      if (p.x < 0 || p.y < 0 || p.x >= frame.color.width || p.y >= frame.color.height) continue;
      float value = pattern::checker({cx, cy}, 1.0f);
      float l = luminance(frame.color.at(p.x, p.y));
      if (value > 0.5f) {
        ++dark;
        EXPECT_LT(l, 100.0f) << cx << "," << cy;
      } else {
        ++bright;
        EXPECT_GT(l, 150.0f) << cx << "," << cy;
      }
    }
  }
  EXPECT_GT(bright, 5);
  EXPECT_GT(dark, 5);
}

TEST_F(OpenGlRendererTest, SandGroundVariesWithTheCppPattern) {
  Scene scene = empty_scene();
  scene.camera.position = {0.0f, 0.0f, 6.0f};
  scene.camera.look_at = {0.0f, 0.01f, 0.0f};
  Material sand;
  sand.base_color = glm::vec3(0.8f, 0.65f, 0.45f);
  sand.pattern = Pattern::Sand;
  sand.pattern_color = glm::vec3(0.3f, 0.22f, 0.12f);
  sand.pattern_scale = 1.5f;
  sand.roughness = 1.0f;
  scene.instances.push_back({make_ground(40.0f, sand), glm::mat4(1.0f), 0, std::nullopt});
  Frame frame = render(scene);
  // Correlation between the C++ pattern weight at each pixel's ground point and darkness.
  double sw = 0, sl = 0, sww = 0, sll = 0, swl = 0;
  int n = 0;
  for (int y = 2; y < frame.color.height; y += 4) {
    for (int x = 2; x < frame.color.width; x += 4) {
      glm::vec3 dir = *scene.camera.ray_direction({x + 0.5f, y + 0.5f});
      glm::vec3 hit = scene.camera.position + dir * (-scene.camera.position.z / dir.z);
      double w = pattern::sand({hit.x, hit.y}, sand.pattern_scale);
      double l = luminance(frame.color.at(x, y));
      sw += w, sl += l, sww += w * w, sll += l * l, swl += w * l, ++n;
    }
  }
  double cov = swl / n - sw / n * sl / n;
  double r = cov / std::sqrt((sww / n - sw / n * sw / n) * (sll / n - sl / n * sl / n));
  EXPECT_LT(r, -0.95);  // more pattern colour (darker) where the C++ weight is higher
}

TEST_F(OpenGlRendererTest, MeshesReplacedBetweenFramesAreNotServedStale) {
  for (int round = 0; round < 3; ++round) {
    Scene scene = empty_scene();
    // A fresh mesh every round, possibly at a dead mesh's address: a sphere, then boxes.
    auto mesh = round == 1 ? make_box(glm::vec3(0.4f)) : make_sphere(1.5f, 12);
    scene.instances.push_back({mesh, translation({0.0f, 0.0f, 1.5f}), 1, std::nullopt});
    Frame frame = render(scene);
    glm::ivec2 edge = pixel_of(scene.camera, {1.2f, -0.3f, 1.5f});  // inside the sphere only
    EXPECT_EQ(frame.part_ids.at(edge.x, edge.y), round == 1 ? 0u : 1u) << "round " << round;
  }
}

// The geometry pass packs material and part into 32 bits (surface_record.glsl): the largest part
// id it carries comes back exactly, with its material's colour; one more is refused by name.
TEST_F(OpenGlRendererTest, PartIdsUpToTheRasterLimitComeBackExactly) {
  constexpr std::uint32_t kLargest = (1u << 20) - 1u;
  Scene scene = empty_scene();
  Material red;
  red.base_color = {0.8f, 0.05f, 0.05f};
  scene.instances.push_back(
      {make_box(glm::vec3(1.0f)), translation({0.0f, 0.0f, 1.0f}), kLargest, red});
  Frame frame = render(scene);
  glm::ivec2 p = pixel_of(scene.camera, {0.0f, 0.0f, 1.0f});  // the box's middle
  EXPECT_EQ(frame.part_ids.at(p.x, p.y), kLargest);
  Rgb8 colour = frame.color.at(p.x, p.y);
  EXPECT_GT(colour.r, 2 * colour.g) << "the red material";

  scene.instances[0].part = kLargest + 1u;
  try {
    render(scene);
    FAIL() << "expected RendererError";
  } catch (const RendererError& e) {
    EXPECT_NE(std::string(e.what()).find("part id 1048576"), std::string::npos) << e.what();
  }
}

TEST_F(OpenGlRendererTest, BadInputIsReportedNotCrashedOn) {
  Scene no_mesh = empty_scene();
  no_mesh.instances.push_back({nullptr, glm::mat4(1.0f), 0, std::nullopt});
  EXPECT_THROW(render(no_mesh), RendererError);

  Scene bad_index = empty_scene();
  auto mesh = make_box(glm::vec3(1.0f));
  mesh->name = "broken_box";
  mesh->indices.back() = 999;
  bad_index.instances.push_back({mesh, glm::mat4(1.0f), 0, std::nullopt});
  try {
    render(bad_index);
    FAIL() << "expected RendererError";
  } catch (const RendererError& e) {
    EXPECT_NE(std::string(e.what()).find("broken_box"), std::string::npos) << e.what();
  }

  Scene bad_camera = empty_scene();
  bad_camera.camera.fov_deg = 190.0f;
  EXPECT_THROW(render(bad_camera), RendererError);
  bad_camera = empty_scene();
  bad_camera.camera.width = 0;
  EXPECT_THROW(render(bad_camera), RendererError);

  // Still usable afterwards.
  Frame frame = render(two_boxes());
  EXPECT_EQ(frame.color.width, 480);
}

TEST(EglPlatformTest, EnvironmentChoosesThePlatform) {
  const char* saved = std::getenv("RAILYARD_EGL");
  std::string restore = saved ? saved : "";
  setenv("RAILYARD_EGL", "surfaceless", 1);
  EXPECT_EQ(egl_platform_from_environment(), EglPlatform::Surfaceless);
  setenv("RAILYARD_EGL", "device", 1);
  EXPECT_EQ(egl_platform_from_environment(), EglPlatform::Device);
  setenv("RAILYARD_EGL", "vulkan", 1);
  EXPECT_THROW(egl_platform_from_environment(), RendererError);
  if (saved) {
    setenv("RAILYARD_EGL", restore.c_str(), 1);
  } else {
    unsetenv("RAILYARD_EGL");
  }
}

}  // namespace
}  // namespace railyard::render
