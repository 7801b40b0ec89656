// Key dimensions of the Blocks (CLEVR-like) assets at V-LoL's train scale S = 1, read from V-LoL's
// generator: platforms 2 high and 2 wide, short ones 2 long and long ones stretched 1.5 times,
// cars 0.4 apart, loads 0.3 of a size-2 CLEVR solid standing on the platform's top. Frame as for
// Trains: origin on the ground under the middle of a vehicle's span, +X towards the locomotive,
// +Z up.
#pragma once

namespace railyard::assetgen::blocks {

inline constexpr float kPlatformHeight = 2.0f;  // every platform's flat top carries the loads
inline constexpr float kPlatformHalfWidth = 1.0f;
inline constexpr float kShortLength = 2.0f;
inline constexpr float kLongStretch = 1.5f;
inline constexpr float kCarGap = 0.4f;       // free space in front of each car
inline constexpr float kLocoLength = 3.2f;   // V-LoL's simple engine
inline constexpr float kMarkerBand = 0.16f;  // height of the black top/bottom bands
inline constexpr float kMarkerGrow = 0.02f;  // bands stand this far proud of the platform

// Spacing of the cars along the train: platform and the gap in front of it.
inline constexpr float spacing(bool long_car) {
  return kShortLength * (long_car ? kLongStretch : 1.0f) + kCarGap;
}

// The inverted frustum: square, wide at the top, narrow at the foot (half sides).
inline constexpr float kFrustumTopHalf = 1.0f, kFrustumFootHalf = 0.4f;

// Loads, V-LoL's: the first 0.4 ahead of the platform's middle (0.8 for three), 0.8 apart.
inline constexpr float kLoadPitch = 0.8f;

}  // namespace railyard::assetgen::blocks
