// The spoked wheel of wagons and locomotive alike, built about +Z with its outer face towards +Z:
// a flanged steel tyre on the -Z (inner) side, and a rim, hub and spokes that take the paint.
#pragma once

#include "tools/assetgen/shape.h"

namespace railyard::assetgen {

struct SpokedWheel {
  float radius;  // at the tread
  float tyre;    // radial depth of the tyre
  float flange;  // how far the flange stands beyond the tread
  float width;   // half the tyre's width along the axle
  float hub;     // hub radius
  float spoke;   // spoke section
  int spokes;
  float spoke_phase = 0.0f;  // in spokes: 0.5 puts the first spoke between two of the others
};

// 32 segments round the tyre and rim keep their silhouettes within half a pixel of a circle at
// the largest size a wheel takes on screen (V-LoL's framing at 1920x1080).
void spoked_wheel(const SpokedWheel& w, Shape& tyre, Shape& centre);

}  // namespace railyard::assetgen
