// A two-car train made of boxes (tests/tools/records/annotations/box_world.h), its ray-cast
// passes and its sample record: the input the format tests view and round-trip.
#pragma once

#include <vector>

#include "logic/train.h"
#include "scenes/part.h"
#include "tests/tools/records/annotations/box_world.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard::testing {

inline LabelledTrain MakeTrain() {
  LabelledTrain labelled;
  labelled.label = Direction::East;
  labelled.train.angle = 187;
  Car first{1, Shape::Bucket, Length::Long, Wall::Double, Roof::Flat, 3, LoadShape::Triangle, 2};
  Car second{
      2, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2, LoadShape::Rectangle, 0};
  labelled.train.cars = {first, second};
  return labelled;
}

// A locomotive, a rail and two cars of boxes along x. Car 1 has a roof and two payloads; car 2
// neither.
struct BoxTrain {
  TrainScene train;
  std::vector<render::testing::Box> boxes;
};

inline BoxTrain MakeBoxTrain() {
  BoxTrain t;
  render::Camera& camera = t.train.scene.camera;
  camera.position = {0.0f, -12.0f, 4.0f};
  camera.look_at = {0.0f, 0.0f, 0.5f};
  camera.width = 240;
  camera.height = 135;
  struct Spec {
    Part part;
    glm::vec3 min, max;
  };
  std::vector<Spec> specs = {
      {{PartKind::Locomotive, 0, -1, "locomotive", {}}, {-6.0f, -0.5f, 0.0f}, {-4.0f, 0.5f, 1.5f}},
      {{PartKind::Rail, 0, -1, "rail", {}}, {-8.0f, -0.6f, -0.05f}, {8.0f, 0.6f, 0.0f}},
      {{PartKind::Body, 1, -1, "green", {}}, {-3.5f, -0.5f, 0.0f}, {-1.0f, 0.5f, 0.6f}},
      {{PartKind::Wall, 1, -1, "braced_wall", {}}, {-3.5f, 0.5f, 0.0f}, {-1.0f, 0.6f, 0.9f}},
      {{PartKind::Roof, 1, -1, "solid_roof", {}}, {-3.5f, -0.5f, 1.3f}, {-1.0f, 0.6f, 1.4f}},
      {{PartKind::Wheels, 1, -1, "3_wheels", {}}, {-3.3f, -0.55f, -0.05f}, {-1.2f, -0.5f, 0.2f}},
      {{PartKind::Payload, 1, 0, "golden_vase", {}}, {-3.2f, -0.3f, 0.6f}, {-2.6f, 0.3f, 1.0f}},
      {{PartKind::Payload, 1, 1, "golden_vase", {}}, {-2.0f, -0.3f, 0.6f}, {-1.4f, 0.3f, 1.0f}},
      {{PartKind::Body, 2, -1, "yellow", {}}, {0.0f, -0.5f, 0.0f}, {2.0f, 0.5f, 0.6f}},
      {{PartKind::Wall, 2, -1, "solid_wall", {}}, {0.0f, 0.5f, 0.0f}, {2.0f, 0.6f, 0.9f}},
      {{PartKind::Wheels, 2, -1, "2_wheels", {}}, {0.2f, -0.55f, -0.05f}, {1.8f, -0.5f, 0.2f}},
  };
  auto cube = render::testing::GridCube(4);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    Spec& spec = specs[i];
    spec.part.centre = 0.5f * (spec.min + spec.max);
    t.train.parts.push_back(spec.part);
    render::testing::Box box{spec.min, spec.max, static_cast<std::uint32_t>(i + 1)};
    t.boxes.push_back(box);
    t.train.scene.instances.push_back(render::testing::BoxInstance(cube, box));
  }
  return t;
}

// The record SampleWriter would make of the box train rendered as `frame`, as sample 12.
inline SampleRecord MakeRecord(const TrainScene& train, const render::Frame& frame) {
  SampleRecord record;
  record.index = 12;
  record.train = MakeTrain();
  record.published = record.train.label;
  record.scene = "base_scene";
  record.camera = train.scene.camera;
  record.files.image = record.files.depth_png = "12_m_train.png";
  record.files.depth_exr = "12_m_train.exr";
  record.files.image_check = FileCheck{61234, std::string(64, 'a')};
  record.files.depth_png_check = FileCheck{13000, std::string(64, 'b')};
  record.files.depth_exr_check = FileCheck{1997, std::string(64, 'c')};
  ImageAnnotations annotations = annotate_image(frame, train);
  record.cars = std::move(annotations.cars);
  record.parts = part_records(train, std::move(annotations));
  return record;
}

}  // namespace railyard::testing
