#include "tools/lib/records/annotations/full_box.h"

#include <gtest/gtest.h>

#include "tests/tools/records/annotations/box_world.h"
#include "tools/lib/records/annotations/image_annotations.h"

namespace railyard {
namespace {

using render::Camera;
using render::Frame;
using render::Lens;

using render::testing::Box;
using render::testing::BoxInstance;
using render::testing::GridCube;
using render::testing::RayCast;

Camera MakeCamera(Lens lens) {
  Camera camera;
  camera.position = {0.0f, -10.0f, 3.0f};
  camera.look_at = {0.0f, 0.0f, 0.5f};
  camera.lens = lens;
  camera.fov_deg = lens == Lens::Pinhole ? 40.0f : 120.0f;
  camera.width = 160;
  camera.height = 90;
  return camera;
}

// A wide box (part 1, body of car 1) with a tall box (part 2, wall of car 1) in front of its
// right half.
const Box kBack{{-2.0f, 0.0f, 0.0f}, {2.0f, 1.0f, 1.0f}, 1};
const Box kFront{{0.2f, -3.0f, 0.0f}, {3.0f, -2.5f, 2.5f}, 2};

TrainScene MakeScene(Lens lens, int subdivisions) {
  TrainScene scene;
  scene.scene.camera = MakeCamera(lens);
  auto cube = GridCube(subdivisions);
  scene.scene.instances = {BoxInstance(cube, kBack), BoxInstance(cube, kFront)};
  scene.parts = {Part{PartKind::Body, 1, -1, "", {}}, Part{PartKind::Wall, 1, -1, "", {}}};
  return scene;
}

std::vector<PixelBox> full_boxes(const TrainScene& scene) {
  return full_part_boxes(scene.scene, scene.parts.size());
}

class FullBox : public ::testing::TestWithParam<Lens> {};

TEST_P(FullBox, ContainsTheVisibleBoxOfAnOccludedPart) {
  TrainScene scene = MakeScene(GetParam(), 16);
  Frame frame = RayCast(scene.scene.camera, {kBack, kFront});
  ImageAnnotations annotations = annotate_image(frame, scene);
  const RegionAnnotation& back = annotations.parts[0];
  ASSERT_GT(back.area, 0u);
  EXPECT_TRUE(back.full_box.contains(back.visible_box));
  // The hidden right end of the back box is in the full box only.
  EXPECT_GT(back.full_box.x + back.full_box.width, back.visible_box.x + back.visible_box.width + 5);
}

TEST_P(FullBox, MatchesTheSilhouetteOfThePartAlone) {
  TrainScene scene = MakeScene(GetParam(), 16);
  std::vector<PixelBox> boxes = full_boxes(scene);
  ImageAnnotations alone = annotate_image(RayCast(scene.scene.camera, {kBack}), scene);
  PixelBox silhouette = alone.parts[0].visible_box;
  // Rounding the projected extent out to whole pixels adds at most one pixel per side.
  EXPECT_TRUE(boxes[0].contains(silhouette));
  EXPECT_LE(silhouette.x - boxes[0].x, 1);
  EXPECT_LE(silhouette.y - boxes[0].y, 1);
  EXPECT_LE(boxes[0].x + boxes[0].width - (silhouette.x + silhouette.width), 1);
  EXPECT_LE(boxes[0].y + boxes[0].height - (silhouette.y + silhouette.height), 1);
}

TEST_P(FullBox, CoarseMeshesStillContainTheVisibleBox) {
  // A wide, low box seen from close by, with only its 8 corners as vertices.
  TrainScene scene = MakeScene(GetParam(), 1);
  scene.scene.camera.position = {0.0f, -4.0f, 2.0f};
  scene.scene.camera.fov_deg = GetParam() == Lens::Pinhole ? 60.0f : 150.0f;
  Box wide{{-6.0f, -1.0f, 0.0f}, {6.0f, 0.0f, 0.5f}, 1};
  scene.scene.instances = {BoxInstance(GridCube(1), wide)};
  scene.parts.resize(1);
  ImageAnnotations annotations = annotate_image(RayCast(scene.scene.camera, {wide}), scene);
  const RegionAnnotation& part = annotations.parts[0];
  if (GetParam() == Lens::Equidistant) {
    // The fisheye bends the long edges outward between the corners, past the corners' box...
    ASSERT_FALSE(full_boxes(scene)[0].contains(part.visible_box));
  }
  // ...and the full box still holds every visible pixel.
  EXPECT_TRUE(part.full_box.contains(part.visible_box));
}

TEST_P(FullBox, IsClippedToTheImage) {
  TrainScene scene = MakeScene(GetParam(), 4);
  scene.scene.instances[0] =
      BoxInstance(GridCube(4), Box{{-40.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 1.0f}, 1});
  PixelBox box = full_boxes(scene)[0];
  EXPECT_EQ(box.x, 0);
  EXPECT_LE(box.x + box.width, scene.scene.camera.width);
  EXPECT_GE(box.y, 0);
  EXPECT_LE(box.y + box.height, scene.scene.camera.height);
  // Wholly outside: empty.
  scene.scene.instances[0] =
      BoxInstance(GridCube(4), Box{{0.0f, -20.0f, 0.0f}, {1.0f, -19.0f, 1.0f}, 1});
  EXPECT_TRUE(full_boxes(scene)[0].empty());
}

TEST_P(FullBox, CarRegionIsTheUnionOfItsParts) {
  TrainScene scene = MakeScene(GetParam(), 8);
  ImageAnnotations annotations =
      annotate_image(RayCast(scene.scene.camera, {kBack, kFront}), scene);
  ASSERT_EQ(annotations.cars.size(), 1u);
  const RegionAnnotation& car = annotations.cars[0];
  EXPECT_EQ(car.area, annotations.parts[0].area + annotations.parts[1].area);
  EXPECT_EQ(car.visible_box,
            annotations.parts[0].visible_box.united(annotations.parts[1].visible_box));
  EXPECT_EQ(car.full_box, annotations.parts[0].full_box.united(annotations.parts[1].full_box));
  EXPECT_EQ(rle_area(car.mask), car.area);
}

INSTANTIATE_TEST_SUITE_P(Lenses, FullBox, ::testing::Values(Lens::Pinhole, Lens::Equidistant),
                         [](const auto& info) {
                           return info.param == Lens::Pinhole ? "Pinhole" : "Fisheye";
                         });

TEST(FullBoxErrors, InstanceOfAMissingPart) {
  TrainScene scene = MakeScene(Lens::Pinhole, 1);
  scene.scene.instances[1].part = 5;
  EXPECT_THROW(full_boxes(scene), std::invalid_argument);
}

}  // namespace
}  // namespace railyard
