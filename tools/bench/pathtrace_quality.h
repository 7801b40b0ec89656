// Equal-quality time, the fairer figure of `railyard bench pathtrace` (issue #29): how long each
// renderer needs to bring its image within a given mean squared error of the converged picture.
// Each renderer is measured against its own 4,096-sample reference (rendered with another seed),
// because the two renderers' converged pictures differ slightly (the sand's noise, Cycles' light
// sampling) and a shared reference would charge that difference as error.
//
// The error is the MSE of sRGB-encoded values in [0, 1] (the picture a user sees, before rounding
// to bytes). For an unbiased renderer it falls as V / n with the samples n; against a reference of
// N samples the measured MSE is V (1/n + 1/N), which gives V. The time to reach an error E is then
// (seconds per sample) * V / E.
#pragma once

#include <filesystem>
#include <glm/glm.hpp>
#include <string>

#include "util/image.h"

namespace railyard {

// Linear radiance through renderer/tone.h's view transform and the sRGB encoding, unrounded.
Image<glm::vec3> encoded_picture(const Image<glm::vec3>& radiance);

// Mean over pixels and channels; the images must have the same size.
double mean_squared_error(const Image<glm::vec3>& a, const Image<glm::vec3>& b);

// V, the error of one sample, from the MSE of an n-sample image against an N-sample reference.
double error_per_sample(double mse, int samples, int reference_samples);

// Linear RGB as 32-bit float OpenEXR (R, G, B), as Blender writes a render; throw naming the file.
void write_rgb_exr(const std::filesystem::path& path, const Image<glm::vec3>& image);
Image<glm::vec3> read_rgb_exr(const std::filesystem::path& path);

// Where references are kept between runs: $XDG_CACHE_HOME or ~/.cache, railyard/pathtrace.
std::filesystem::path default_reference_cache();

}  // namespace railyard
