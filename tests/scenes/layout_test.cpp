#include "scenes/layout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "test_data.h"

namespace railyard {
namespace {

constexpr float kScale = 0.5f;  // V-LoL's train scale for up to 4 cars

SceneSettings base_scene() {
  return load_scene_settings(scene_file(testing::source_dir(), "base_scene"));
}

TrainScene lay_out(const Train& t, std::string_view r = "Trains", LayoutOptions o = {}) {
  return layout_train(t, r, base_scene(), testing::library(), o);
}

const Part* find_part(const TrainScene& s, PartKind kind, int car, int payload = -1) {
  for (const Part& p : s.parts)
    if (p.kind == kind && p.car == car && p.payload == payload) return &p;
  return nullptr;
}

std::size_t triangles_of(const TrainScene& s, const Part* part) {
  std::size_t n = 0;
  for (const render::Instance& i : s.scene.instances)
    if (i.part != 0 && &s.parts[i.part - 1] == part) n += i.mesh->indices.size() / 3;
  return n;
}

// World-space bounds of a part's geometry.
std::pair<glm::vec3, glm::vec3> bounds_of(const TrainScene& s, const Part* part) {
  glm::vec3 lo(1e9f), hi(-1e9f);
  for (const render::Instance& i : s.scene.instances) {
    if (i.part == 0 || &s.parts[i.part - 1] != part) continue;
    for (const glm::vec3& p : i.mesh->positions) {
      glm::vec3 w(i.object_to_world * glm::vec4(p, 1.0f));
      lo = glm::min(lo, w);
      hi = glm::max(hi, w);
    }
  }
  return {lo, hi};
}

TEST(Layout, TrainsPartsFollowVlolCarMasks) {
  TrainScene s = lay_out(testing::sample_train());
  // loco, rail; car 1: body, wall, wheels, 1 payload (no roof); car 2: body, wall, roof,
  // wheels, 3 payloads; car 3: body, wall, roof, wheels, 2 payloads.
  EXPECT_EQ(s.parts.size(), 2u + 4 + 7 + 6);
  ASSERT_NE(find_part(s, PartKind::Locomotive, 0), nullptr);
  EXPECT_EQ(find_part(s, PartKind::Locomotive, 0)->label, "locomotive");
  EXPECT_EQ(find_part(s, PartKind::Rail, 0)->label, "rail");
  EXPECT_EQ(find_part(s, PartKind::Roof, 1), nullptr);
  EXPECT_EQ(find_part(s, PartKind::Body, 1)->label, "yellow");
  EXPECT_EQ(find_part(s, PartKind::Wall, 1)->label, "solid_wall");
  EXPECT_EQ(find_part(s, PartKind::Wall, 2)->label, "braced_wall");
  EXPECT_EQ(find_part(s, PartKind::Roof, 2)->label, "braced_roof");
  EXPECT_EQ(find_part(s, PartKind::Roof, 3)->label, "solid_roof");
  EXPECT_EQ(find_part(s, PartKind::Wheels, 1)->label, "2_wheels");
  EXPECT_EQ(find_part(s, PartKind::Wheels, 2)->label, "3_wheels");
  EXPECT_EQ(find_part(s, PartKind::Payload, 1, 0)->label, "barrel");
  EXPECT_EQ(find_part(s, PartKind::Payload, 1, 1), nullptr);
  for (int k = 0; k < 3; ++k)
    EXPECT_EQ(find_part(s, PartKind::Payload, 2, k)->label, "golden_vase");
  EXPECT_EQ(find_part(s, PartKind::Payload, 2, 3), nullptr);
  EXPECT_EQ(find_part(s, PartKind::Payload, 3, 1)->label, "box");
}

TEST(Layout, EveryInstanceHasAValidPartAndEveryPartGeometry) {
  for (auto r : {"Trains", "SimpleObjects"}) {
    TrainScene s = lay_out(testing::sample_train(25), r);
    std::vector<int> used(s.parts.size(), 0);
    int ground = 0;
    for (const render::Instance& i : s.scene.instances) {
      ASSERT_LE(i.part, s.parts.size());
      ASSERT_NE(i.mesh, nullptr);
      if (i.part == 0)
        ++ground;
      else
        ++used[i.part - 1];
    }
    EXPECT_EQ(ground, 1);
    for (std::size_t p = 0; p < used.size(); ++p) EXPECT_GT(used[p], 0) << s.parts[p].label;
  }
}

TEST(Layout, BlocksPartsUseBlocksNames) {
  Train t = testing::sample_train();
  TrainScene s = lay_out(t, "SimpleObjects");
  EXPECT_EQ(find_part(s, PartKind::Rail, 0), nullptr);  // no track in the blocks world
  EXPECT_EQ(find_part(s, PartKind::Roof, 1)->label, "cube");
  EXPECT_EQ(find_part(s, PartKind::Roof, 2)->label, "frustum");
  EXPECT_EQ(find_part(s, PartKind::Roof, 3)->label, "hemisphere");
  EXPECT_EQ(find_part(s, PartKind::Wall, 1), nullptr);  // no black top
  EXPECT_EQ(find_part(s, PartKind::Wall, 2)->label, "black_top");
  EXPECT_EQ(find_part(s, PartKind::Wheels, 1), nullptr);  // no black bottom
  EXPECT_EQ(find_part(s, PartKind::Wheels, 2)->label, "3_wheels");
  EXPECT_EQ(find_part(s, PartKind::Payload, 1, 0)->label, "cube");
  EXPECT_EQ(find_part(s, PartKind::Payload, 2, 2)->label, "pyramid");
  EXPECT_EQ(find_part(s, PartKind::Payload, 3, 1)->label, "sphere");
}

TEST(Layout, ThreeAxlesHaveMoreWheelGeometryThanTwo) {
  Train t = testing::sample_train();
  t.cars[1].axles = 2;
  t.cars[2].axles = 3;
  TrainScene s = lay_out(t);
  std::size_t two = triangles_of(s, find_part(s, PartKind::Wheels, 2));
  std::size_t three = triangles_of(s, find_part(s, PartKind::Wheels, 3));
  EXPECT_EQ(2 * three, 3 * two);
  auto [lo2, hi2] = bounds_of(s, find_part(s, PartKind::Wheels, 2));
  EXPECT_GT(hi2.x - lo2.x, 2.0f * kScale);  // two axles on a long car stand far apart
}

TEST(Layout, LongCarBodyIsLongerThanShort) {
  TrainScene s = lay_out(testing::sample_train(0));
  auto [slo, shi] = bounds_of(s, find_part(s, PartKind::Body, 1));
  auto [llo, lhi] = bounds_of(s, find_part(s, PartKind::Body, 2));
  EXPECT_GT((lhi.x - llo.x), 1.3f * (shi.x - slo.x));
}

TEST(Layout, TrainIsScaledByVlolsRule) {
  // V-LoL's S = 0.5 for up to 4 cars: a long car's body spans half its 3.54 spacing.
  TrainScene s = lay_out(testing::sample_train(0));
  auto [lo, hi] = bounds_of(s, find_part(s, PartKind::Body, 2));
  EXPECT_NEAR(hi.x - lo.x, 0.5f * 3.54f, 0.05f);
  // Seven cars: 3 / (7 + 2).
  LayoutOptions seven;
  seven.max_cars = 7;
  TrainScene s7 = lay_out(testing::long_train(7, 0), "Trains", seven);
  auto [lo7, hi7] = bounds_of(s7, find_part(s7, PartKind::Body, 4));
  EXPECT_NEAR(hi7.x - lo7.x, 3.0f / 9.0f * 3.54f, 0.05f);
}

// V-LoL lays the train out from the locomotive along +X at angle 0 (locomotive on the right of
// the picture), the cars behind it; and it fills each car's loads from the rear.
TEST(Layout, CarsFollowTheLocomotiveInOrderWithoutOverlap) {
  Train t = testing::sample_train(0);
  TrainScene s = lay_out(t);
  auto [loco_lo, loco_hi] = bounds_of(s, find_part(s, PartKind::Locomotive, 0));
  float front = loco_hi.x;
  for (int car = 1; car <= 3; ++car) {
    auto [lo, hi] = bounds_of(s, find_part(s, PartKind::Body, car));
    EXPECT_GT(lo.x, front - 1e-3f) << car;  // behind what is in front of it
    EXPECT_LT(lo.x, front + 0.05f) << car;  // and coupled to it
    front = hi.x;
  }
  // payload_0 is the load nearest the car's rear, as V-LoL places them.
  EXPECT_GT(find_part(s, PartKind::Payload, 2, 0)->centre.x,
            find_part(s, PartKind::Payload, 2, 2)->centre.x);
  // The train is centred on V-LoL's centre (0, -0.1) and the rail runs under all of it.
  auto [rail_lo, rail_hi] = bounds_of(s, find_part(s, PartKind::Rail, 0));
  EXPECT_LT(rail_lo.x, loco_lo.x);
  EXPECT_GT(rail_hi.x, front);
  EXPECT_NEAR(loco_lo.x + front, 0.0f, 0.1f);
  EXPECT_NEAR(find_part(s, PartKind::Body, 2)->centre.y, -0.1f, 1e-3f);
}

// Paired renders compare the pictures of a train and its edit: the same cars in another order
// must leave the locomotive and the rails exactly where they were, to the last bit, or pixels
// change that the edit did not touch.
TEST(Layout, ReorderedCarsLeaveTheLocomotiveExactlyInPlace) {
  auto fixed = [](const TrainScene& s) {  // the locomotive, the rails and the ground
    std::vector<glm::mat4> transforms;
    for (const render::Instance& i : s.scene.instances)
      if (i.part == 0 || s.parts[i.part - 1].car == 0) transforms.push_back(i.object_to_world);
    return transforms;
  };
  Train t = testing::sample_train(30);
  t.cars.push_back(
      make_car(4, Shape::Bucket, Length::Short, Wall::Double, Roof::Arc, 2, LoadShape::Diamond, 1));
  t.cars.push_back(make_car(5, Shape::Ellipse, Length::Long, Wall::Double, Roof::None, 3,
                            LoadShape::Hexagon, 2));
  const std::vector<glm::mat4> reference = fixed(lay_out(t));
  std::vector<int> order = {0, 1, 2, 3, 4};
  while (std::next_permutation(order.begin(), order.end())) {
    Train reordered = t;
    for (std::size_t i = 0; i < order.size(); ++i) {
      reordered.cars[i] = t.cars[static_cast<std::size_t>(order[i])];
      reordered.cars[i].position = static_cast<int>(i) + 1;
    }
    ASSERT_EQ(fixed(lay_out(reordered)), reference)
        << order[0] << order[1] << order[2] << order[3] << order[4];
  }
}

TEST(Layout, LocomotiveIsOnThePicturesRightAtAngleZero) {
  TrainScene s = lay_out(testing::sample_train(0));
  auto loco = s.scene.camera.project(find_part(s, PartKind::Locomotive, 0)->centre);
  auto first = s.scene.camera.project(find_part(s, PartKind::Body, 1)->centre);
  auto last = s.scene.camera.project(find_part(s, PartKind::Body, 3)->centre);
  ASSERT_TRUE(loco && first && last);
  EXPECT_GT(loco->x, 0.6f * s.scene.camera.width);
  EXPECT_LT(last->x, 0.4f * s.scene.camera.width);
  EXPECT_NEAR(first->y, last->y, 3.0f);  // seen from the side
}

TEST(Layout, AngleTurnsTheTrainAboutItsCentre) {
  TrainScene straight = lay_out(testing::sample_train(0));
  TrainScene turned = lay_out(testing::sample_train(90));
  TrainScene reversed = lay_out(testing::sample_train(180));
  const glm::vec3 centre(0.0f, -0.1f, 0.0f);
  glm::vec3 loco = find_part(straight, PartKind::Locomotive, 0)->centre - centre;
  EXPECT_LT(loco.x, -1.5f);  // the locomotive leads towards -X at angle 0
  glm::vec3 loco90 = find_part(turned, PartKind::Locomotive, 0)->centre - centre;
  EXPECT_NEAR(loco90.x, -loco.y, 1e-3f);
  EXPECT_NEAR(loco90.y, loco.x, 1e-3f);
  glm::vec3 loco180 = find_part(reversed, PartKind::Locomotive, 0)->centre - centre;
  EXPECT_NEAR(loco180.x, -loco.x, 1e-3f);
  EXPECT_NEAR(loco180.z, loco.z, 1e-5f);
}

// V-LoL's rails run along the train's line through the whole picture, not only under the train,
// out to 50 / S from the centre; segments out of sight are left out.
TEST(Layout, RailsRunThroughTheWholeView) {
  for (int angle : {0, 40, -60}) {
    TrainScene s = lay_out(testing::sample_train(angle));
    glm::vec2 px_lo(1e9f), px_hi(-1e9f);
    std::set<std::pair<float, float>> segments;
    for (const render::Instance& i : s.scene.instances) {
      if (i.part == 0 || s.parts[i.part - 1].kind != PartKind::Rail) continue;
      glm::vec3 origin(i.object_to_world[3]);
      EXPECT_LE(glm::length(origin - glm::vec3(0.0f, -0.1f, 0.0f)), 50.0f / kScale) << angle;
      segments.insert({origin.x, origin.y});
      for (const glm::vec3& p : i.mesh->positions)
        if (auto px = s.scene.camera.project(glm::vec3(i.object_to_world * glm::vec4(p, 1.0f)))) {
          px_lo = glm::min(px_lo, *px);
          px_hi = glm::max(px_hi, *px);
        }
    }
    // The rails leave the picture on both sides (or at its top and bottom).
    glm::vec2 size(s.scene.camera.width, s.scene.camera.height);
    EXPECT_TRUE((px_lo.x < 0.0f && px_hi.x > size.x) || (px_lo.y < 0.0f && px_hi.y > size.y))
        << angle << ": rails from " << px_lo.x << "," << px_lo.y << " to " << px_hi.x << ","
        << px_hi.y;
    EXPECT_LT(segments.size(), 30u) << "segments out of sight are left out";
    // Its centre is the middle of the whole track, under the train's, whatever is seen of it.
    glm::vec3 centre = find_part(s, PartKind::Rail, 0)->centre;
    EXPECT_NEAR(centre.x, 0.0f, 1e-4f) << angle;
    EXPECT_NEAR(centre.y, -0.1f, 1e-4f) << angle;
    EXPECT_GT(centre.z, 0.0f);
    EXPECT_LT(centre.z, 0.25f * kScale);
  }
}

TEST(Layout, PartCentresLieInsideTheirParts) {
  TrainScene s = lay_out(testing::sample_train(40));
  for (const Part& p : s.parts) {
    auto [lo, hi] = bounds_of(s, &p);
    EXPECT_TRUE(glm::all(glm::greaterThanEqual(p.centre, lo - 1e-4f)) &&
                glm::all(glm::lessThanEqual(p.centre, hi + 1e-4f)))
        << p.label;
  }
}

TEST(Layout, PaintFollowsTheCarColour) {
  TrainScene s = lay_out(testing::sample_train());
  const AssetManifest& m = testing::library().manifest();
  const Part* body = find_part(s, PartKind::Body, 2);  // hexagon = red
  bool painted = false;
  for (const render::Instance& i : s.scene.instances)
    if (i.part != 0 && &s.parts[i.part - 1] == body && i.material)
      painted = painted || i.material->base_color == m.material("red").base_color;
  EXPECT_TRUE(painted);
  EXPECT_EQ(s.scene.instances.front().material->pattern, base_scene().ground.pattern);
}

TEST(Layout, IsDeterministic) {
  for (auto r : {"Trains", "SimpleObjects"}) {
    LayoutOptions fit;
    fit.auto_fit = true;
    TrainScene a = lay_out(testing::sample_train(-37), r, fit);
    TrainScene b = lay_out(testing::sample_train(-37), r, fit);
    ASSERT_EQ(a.scene.instances.size(), b.scene.instances.size());
    for (std::size_t i = 0; i < a.scene.instances.size(); ++i) {
      // The same assets; a cyclorama is made anew from each load of the scene file.
      EXPECT_EQ(a.scene.instances[i].mesh->name, b.scene.instances[i].mesh->name);
      EXPECT_EQ(a.scene.instances[i].mesh->positions, b.scene.instances[i].mesh->positions);
      EXPECT_EQ(a.scene.instances[i].object_to_world, b.scene.instances[i].object_to_world);
      EXPECT_EQ(a.scene.instances[i].part, b.scene.instances[i].part);
      EXPECT_EQ(a.scene.instances[i].material.has_value(),
                b.scene.instances[i].material.has_value());
    }
    ASSERT_EQ(a.parts.size(), b.parts.size());
    for (std::size_t i = 0; i < a.parts.size(); ++i) {
      EXPECT_EQ(a.parts[i].label, b.parts[i].label);
      EXPECT_EQ(a.parts[i].centre, b.parts[i].centre);
    }
  }
}

std::size_t triangles_of(const TrainScene& s) {
  std::size_t n = 0;
  for (const render::Instance& i : s.scene.instances) n += i.mesh->indices.size() / 3;
  return n;
}

TEST(Layout, ThreeCarTrainIsAsDetailedAsTheBenchmarkAnchor) {
  // The benchmarks compare with V-LoL's Blender scene of about 90k triangles; ours tessellates
  // round parts for their largest size on screen (assets/README.md) and comes to about 40k at
  // full detail (1920x1080), the rails across the whole picture included.
  LayoutOptions o;
  o.high_res = true;
  std::size_t n = triangles_of(lay_out(testing::sample_train(), "Trains", o));
  EXPECT_GT(n, 30000u);
  EXPECT_LT(n, 110000u);
}

TEST(Layout, SmallImagesTakeTheCoarseLevelWithinItsError) {
  // At 480x270 a model unit spans about 22 pixels at S = 0.5: the coarse copies (0.02 units from
  // the full models, under half a pixel) are drawn; at 1920x1080 the full ones. Each part stays
  // where it was to within that error.
  const AssetLibrary& library = testing::library();
  ASSERT_EQ(library.manifest().detail_levels.size(), 1u);
  float error = library.manifest().detail_levels[0].error;
  LayoutOptions high;
  high.high_res = true;
  for (const char* representation : {"Trains", "SimpleObjects"}) {
    TrainScene coarse = lay_out(testing::sample_train(), representation);
    TrainScene full = lay_out(testing::sample_train(), representation, high);
    EXPECT_LT(triangles_of(coarse), 0.7 * static_cast<double>(triangles_of(full)))
        << representation;
    ASSERT_EQ(coarse.parts.size(), full.parts.size());
    for (std::size_t p = 0; p < full.parts.size(); ++p) {
      auto [lo, hi] = bounds_of(coarse, &coarse.parts[p]);
      auto [full_lo, full_hi] = bounds_of(full, &full.parts[p]);
      float off = std::max(glm::length(lo - full_lo), glm::length(hi - full_hi));
      EXPECT_LE(off, error * kScale * 1.01f) << representation << " part " << full.parts[p].label;
    }
  }
  // Auto-fit never draws a train larger than S = 0.5: the same level.
  LayoutOptions fit;
  fit.auto_fit = true;
  EXPECT_EQ(triangles_of(lay_out(testing::sample_train(), "Trains", fit)),
            triangles_of(lay_out(testing::sample_train())));
}

TEST(Layout, HighResOptionPicksTheHighResCamera) {
  LayoutOptions o;
  o.high_res = true;
  TrainScene s = lay_out(testing::sample_train(), "Trains", o);
  EXPECT_EQ(s.scene.camera.width, 1920);
  EXPECT_EQ(s.scene.camera.height, 1080);
}

}  // namespace
}  // namespace railyard
