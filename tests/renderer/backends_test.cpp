// What every registered backend promises: its name, its declared options, the passes a request
// names, and local lighting, under which changing one object changes only the pixels near it.
#include "renderer/registry/backends.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

#include "tests/renderer/embree/test_meshes.h"

namespace railyard::render {
namespace {

// The backends that start here (the raster needs EGL; the path tracer always starts).
std::vector<std::string> startable() {
  std::vector<std::string> names;
  for (const BackendEntry& backend : backends()) {
    try {
      make_renderer(backend.name);
      names.push_back(backend.name);
    } catch (const RendererError& e) {
      std::fprintf(stderr, "%s cannot start here: %s\n", backend.name.c_str(), e.what());
    }
  }
  return names;
}

RenderOptions few_samples() {
  RenderOptions options;
  options.samples = 4;
  return options;
}

TEST(Backends, AreFoundByNameAndRefuseUnknownNamesAndOptions) {
  ASSERT_EQ(backends().size(), 2u);
  EXPECT_EQ(backends()[0].name, "raster");
  EXPECT_NE(find_backend("pathtrace"), nullptr);
  EXPECT_EQ(find_backend("cycles"), nullptr);
  try {
    make_renderer("cycles");
    FAIL() << "expected an error";
  } catch (const RendererError& e) {
    EXPECT_NE(std::string(e.what()).find("raster, pathtrace"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_renderer("pathtrace", {0, {{"msaa", 4}}}), RendererError);
  EXPECT_THROW(make_renderer("pathtrace", {0, {{"bounces", -1}}}), RendererError);
  EXPECT_THROW(make_renderer("pathtrace", {0, {{"bounces", 2.5}}}), RendererError);
  for (const auto& [backend, options] : default_backend_options())
    EXPECT_NE(find_backend(backend), nullptr) << backend;
}

TEST(Backends, NameThemselvesAsRegistered) {
  for (const std::string& name : startable()) EXPECT_EQ(make_renderer(name)->name(), name);
}

TEST(Backends, BadCamerasAreOneErrorTypeInEveryBackend) {
  for (const std::string& name : startable()) {
    SCOPED_TRACE(name);
    Scene scene = testing::small_yard(64, 36);
    scene.camera.fov_deg = 200.0f;  // more than a pinhole can see
    EXPECT_THROW(make_renderer(name)->render(scene, few_samples()), RendererError);
    scene.camera.fov_deg = 40.0f;
    scene.camera.width = 0;
    EXPECT_THROW(make_renderer(name)->render(scene, few_samples()), RendererError);
  }
}

// Part ids alone and colour alone are the images of `all`, the scene with every pass.
void expect_passes_alone_as_with_all(Renderer& renderer, const Scene& scene, const Frame& all) {
  RenderOptions ids_only = few_samples();
  ids_only.passes = {Pass::PartIds};
  Frame ids = renderer.render(scene, ids_only);
  EXPECT_TRUE(ids.color.pixels.empty());
  EXPECT_TRUE(ids.depth.pixels.empty());
  EXPECT_EQ(ids.part_ids, all.part_ids);
  RenderOptions color_only = few_samples();
  color_only.passes = {Pass::Color};
  Frame color = renderer.render(scene, color_only);
  EXPECT_TRUE(color.part_ids.pixels.empty());
  EXPECT_EQ(color.color, all.color);
}

TEST(Backends, RenderOnlyThePassesRequested) {
  for (const std::string& name : startable()) {
    SCOPED_TRACE(name);
    auto renderer = make_renderer(name);
    Scene scene = testing::small_yard(96, 54);
    expect_passes_alone_as_with_all(*renderer, scene, renderer->render(scene, few_samples()));
  }
}

// The pixels within `radius` of one where `differs(x, y)` holds.
template <typename Differs>
Image<std::uint8_t> near_where(int width, int height, int radius, Differs differs) {
  Image<std::uint8_t> near(width, height, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      if (!differs(x, y)) continue;
      for (int ny = std::max(0, y - radius); ny <= std::min(height - 1, y + radius); ++ny)
        for (int nx = std::max(0, x - radius); nx <= std::min(width - 1, x + radius); ++nx)
          near.at(nx, ny) = 1;
    }
  return near;
}

// The pixels within `radius` of one whose part id differs between the frames.
Image<std::uint8_t> near_changed_ids(const Frame& a, const Frame& b, int radius) {
  return near_where(a.part_ids.width, a.part_ids.height, radius,
                    [&](int x, int y) { return a.part_ids.at(x, y) != b.part_ids.at(x, y); });
}

// The small yard at 120x68, and the same without its blue box (part 2).
std::pair<Scene, Scene> yard_with_and_without_the_box() {
  Scene with = testing::small_yard(120, 68);
  Scene without = with;
  without.instances.erase(without.instances.begin() + 2);
  return {with, without};
}

RenderOptions local_lighting() {
  RenderOptions local = few_samples();
  local.local_lighting = true;
  return local;
}

TEST(Backends, UnderLocalLightingAnObjectChangesOnlyThePixelsThatShowIt) {
  for (const std::string& name : startable()) {
    SCOPED_TRACE(name);
    auto renderer = make_renderer(name);
    auto [with, without] = yard_with_and_without_the_box();
    RenderOptions local = local_lighting();
    Frame a = renderer->render(with, local), b = renderer->render(without, local);
    // The raster's resolve filter reaches one pixel, the path tracer's 1.5.
    Image<std::uint8_t> near = near_changed_ids(a, b, 2);
    int changed_ids = 0, changed_elsewhere = 0;
    for (std::size_t i = 0; i < near.pixels.size(); ++i) {
      changed_ids += a.part_ids.pixels[i] != b.part_ids.pixels[i];
      if (!near.pixels[i] && !(a.color.pixels[i] == b.color.pixels[i])) ++changed_elsewhere;
    }
    EXPECT_GT(changed_ids, 20);
    EXPECT_EQ(changed_elsewhere, 0);
    // With shadows on, the same change reaches further: the object's shadow goes with it.
    Frame c = renderer->render(with, few_samples()), d = renderer->render(without, few_samples());
    int shadow_pixels = 0;
    for (std::size_t i = 0; i < near.pixels.size(); ++i)
      if (!near.pixels[i] && !(c.color.pixels[i] == d.color.pixels[i])) ++shadow_pixels;
    EXPECT_GT(shadow_pixels, 20);
  }
}

// The pixels within `radius` of one some of whose samples see another part in the two frames.
Image<std::uint8_t> near_changed_samples(const Frame& a, const Frame& b, int radius) {
  return near_where(a.color.width, a.color.height, radius, [&](int x, int y) {
    for (std::size_t s = 0; s < a.part_samples.size(); ++s)
      if (a.part_samples[s].at(x, y) != b.part_samples[s].at(x, y)) return true;
    return false;
  });
}

// Part samples bound a change exactly: under local lighting every pixel whose colour changes is
// within the filter's reach (raster one pixel, path tracer none) of a pixel whose samples see
// another part, where centre ids alone miss slivers thinner than a pixel.
TEST(Backends, PartSamplesBoundWhereAChangeCanShow) {
  for (const std::string& name : startable()) {
    SCOPED_TRACE(name);
    auto renderer = make_renderer(name);
    auto [with, without] = yard_with_and_without_the_box();
    RenderOptions local = local_lighting();
    local.passes = PassSet::all().with(Pass::PartSamples);
    Frame a = renderer->render(with, local), b = renderer->render(without, local);
    ASSERT_EQ(a.part_samples.size(), 4u);  // one image per sample asked for
    ASSERT_EQ(b.part_samples.size(), 4u);
    EXPECT_EQ(a.part_samples[0].width, 120);
    int reach = name == "raster" ? 1 : 0;
    Image<std::uint8_t> near = near_changed_samples(a, b, reach);
    int changed = 0, unexplained = 0;
    for (std::size_t i = 0; i < near.pixels.size(); ++i) {
      bool colour = !(a.color.pixels[i] == b.color.pixels[i]);
      changed += colour;
      unexplained += colour && !near.pixels[i];
    }
    EXPECT_GT(changed, 20);
    EXPECT_EQ(unexplained, 0);
    // The passes asked for alone are the same images; PartSamples is not among a dataset's.
    EXPECT_FALSE(PassSet::all().has(Pass::PartSamples));
    Frame plain = renderer->render(with, few_samples());
    EXPECT_TRUE(plain.part_samples.empty());
    EXPECT_EQ(plain.part_ids, renderer->render(with, local).part_ids);
  }
}

// The raster's part-id pass is its centre sample, one of the part samples.
TEST(Backends, RasterPartIdsAreOneOfItsPartSamples) {
  std::vector<std::string> names = startable();
  if (std::find(names.begin(), names.end(), "raster") == names.end())
    GTEST_SKIP() << "the raster backend does not start here";
  auto renderer = make_renderer("raster");
  RenderOptions options = few_samples();
  options.passes = PassSet::all().with(Pass::PartSamples);
  Frame frame = renderer->render(testing::small_yard(96, 54), options);
  bool found = false;
  for (const Image<std::uint32_t>& layer : frame.part_samples)
    found = found || layer == frame.part_ids;
  EXPECT_TRUE(found);
}

// Through a fisheye every backend annotates alike: the raster resamples cube maps for its colour
// but traces its part ids and depth (renderer/registry/traced_annotations.h), so its masks are the
// path tracer's to the pixel, and asking for some passes alone gives the same images.
TEST(Backends, FisheyeAnnotationsAreThePathTracersInEveryBackend) {
  auto tracer = make_renderer("pathtrace");
  for (Lens lens : {Lens::Equidistant, Lens::Equisolid}) {
    SCOPED_TRACE(std::string(lens_name(lens)));
    Scene scene = testing::small_yard(96, 54);
    scene.camera.lens = lens;
    scene.camera.fov_deg = 120.0f;
    RenderOptions annotations = few_samples();
    annotations.passes = {Pass::PartIds, Pass::Depth};
    Frame traced = tracer->render(scene, annotations);
    for (const std::string& name : startable()) {
      SCOPED_TRACE(name);
      auto renderer = make_renderer(name);
      Frame all = renderer->render(scene, few_samples());
      EXPECT_EQ(all.part_ids, traced.part_ids);
      EXPECT_EQ(all.depth, traced.depth);
      EXPECT_EQ(all.color.width, 96);
      expect_passes_alone_as_with_all(*renderer, scene, all);
    }
  }
}

// Mean of the green channel over a square of pixels around the point's image.
double brightness_around(const Frame& frame, const Camera& camera, const glm::vec3& world) {
  auto pixel = camera.project(world);
  EXPECT_TRUE(pixel.has_value());
  if (!pixel) return 0.0;
  double sum = 0.0;
  int count = 0;
  for (int dy = -3; dy <= 3; ++dy)
    for (int dx = -3; dx <= 3; ++dx) {
      int x = static_cast<int>(pixel->x) + dx, y = static_cast<int>(pixel->y) + dy;
      if (x < 0 || y < 0 || x >= frame.color.width || y >= frame.color.height) continue;
      sum += frame.color.at(x, y).g;
      ++count;
    }
  return count > 0 ? sum / count : 0.0;
}

// Ground that small_yard's camera sees past the boxes, and ground off to one side.
const glm::vec3 kOpenGround(-1.0f, 3.0f, 0.0f);
const glm::vec3 kGroundAside(-2.5f, 2.5f, 0.0f);

Scene lamp_lit_yard(std::vector<PointLight> lamps) {
  Scene scene = testing::small_yard(120, 68);
  scene.sun.irradiance = glm::vec3(0.0f);
  scene.sky = Sky{glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f)};
  scene.point_lights = std::move(lamps);
  return scene;
}

// The scene drawn by every backend at 16 samples per pixel, by backend name.
std::vector<std::pair<std::string, Frame>> lit_by_every_backend(const Scene& scene) {
  std::vector<std::pair<std::string, Frame>> frames;
  for (const std::string& name : startable()) {
    RenderOptions options;
    options.samples = 16;
    frames.emplace_back(name, make_renderer(name)->render(scene, options));
  }
  return frames;
}

// A studio lamp alone (no sun, a black sky) lights the ground below it, less with distance, and
// every backend draws it as bright.
TEST(Backends, APointLightLightsTheGroundFallingOffWithDistance) {
  Scene scene = lamp_lit_yard({{kOpenGround + glm::vec3(0.0f, 0.0f, 1.2f), glm::vec3(1.0f)}});
  std::vector<double> beneath;
  for (const auto& [name, frame] : lit_by_every_backend(scene)) {
    SCOPED_TRACE(name);
    double near = brightness_around(frame, scene.camera, kOpenGround);
    double far = brightness_around(frame, scene.camera, kGroundAside);
    EXPECT_GT(near, 60.0);
    EXPECT_GT(near, 1.5 * far);
    beneath.push_back(near);
  }
  for (double b : beneath) EXPECT_NEAR(b, beneath.front(), 0.15 * beneath.front());
}

// A lamp facing the ground (an area lamp, as V-LoL's studio has) lights the point on its axis as a
// lamp shining every way does, and nothing when it faces away, in every backend.
TEST(Backends, AFacingLampLightsOnlyWhatIsInFrontOfIt) {
  glm::vec3 above = kOpenGround + glm::vec3(0.0f, 0.0f, 1.2f);
  PointLight every_way{above, glm::vec3(1.0f)};
  PointLight down = every_way, up = every_way;
  down.facing = glm::vec3(0.0f, 0.0f, -1.0f);
  up.facing = glm::vec3(0.0f, 0.0f, 1.0f);
  auto every_way_frames = lit_by_every_backend(lamp_lit_yard({every_way}));
  auto down_frames = lit_by_every_backend(lamp_lit_yard({down}));
  auto up_frames = lit_by_every_backend(lamp_lit_yard({up}));
  Scene scene = lamp_lit_yard({});
  for (std::size_t b = 0; b < down_frames.size(); ++b) {
    SCOPED_TRACE(down_frames[b].first);
    double all = brightness_around(every_way_frames[b].second, scene.camera, kOpenGround);
    double facing = brightness_around(down_frames[b].second, scene.camera, kOpenGround);
    EXPECT_GT(facing, 60.0);
    EXPECT_NEAR(facing, all, 0.05 * all);  // cos 0 on the axis
    EXPECT_LT(brightness_around(up_frames[b].second, scene.camera, kOpenGround), 2.0);
  }
}

// A bright lamp's pool of light, where the view transform clips, is as bright in every backend
// when a second lamp shines too: the path tracer samples every lamp at every vertex, so no sample
// carries one lamp's light twice over to be clipped (embree/lights.h).
TEST(Backends, ALampsPoolIsAsBrightWhenAnotherLampShines) {
  Scene scene = lamp_lit_yard({{kOpenGround + glm::vec3(0.0f, 0.0f, 0.8f), glm::vec3(6.0f)},
                               {{3.0f, 0.0f, 3.0f}, glm::vec3(1.0f)}});
  std::vector<double> pool;
  for (const auto& [name, frame] : lit_by_every_backend(scene))
    pool.push_back(brightness_around(frame, scene.camera, kOpenGround));
  EXPECT_GT(pool.front(), 200.0);  // near white
  for (double b : pool) EXPECT_NEAR(b, pool.front(), 0.04 * pool.front());
}

}  // namespace
}  // namespace railyard::render
