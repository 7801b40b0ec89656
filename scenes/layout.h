// The scene stage's entry point: a symbolic train, a representation, a scene file and the asset
// library in; the render::Scene every backend draws out.
#pragma once

#include "logic/train.h"
#include "renderer/scene.h"
#include "scenes/asset_library.h"
#include "scenes/part.h"
#include "scenes/scene_settings.h"

namespace railyard {

struct LayoutOptions {
  // The dataset's longest train, for V-LoL's scale rule (see framing.h); a train with more cars
  // than this is scaled for its own length so it never leaves the frame.
  int max_cars = 4;
  // Scale each train to fill the frame (V-LoL's auto-zoom), within the scene file's fit limits,
  // instead of the fixed rule.
  bool auto_fit = false;
  bool high_res = false;  // the scene's high-res resolution instead of its default one
};

// Lays the train out as V-LoL does: locomotive first, its cars behind it, the whole train centred
// on the scene's train centre and scaled by V-LoL's train scale, running along the direction of
// train.angle (x += d cos angle, y += d sin angle from the locomotive towards the last car: at
// angle 0, seen from the default cameras, the locomotive is on the right and the cars extend to
// the left), with rails along the same line through the whole view and the ground (part 0) under
// it. Parts follow V-LoL's car_masks; each part's centre is the centre of its world-space
// bounding box. Deterministic: the same input gives the same scene.
TrainScene layout_train(const Train& train, std::string_view representation,
                        const SceneSettings& settings, const AssetLibrary& library,
                        const LayoutOptions& options = {});

}  // namespace railyard
