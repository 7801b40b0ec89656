// The materials baked into the generated files (glTF metallic/roughness, linear RGB). Car paint
// is only a placeholder here: the layout replaces material "paint" with the car's colour, one of
// kCarPaints, which assets/manifest.yaml defines.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <string_view>

namespace railyard::assetgen {

struct AssetMaterial {
  std::string_view name;
  glm::vec3 base_color;
  float metallic;
  float roughness;
};

namespace palette {
inline constexpr AssetMaterial kPaint{"paint", {0.55f, 0.55f, 0.55f}, 0.0f, 0.4f};
inline constexpr AssetMaterial kUnderframe{"underframe", {0.035f, 0.035f, 0.04f}, 0.5f, 0.5f};
inline constexpr AssetMaterial kSteel{"steel", {0.56f, 0.57f, 0.58f}, 1.0f, 0.3f};
inline constexpr AssetMaterial kDarkSteel{"dark_steel", {0.25f, 0.25f, 0.27f}, 1.0f, 0.4f};
inline constexpr AssetMaterial kWood{"wood", {0.32f, 0.16f, 0.06f}, 0.0f, 0.7f};
inline constexpr AssetMaterial kSleeperWood{"sleeper_wood", {0.12f, 0.08f, 0.05f}, 0.0f, 0.85f};
inline constexpr AssetMaterial kBallast{"ballast", {0.16f, 0.15f, 0.14f}, 0.0f, 0.95f};
inline constexpr AssetMaterial kGold{"gold", {1.0f, 0.71f, 0.29f}, 1.0f, 0.18f};
inline constexpr AssetMaterial kBrass{"brass", {0.85f, 0.62f, 0.3f}, 1.0f, 0.3f};
inline constexpr AssetMaterial kSilver{"pot_steel", {0.9f, 0.91f, 0.92f}, 1.0f, 0.22f};
inline constexpr AssetMaterial kLocoBlack{"loco_black", {0.018f, 0.018f, 0.022f}, 0.3f, 0.35f};
inline constexpr AssetMaterial kLocoRed{"loco_red", {0.5f, 0.025f, 0.02f}, 0.0f, 0.4f};
inline constexpr AssetMaterial kCrateBlue{"crate_blue", {0.01f, 0.045f, 0.42f}, 0.0f, 0.35f};
inline constexpr AssetMaterial kCeramicPurple{"ceramic_purple", {0.3f, 0.04f, 0.42f}, 0.0f, 0.12f};
inline constexpr AssetMaterial kGem{"gem", {0.25f, 0.75f, 1.0f}, 0.3f, 0.05f};
// Blocks: rubber-like CLEVR materials.
inline constexpr AssetMaterial kMarkerBlack{"marker_black", {0.012f, 0.012f, 0.012f}, 0.0f, 0.55f};
inline constexpr AssetMaterial kBlockLoad{"block_load", {0.8f, 0.8f, 0.78f}, 0.0f, 0.45f};
inline constexpr AssetMaterial kLocoBlock{"loco_block", {0.22f, 0.05f, 0.36f}, 0.0f, 0.4f};
// The car colours, in the order of the colour (shape) descriptor's values.
inline constexpr std::array<AssetMaterial, 5> kCarPaints = {{
    {"yellow", {0.80f, 0.50f, 0.02f}, 0.0f, 0.38f},
    {"green", {0.03f, 0.30f, 0.05f}, 0.0f, 0.38f},
    {"grey", {0.14f, 0.14f, 0.15f}, 0.0f, 0.38f},
    {"red", {0.60f, 0.025f, 0.02f}, 0.0f, 0.38f},
    {"blue", {0.025f, 0.10f, 0.60f}, 0.0f, 0.38f},
}};
}  // namespace palette

}  // namespace railyard::assetgen
