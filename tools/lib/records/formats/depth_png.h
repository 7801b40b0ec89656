// V-LoL's depth picture (depths/<i>_m_train.png): metric depth with everything beyond far_clip
// (the sky included) set to far_clip, then min-max normalised over the whole image to 0..255 and
// rounded, so near is dark, far is bright and the background white. Like V-LoL's, the scale
// differs from image to image; the metric depth EXR keeps the absolute values.
#pragma once

#include <cstdint>

#include "util/image.h"

namespace railyard {

// V-LoL clamps at 100 scene units.
inline constexpr float kVlolDepthClip = 100.0f;

// NaN counts as background. An image of one depth throughout maps to 0.
Image<std::uint8_t> depth_png_image(const Image<float>& depth, float far_clip = kVlolDepthClip);

}  // namespace railyard
