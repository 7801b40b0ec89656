// Metric depth as OpenEXR: one channel "Z" (the name compositors and Blender use for depth), half
// or 32-bit float, losslessly compressed; infinity (what the renderer writes for the sky) survives
// the round trip at either precision.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "util/image.h"

namespace railyard {

// ZIP: 16 scanlines per block, ZIPS: one scanline per block, each deflated by libdeflate's level 1
// in OpenEXR's ZIP layout (OpenEXRCore writes the file). Measured on 480x270 half-float train
// depth maps (`railyard bench write`, 2026-11-29): ZIP 1.4 ms and 27 KiB, where OpenEXR 3.1's own
// zlib took 2.2 ms for 34 KiB; None 0.25 ms and 258 KiB.
enum class ExrCompression { Zip, Zips, Piz, None };

// Half floats keep 11 significant bits: a distance d comes back within d * 2^-11 (relative error
// at most 4.9e-4, about 2.4e-4 on average), i.e. ~1 mm at 4 m, and halve the file before
// compression. Distances above 65504 become infinity (the cameras' far plane is 100).
enum class DepthPrecision { Half, Float };

std::vector<std::uint8_t> encode_depth_exr(const Image<float>& depth,
                                           ExrCompression compression = ExrCompression::Zip,
                                           DepthPrecision precision = DepthPrecision::Float);

// Atomic write (see atomic_file.h). Throws IoError naming the path.
void write_depth_exr(const std::filesystem::path& path, const Image<float>& depth,
                     ExrCompression compression = ExrCompression::Zip,
                     DepthPrecision precision = DepthPrecision::Float);

// The depth as a file of that precision gives it back: rounded to half floats, or unchanged.
Image<float> stored_depth(const Image<float>& depth, DepthPrecision precision);

// Reads the "Z" channel (converted to float if stored as half or uint). Throws IoError naming
// the path when the file is missing, not OpenEXR, or has no Z channel.
Image<float> read_depth_exr(const std::filesystem::path& path);
// The same from the file's bytes (a member of a tar shard); `source` names it in errors.
Image<float> decode_depth_exr(std::span<const std::uint8_t> bytes, const std::string& source);

}  // namespace railyard
