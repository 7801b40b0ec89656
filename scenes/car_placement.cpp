#include "scenes/car_placement.h"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

#include "logic/vocabulary.h"

namespace railyard {
namespace {

glm::mat4 at(const glm::vec3& p) {
  return glm::translate(glm::mat4(1.0f), p);
}

void place_pieces(TrainAssembly& assembly, const std::vector<Piece>& pieces, const Car& car,
                  int payload, const glm::vec3& origin, const render::Material& paint) {
  for (const Piece& piece : pieces) {
    if (!piece.applies_to(car)) continue;
    std::uint32_t part = assembly.part(piece.part, car.position, payload, piece.label);
    assembly.place(piece, at(origin + piece.at), part, &paint);
  }
}

}  // namespace

void place_locomotive(TrainAssembly& assembly, const Vehicle& locomotive, float x) {
  for (const Piece& piece : locomotive.pieces) {
    std::uint32_t part = assembly.part(piece.part, 0, -1, piece.label);
    assembly.place(piece, at(glm::vec3(x, 0.0f, 0.0f) + piece.at), part);
  }
}

void place_car(TrainAssembly& assembly, const RepresentationAssets& assets, const Car& car,
               float x) {
  const render::Material& paint =
      assembly.library().manifest().material(assets.paints[static_cast<std::size_t>(car.shape)]);
  const glm::vec3 origin(x, 0.0f, 0.0f);
  for (Descriptor d : kDescriptors) {
    if (d == Descriptor::LoadShape || d == Descriptor::LoadCount) continue;
    place_pieces(assembly, assets.pieces_of(d, descriptor_value(car, d)), car, -1, origin, paint);
  }
  // Counts beyond the manifest's slots are clamped.
  int count = std::clamp(car.load_count, 0, 3);
  const auto& slots = assets.cars[static_cast<std::size_t>(car.length)].load_slots[count];
  const auto& loads = assets.pieces_of(Descriptor::LoadShape, static_cast<int>(car.load_shape));
  for (int k = 0; k < count; ++k) place_pieces(assembly, loads, car, k, origin + slots[k], paint);
}

}  // namespace railyard
