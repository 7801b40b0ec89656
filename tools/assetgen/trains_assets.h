// The Trains representation (model-train look), each function one asset file. Frames and sizes
// are in trains_dimensions.h.
#pragma once

#include "tools/assetgen/asset.h"

namespace railyard::assetgen::trains {

Asset locomotive();
Asset car_body(bool long_car);
Asset solid_wall(bool long_car);
Asset braced_wall(bool long_car);
Asset frame_roof(bool long_car);   // roof_foundation
Asset flat_roof(bool long_car);    // solid_roof
Asset bars_roof(bool long_car);    // braced_roof
Asset peaked_roof(bool long_car);  // peaked_roof
Asset wheelset();                  // one axle, two flanged wheels, axle boxes and springs
Asset track_segment();             // kTrackSegment of ballast, sleepers and two rails

Asset box_load();
Asset golden_vase_load();
Asset barrel_load();
Asset diamond_load();
Asset metal_pot_load();
Asset oval_vase_load();

}  // namespace railyard::assetgen::trains
