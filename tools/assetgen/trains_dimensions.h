// Key dimensions of the Trains assets at V-LoL's train scale S = 1: the layout scales a whole
// train by S (0.5 for trains of up to 4 cars), as V-LoL does with its own assets, so these are
// V-LoL's numbers where it has them (spacings, load pitch and height) and ours elsewhere. Frames:
// origin on the ground under the middle of a vehicle's span (coupling to coupling), +X towards the
// locomotive, +Z up. assets/manifest.yaml is written from these (manifest_writer.cpp).
#pragma once

#include <array>

namespace railyard::assetgen::trains {

// Spacing of the vehicles along the train: V-LoL's car and engine lengths at S = 1.
inline constexpr float kShortSpacing = 2.48875f;
inline constexpr float kLongSpacing = 3.54121375f;
inline constexpr float kLocoSpacing = 3.75f;  // rear buffer faces to the cow-catcher tip

// Track: ballast bed, sleepers, then rails whose heads the wheel treads run on.
inline constexpr float kBallastTop = 0.05f;
inline constexpr float kSleeperTop = 0.13f;
inline constexpr float kRailTop = 0.25f;
inline constexpr float kGaugeHalf = 0.72f;    // rail centre line at y = +-kGaugeHalf
inline constexpr float kTrackSegment = 4.5f;  // one track model, repeated along the line
inline constexpr float kSleeperPitch = 0.5f;

// Wagon running gear: large spoked wheels.
inline constexpr float kWheelRadius = 0.34f;  // at the tread
inline constexpr float kAxleHeight = kRailTop + kWheelRadius;

// Wagon body: side sole bars above the wheels carry the deck; buffers at coupling height.
inline constexpr float kBufferReach = 0.16f;  // buffer face beyond the body end
inline constexpr float kSoleBarBottom = 0.95f;
inline constexpr float kDeckBottom = 1.0f;
inline constexpr float kDeckTop = 1.2f;  // the load floor: V-LoL's payloads stand at 1.21 S
inline constexpr float kBodyHalfWidth = 0.85f;
inline constexpr float kSoleBarInner = 0.75f;  // |y| of their inner face
inline constexpr float kCouplingHeight = 1.08f;

inline constexpr float body_length(bool long_car) {
  return (long_car ? kLongSpacing : kShortSpacing) - 2.0f * kBufferReach;
}

// Superstructure, measured from the deck top: walls reach 1.6 above the rail top, as V-LoL's.
inline constexpr float kWallHeight = 0.65f;
inline constexpr float kRoofClearance = 1.75f;  // deck top to the roof frame
inline constexpr float kPeakRise = 0.6f;        // peaked roof: eaves to ridge

// Axle positions along the car, for 2 and 3 axles.
inline constexpr std::array<float, 2> kShortAxles2 = {0.62f, -0.62f};
inline constexpr std::array<float, 3> kShortAxles3 = {0.74f, 0.0f, -0.74f};
inline constexpr std::array<float, 2> kLongAxles2 = {1.1f, -1.1f};
inline constexpr std::array<float, 3> kLongAxles3 = {1.15f, 0.0f, -1.15f};

// Loads stand on the deck 1 apart (V-LoL's pitch at S = 1), centred on the car, payload_0
// rearmost as V-LoL places them.
inline constexpr float kLoadPitch = 1.0f;

}  // namespace railyard::assetgen::trains
