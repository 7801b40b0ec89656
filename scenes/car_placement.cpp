#include "scenes/car_placement.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <string>

#include "logic/vocabulary.h"

namespace railyard {
namespace {

glm::mat4 at(const glm::vec3& p) {
  return glm::translate(glm::mat4(1.0f), p);
}

std::string wheels_label(int axles) {
  return std::to_string(axles) + "_wheels";
}

int index(auto value) {
  return static_cast<int>(value);
}

// Loads stand at the slots for their count; counts beyond the manifest's slots are clamped.
void place_loads(TrainAssembly& assembly, const Car& car, const std::array<MeshRef, 6>& loads,
                 const std::array<std::vector<glm::vec3>, 4>& slots, Vocabulary vocabulary,
                 const glm::vec3& origin) {
  int count = std::clamp(car.load_count, 0, 3);
  for (int k = 0; k < count; ++k) {
    std::uint32_t part = assembly.add_part(PartKind::Payload, car.position, k,
                                           std::string(name(vocabulary, car.load_shape)));
    assembly.place(loads[index(car.load_shape)], at(origin + slots[count][k]), part);
  }
}

}  // namespace

void place_locomotive(TrainAssembly& assembly, const Locomotive& loco, float x) {
  std::uint32_t part = assembly.add_part(PartKind::Locomotive, 0, -1, "locomotive");
  assembly.place(loco.model, at({x, 0.0f, 0.0f}), part);
}

void place_trains_car(TrainAssembly& assembly, const Car& car, float x) {
  const AssetManifest& manifest = assembly.library().manifest();
  const TrainsAssets& assets = manifest.trains;
  const TrainsCar& model = assets.cars[index(car.length)];
  const render::Material& paint = manifest.material(assets.paints[index(car.shape)]);
  const glm::vec3 origin(x, 0.0f, 0.0f);
  const Vocabulary v = Vocabulary::Trains;

  std::uint32_t body =
      assembly.add_part(PartKind::Body, car.position, -1, std::string(name(v, car.shape)));
  assembly.place(model.body, at(origin), body, paint);
  std::uint32_t wall =
      assembly.add_part(PartKind::Wall, car.position, -1, std::string(name(v, car.wall)));
  assembly.place(model.walls[index(car.wall)], at(origin + model.wall_mount), wall, paint);
  if (const auto& roof = model.roofs[index(car.roof)]) {
    std::uint32_t part =
        assembly.add_part(PartKind::Roof, car.position, -1, std::string(name(v, car.roof)));
    assembly.place(*roof, at(origin + model.roof_mount), part, paint);
  }
  int axles = std::clamp(car.axles, 2, 3);
  std::uint32_t wheels = assembly.add_part(PartKind::Wheels, car.position, -1, wheels_label(axles));
  for (const glm::vec3& axle : model.axles[axles])
    assembly.place(assets.wheelset, at(origin + axle), wheels);
  place_loads(assembly, car, assets.loads, model.attach.load_slots, v, origin);
}

void place_blocks_car(TrainAssembly& assembly, const Car& car, float x) {
  const AssetManifest& manifest = assembly.library().manifest();
  const BlocksAssets& assets = manifest.blocks;
  const BlocksPlatform& platform = assets.cars[index(car.length)].platforms[index(car.roof)];
  const render::Material& paint = manifest.material(assets.paints[index(car.shape)]);
  const glm::vec3 origin(x, 0.0f, 0.0f);
  const Vocabulary v = Vocabulary::Blocks;

  std::uint32_t body =
      assembly.add_part(PartKind::Roof, car.position, -1, std::string(name(v, car.roof)));
  assembly.place(platform.body, at(origin), body, paint);
  if (car.wall == Wall::Double) {
    std::uint32_t wall =
        assembly.add_part(PartKind::Wall, car.position, -1, std::string(name(v, car.wall)));
    assembly.place(platform.top_marker, at(origin), wall);
  }
  if (car.axles == 3) {
    std::uint32_t wheels = assembly.add_part(PartKind::Wheels, car.position, -1, wheels_label(3));
    assembly.place(platform.bottom_marker, at(origin), wheels);
  }
  place_loads(assembly, car, assets.loads, platform.load_slots, v, origin);
}

void place_track(TrainAssembly& assembly, float front_x, float back_x) {
  const TrainsAssets& assets = assembly.library().manifest().trains;
  float length = front_x - back_x + 2.0f * assets.track_margin;
  int segments = std::max(1, static_cast<int>(std::ceil(length / assets.track_segment - 1e-4f)));
  float centre = 0.5f * (front_x + back_x);
  float first = centre - 0.5f * assets.track_segment * static_cast<float>(segments - 1);
  std::uint32_t part = assembly.add_part(PartKind::Rail, 0, -1, "rail");
  for (int i = 0; i < segments; ++i)
    assembly.place(assets.track,
                   at({first + assets.track_segment * static_cast<float>(i), 0.0f, 0.0f}), part);
}

}  // namespace railyard
