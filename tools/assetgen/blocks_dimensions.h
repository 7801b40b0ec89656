// Key dimensions of the Blocks (CLEVR-like) assets. Frame as for Trains: origin on the ground
// under the middle of the platform, +X towards the locomotive, +Z up. Long platforms are the
// short ones stretched along X.
#pragma once

namespace railyard::assetgen::blocks {

// Everything below is in units before this scale, which makes a Blocks train about as long as a
// Trains one, so both fill the same camera frame.
inline constexpr float kScale = 1.3f;

inline constexpr float kLongStretch = 1.8f;
inline constexpr float kMarkerBand = 0.14f;   // height of the black top/bottom bands
inline constexpr float kMarkerGrow = 0.015f;  // bands stand this far proud of the platform

// Platform heights (their tops carry the loads).
inline constexpr float kCubeEdge = 1.2f;
inline constexpr float kCylinderRadius = 0.66f, kCylinderHeight = 1.0f;
inline constexpr float kHemisphereRadius = 0.72f;
inline constexpr float kFrustumBottom = 0.72f, kFrustumTop = 0.5f, kFrustumHeight = 0.95f;
inline constexpr float kPrismRadius = 0.72f, kPrismHeight = 0.95f;

inline constexpr float kLocoHalfLength = 0.9f;

}  // namespace railyard::assetgen::blocks
