// The scene stage's entry point: a symbolic train, a representation, a scene file and the asset
// library in; the render::Scene every backend draws out.
#pragma once

#include "logic/train.h"
#include "renderer/scene.h"
#include "scenes/asset_library.h"
#include "scenes/part.h"
#include "scenes/representation.h"
#include "scenes/scene_settings.h"

namespace railyard {

struct LayoutOptions {
  // The dataset's longest train, for V-LoL's scale rule (see framing.h); a train with more cars
  // than this is scaled for its own length so it never leaves the frame.
  int max_cars = 4;
  // Scale each train to fill the frame (V-LoL's auto-zoom) instead of the fixed rule.
  bool auto_fit = false;
  bool high_res = false;  // the scene's high-res resolution instead of its default one
};

// Lays the train out front to back along +X (locomotive first), centres it, turns it by
// train.angle degrees about the vertical axis through its centre (0: the locomotive heads to
// the right of the default cameras), scales it, and adds the ground (part 0). Parts follow
// V-LoL's car_masks; each part's centre is the centre of its world-space bounding box.
// Deterministic: the same input gives the same scene.
TrainScene layout_train(const Train& train, Representation representation,
                        const SceneSettings& settings, const AssetLibrary& library,
                        const LayoutOptions& options = {});

}  // namespace railyard
