// The Blocks representation (CLEVR-like primitives), as V-LoL's SimpleObjects. A car is a platform
// shape in the car's colour; a black band round its top marks a double wall, a black band round
// its foot marks three axles; loads are plain solids standing on the flat top.
#pragma once

#include <string_view>

#include "tools/assetgen/asset.h"

namespace railyard::assetgen::blocks {

enum class Platform { Cube, Cylinder, Hemisphere, Frustum, HexagonalPrism };
enum class Band { Whole, Top, Bottom };
enum class Load { Sphere, Pyramid, Cube, Cylinder, Cone, Torus };
// In the order of the Blocks vocabulary's roof and load values.
inline constexpr Platform kPlatforms[] = {Platform::Cube, Platform::Cylinder, Platform::Hemisphere,
                                          Platform::Frustum, Platform::HexagonalPrism};
inline constexpr Load kLoads[] = {Load::Sphere,   Load::Pyramid, Load::Cube,
                                  Load::Cylinder, Load::Cone,    Load::Torus};

std::string_view platform_name(Platform p);  // cube, cylinder, ... as in the Blocks vocabulary
std::string_view load_name(Load l);

// The platform itself (Band::Whole, paint slot) or one of its black marker bands.
Asset platform(Platform p, bool long_car, Band band);
Asset load(Load l);
Asset locomotive();

}  // namespace railyard::assetgen::blocks
