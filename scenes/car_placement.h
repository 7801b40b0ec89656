// How the vehicles of a symbolic train become placed models and annotated parts: one placer for
// every representation, driven by the manifest's pieces. Positions are in the train frame; `x` is
// where the vehicle's origin (the middle of its span) goes.
#pragma once

#include "logic/train.h"
#include "scenes/asset_manifest.h"
#include "scenes/train_assembly.h"

namespace railyard {

// Part "locomotive" (car 0).
void place_locomotive(TrainAssembly& assembly, const Vehicle& locomotive, float x);

// For each descriptor of the car, the pieces its value adds (those whose conditions hold), each
// in its part: body, wall, roof and wheels as the manifest labels them, then one payload part per
// load, placed at the load slots of the car's length for its load count. Paint slots take the
// car's colour.
void place_car(TrainAssembly& assembly, const RepresentationAssets& assets, const Car& car,
               float x);

}  // namespace railyard
