// Key dimensions of the Trains assets, in the car frame: origin on the ground under the middle
// of the car, +X towards the locomotive, +Z up, units of the layout (one unit ~ one metre of a
// full-size wagon). assets/manifest.yaml repeats the attachment points derived from these, and
// tests/scenes checks that the two agree with the geometry.
#pragma once

namespace railyard::assetgen::trains {

// Track: ballast bed, sleepers, then rails whose heads the wheel treads run on.
inline constexpr float kBallastTop = 0.04f;
inline constexpr float kSleeperTop = 0.10f;
inline constexpr float kRailTop = 0.20f;
inline constexpr float kGaugeHalf = 0.38f;  // rail centre line at y = +-kGaugeHalf
inline constexpr float kTrackSegment = 1.0f;

// Wagon running gear.
inline constexpr float kWheelRadius = 0.20f;  // at the tread
inline constexpr float kAxleHeight = kRailTop + kWheelRadius;

// Wagon body: deck plate on side sole bars, buffers at coupling height.
inline constexpr float kDeckBottom = 0.66f;
inline constexpr float kDeckTop = 0.74f;
inline constexpr float kBodyHalfWidth = 0.56f;
inline constexpr float kSoleBarBottom = 0.54f;  // side beams from here up to the deck top
inline constexpr float kSoleBarInner = 0.48f;   // |y| of their inner face
inline constexpr float kShortBody = 2.0f;
inline constexpr float kLongBody = 3.0f;
inline constexpr float kBufferReach = 0.18f;  // buffer face beyond the body end
inline constexpr float kCouplingHeight = 0.62f;

// Superstructure, measured from the deck top.
inline constexpr float kWallHeight = 0.34f;
inline constexpr float kRoofClearance = 0.9f;  // deck top to roof underside

// Locomotive, in its own frame (origin on the ground under its middle, +X forwards).
inline constexpr float kLocoBack = -1.78f;  // rear buffer faces
inline constexpr float kLocoFront = 1.87f;  // cow-catcher tip

}  // namespace railyard::assetgen::trains
