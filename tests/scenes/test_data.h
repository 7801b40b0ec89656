// Shared fixtures of the scene tests: the source tree's data, sample trains.
#pragma once

#include <filesystem>
#include <vector>

#include "logic/train.h"
#include "scenes/asset_library.h"

namespace railyard::testing {

inline std::filesystem::path source_dir() {
  return RAILYARD_SOURCE_DIR;
}

// Loaded once: every test uses the committed manifest and models.
inline const AssetLibrary& library() {
  static const AssetLibrary lib = AssetLibrary::load(AssetLibrary::default_manifest(source_dir()));
  return lib;
}

// Three cars covering both lengths, both walls, 2 and 3 axles, a car without roof.
inline Train sample_train(int angle = 0) {
  Train t;
  t.angle = angle;
  t.cars = {make_car(1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2,
                     LoadShape::Circle, 1),
            make_car(2, Shape::Hexagon, Length::Long, Wall::Double, Roof::Jagged, 3,
                     LoadShape::Triangle, 3),
            make_car(3, Shape::UShaped, Length::Long, Wall::NotDouble, Roof::Flat, 2,
                     LoadShape::Rectangle, 2)};
  return t;
}

// The longest train the tests use: every car long, three axles, three loads, a roof.
inline Train long_train(int cars, int angle) {
  Train t;
  t.angle = angle;
  for (int i = 0; i < cars; ++i)
    t.cars.push_back(make_car(i + 1, static_cast<Shape>(i % 5), Length::Long, Wall::Double,
                              Roof::Peaked, 3, static_cast<LoadShape>(i % 6), 3));
  return t;
}

}  // namespace railyard::testing
