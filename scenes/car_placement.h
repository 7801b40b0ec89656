// How one vehicle of a symbolic train becomes placed models and annotated parts, for each
// representation. Positions are in the train frame; `x` is where the vehicle's origin goes.
#pragma once

#include "logic/train.h"
#include "scenes/train_assembly.h"

namespace railyard {

// Part "locomotive".
void place_locomotive(TrainAssembly& assembly, const Locomotive& loco, float x);

// Trains: body (label: colour), wall (solid_wall / braced_wall), roof (unless none), wheels
// ("2_wheels" / "3_wheels": all axles of the car) and one part per payload.
void place_trains_car(TrainAssembly& assembly, const Car& car, float x);

// Blocks: the platform is the roof part (label: the platform shape, which every car has), the
// black top band the wall part ("black_top", only on double-walled cars), the black bottom band
// the wheels part ("3_wheels", only on three-axle cars), and one part per payload.
void place_blocks_car(TrainAssembly& assembly, const Car& car, float x);

// Track from front_x to back_x plus the manifest's margin at each end, as one "rail" part.
void place_track(TrainAssembly& assembly, float front_x, float back_x);

}  // namespace railyard
