#include "scenes/layout.h"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>

#include "scenes/car_placement.h"
#include "scenes/framing.h"
#include "scenes/train_assembly.h"

namespace railyard {
namespace {

// Auto-fit leaves this fraction of the image height free on each side, and never scales a
// short train up by more than this over the 2..4-car size.
constexpr float kFitMargin = 0.04f;
constexpr float kMaxFitScale = 1.5f;

struct Extent {
  float front = 0.0f, back = 0.0f;
};

// Places every vehicle with the locomotive's origin at x = 0; returns the train's extent.
Extent place_vehicles(TrainAssembly& assembly, const Train& train, Representation representation) {
  const AssetManifest& manifest = assembly.library().manifest();
  bool trains = representation == Representation::Trains;
  const Locomotive& loco = trains ? manifest.trains.locomotive : manifest.blocks.locomotive;
  place_locomotive(assembly, loco, 0.0f);
  Extent extent{loco.coupling_back.x + loco.length, loco.coupling_back.x};
  float coupling = loco.coupling_back.x;  // where the next car's front coupling goes
  for (const Car& car : train.cars) {
    std::size_t length = static_cast<std::size_t>(car.length);
    const Attachments& attach =
        trains ? manifest.trains.cars[length].attach : manifest.blocks.cars[length].attach;
    float x = coupling - attach.coupling_front.x;
    if (trains)
      place_trains_car(assembly, car, x);
    else
      place_blocks_car(assembly, car, x);
    coupling = x + attach.coupling_back.x;
  }
  extent.back = coupling;
  if (trains) place_track(assembly, extent.front, extent.back);
  return extent;
}

// Corners of every annotated instance's bounding box under `m`: enough to bound the projection
// of the train for a pinhole lens.
std::vector<glm::vec3> box_corners(const std::vector<render::Instance>& instances,
                                   const glm::mat4& m) {
  std::vector<glm::vec3> out;
  for (const render::Instance& inst : instances) {
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::vec3& p : inst.mesh->positions) {
      lo = glm::min(lo, p);
      hi = glm::max(hi, p);
    }
    for (int c = 0; c < 8; ++c) {
      glm::vec3 p((c & 1) ? hi.x : lo.x, (c & 2) ? hi.y : lo.y, (c & 4) ? hi.z : lo.z);
      out.push_back(glm::vec3(m * inst.object_to_world * glm::vec4(p, 1.0f)));
    }
  }
  return out;
}

std::vector<glm::vec3> all_vertices(const std::vector<render::Instance>& instances,
                                    const glm::mat4& m) {
  std::vector<glm::vec3> out;
  for (const render::Instance& inst : instances) {
    glm::mat4 to_world = m * inst.object_to_world;
    for (const glm::vec3& p : inst.mesh->positions)
      out.push_back(glm::vec3(to_world * glm::vec4(p, 1.0f)));
  }
  return out;
}

float choose_scale(const std::vector<render::Instance>& instances, const glm::mat4& turn,
                   const render::Camera& camera, const Train& train, const LayoutOptions& options) {
  int cars = std::max(options.max_cars, static_cast<int>(train.cars.size()));
  float rule = vlol_train_scale(cars);
  if (!options.auto_fit) return rule;
  float margin = kFitMargin * static_cast<float>(camera.height);
  std::vector<glm::vec3> corners = box_corners(instances, turn);
  float s = fit_scale(camera, corners, margin, 0.01f, kMaxFitScale);
  // Box corners bound a pinhole projection (it keeps straight lines straight); a fisheye bends
  // edges outwards, so there check the real vertices and step down until they fit too.
  if (camera.lens == render::Lens::Pinhole) return s;
  std::vector<glm::vec3> vertices = all_vertices(instances, turn);
  for (int i = 0; i < 40 && !fits_in_image(camera, vertices, s, 0.5f * margin); ++i) s *= 0.97f;
  return s;
}

void set_part_centres(TrainScene& train) {
  std::vector<Part>& parts = train.parts;
  std::vector<glm::vec3> lo(parts.size(), glm::vec3(std::numeric_limits<float>::max()));
  std::vector<glm::vec3> hi(parts.size(), glm::vec3(-std::numeric_limits<float>::max()));
  for (const render::Instance& inst : train.scene.instances) {
    if (inst.part == 0) continue;
    std::size_t i = inst.part - 1;
    for (const glm::vec3& p : inst.mesh->positions) {
      glm::vec3 w(inst.object_to_world * glm::vec4(p, 1.0f));
      lo[i] = glm::min(lo[i], w);
      hi[i] = glm::max(hi[i], w);
    }
  }
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (lo[i].x <= hi[i].x) parts[i].centre = 0.5f * (lo[i] + hi[i]);
}

}  // namespace

TrainScene layout_train(const Train& train, Representation representation,
                        const SceneSettings& settings, const AssetLibrary& library,
                        const LayoutOptions& options) {
  TrainAssembly assembly(library);
  Extent extent = place_vehicles(assembly, train, representation);

  TrainScene laid_out;
  render::Scene& scene = laid_out.scene;
  scene.camera = settings.camera_at(options.high_res);
  scene.sun = settings.sun;
  scene.sky = settings.sky;
  scene.background_color = settings.background_color;

  float centre = 0.5f * (extent.front + extent.back);
  glm::mat4 turn = glm::rotate(glm::mat4(1.0f), glm::radians(static_cast<float>(train.angle)),
                               glm::vec3(0.0f, 0.0f, 1.0f)) *
                   glm::translate(glm::mat4(1.0f), glm::vec3(-centre, 0.0f, 0.0f));
  float s = choose_scale(assembly.instances(), turn, scene.camera, train, options);
  glm::mat4 to_world = glm::scale(glm::mat4(1.0f), glm::vec3(s)) * turn;

  render::Instance ground;
  ground.mesh = library.ground();
  ground.material = settings.ground;
  scene.instances.push_back(std::move(ground));
  for (render::Instance& inst : assembly.instances()) {
    inst.object_to_world = to_world * inst.object_to_world;
    scene.instances.push_back(std::move(inst));
  }
  laid_out.parts = std::move(assembly.parts());
  set_part_centres(laid_out);
  return laid_out;
}

}  // namespace railyard
