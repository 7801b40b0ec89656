#include "scenes/layout.h"

#include <algorithm>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>
#include <optional>

#include "scenes/car_placement.h"
#include "scenes/cyclorama.h"
#include "scenes/framing.h"
#include "scenes/track_layout.h"
#include "scenes/train_assembly.h"

namespace railyard {
namespace {

struct Extent {
  float front = 0.0f, back = 0.0f;
};

// Places every vehicle with the locomotive's origin at x = 0, cars chained behind it (towards
// -X) by their lengths; returns the train's extent. The lengths add up in double, where a sum of
// a few floats is exact: the same cars in another order give the same extent to the last bit, so
// a train whose cars were reordered keeps its locomotive exactly where it was (paired renders).
Extent place_vehicles(TrainAssembly& assembly, const Train& train,
                      const RepresentationAssets& assets) {
  place_locomotive(assembly, assets.locomotive, 0.0f);
  double back = -0.5 * static_cast<double>(assets.locomotive.length);
  for (const Car& car : train.cars) {
    double length = assets.cars[static_cast<std::size_t>(car.length)].length;
    place_car(assembly, assets, car, static_cast<float>(back - 0.5 * length));
    back -= length;
  }
  return {0.5f * assets.locomotive.length, static_cast<float>(back)};
}

// Corners of every instance's bounding box under `m`: enough to bound the projection of the
// train for a pinhole lens, which keeps straight lines straight.
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

// Every vertex under `m`: other lenses bend straight edges, so only the vertices bound them.
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

// V-LoL's scale for the dataset's longest train, or with auto-fit the largest scale at which
// this train (turned, about its centre) stays in the picture.
float choose_scale(const std::vector<render::Instance>& instances, const glm::mat4& turn,
                   const render::Camera& camera, const Train& train, const SceneLayout& layout,
                   const LayoutOptions& options) {
  int cars = std::max(options.max_cars, static_cast<int>(train.cars.size()));
  if (!options.auto_fit) return vlol_train_scale(cars);
  std::vector<glm::vec3> points = camera.lens == render::Lens::Pinhole
                                      ? box_corners(instances, turn)
                                      : all_vertices(instances, turn);
  return fit_scale(camera, points, layout.train_centre,
                   layout.fit_margin * static_cast<float>(camera.height), 0.01f,
                   layout.max_fit_scale, layout.fit_steps);
}

// The level of detail of every train laid out with these options: the largest scale any of them
// takes (never the train's own, so both renders of a pair use the same meshes), seen from the
// camera at the train's centre. Fisheye lenses magnify up to pi/2 times their focal length at
// 90 degrees off axis (equidistant; equisolid less).
int detail_level(const AssetLibrary& library, const render::Camera& camera,
                 const SceneLayout& layout, const LayoutOptions& options) {
  float scale = options.auto_fit ? layout.max_fit_scale : vlol_train_scale(options.max_cars);
  float distance = std::max(glm::length(camera.position - layout.train_centre), 1e-6f);
  float pixels_per_unit = camera.focal_length_px() * scale / distance;
  if (camera.lens != render::Lens::Pinhole) pixels_per_unit *= 0.5f * glm::pi<float>();
  return library.detail_level(pixels_per_unit);
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

TrainScene layout_train(const Train& train, std::string_view representation,
                        const SceneSettings& settings, const AssetLibrary& library,
                        const LayoutOptions& options) {
  const RepresentationAssets& assets = library.manifest().representation(representation);
  TrainScene laid_out;
  render::Scene& scene = laid_out.scene;
  scene.camera = settings.camera_at(options.high_res);
  TrainAssembly assembly(library, detail_level(library, scene.camera, settings.layout, options));
  Extent extent = place_vehicles(assembly, train, assets);

  scene.sun = settings.sun;
  scene.sky = settings.sky;
  scene.point_lights = settings.point_lights;
  scene.background_color = settings.background_color;

  // The train frame's +X points to the locomotive; V-LoL's angle is the direction from the
  // locomotive towards the cars, hence the half turn.
  const SceneLayout& layout = settings.layout;
  glm::mat4 heading =
      glm::rotate(glm::mat4(1.0f), glm::radians(static_cast<float>(train.angle) + 180.0f),
                  glm::vec3(0.0f, 0.0f, 1.0f));
  float middle = 0.5f * (extent.front + extent.back);
  glm::mat4 turn = heading * glm::translate(glm::mat4(1.0f), glm::vec3(-middle, 0.0f, 0.0f));
  float s = choose_scale(assembly.instances(), turn, scene.camera, train, layout, options);
  glm::mat4 line_to_world = glm::translate(glm::mat4(1.0f), layout.train_centre) *
                            glm::scale(glm::mat4(1.0f), glm::vec3(s)) * heading;
  assembly.transform(line_to_world *
                     glm::translate(glm::mat4(1.0f), glm::vec3(-middle, 0.0f, 0.0f)));
  std::optional<glm::vec3> rail_centre;
  if (assets.track)
    rail_centre =
        place_track(assembly, *assets.track, line_to_world, layout.rail_radius / s, scene.camera);

  render::Instance ground;
  if (settings.cyclorama_mesh) {
    ground.mesh = settings.cyclorama_mesh;
    ground.object_to_world = cyclorama_to_world(scene.camera, layout.train_centre);
    // Scenes light it from the front: it receives shadows, and the raster needs none from it.
    ground.casts_shadow = false;
  } else {
    ground.mesh = library.ground();
    ground.object_to_world = glm::scale(
        glm::mat4(1.0f), glm::vec3(0.5f * settings.ground_size, 0.5f * settings.ground_size, 1.0f));
  }
  ground.material = settings.ground;
  scene.instances.push_back(std::move(ground));
  for (render::Instance& inst : assembly.instances()) scene.instances.push_back(std::move(inst));
  laid_out.parts = std::move(assembly.parts());
  set_part_centres(laid_out);
  for (Part& part : laid_out.parts)
    if (part.kind == PartKind::Rail && rail_centre) part.centre = *rail_centre;
  return laid_out;
}

}  // namespace railyard
