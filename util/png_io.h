// PNG files through libpng: 8-bit RGB colour images, 8-bit grey (V-LoL's depth maps) and 16-bit
// grey. Output is byte-reproducible: no time or text chunks, fixed zlib or libdeflate settings.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "util/image.h"

namespace railyard {

enum class PngFilter { None, Sub, Up, Average, Paeth, Adaptive };

// The defaults favour speed. Measured with tests/util/png_benchmark on render-like
// 480x270 images (one core of a shared 2-core machine): level 1 with the Up filter takes about
// 2.9 ms (74 KiB) smooth and 5.1 ms (167 KiB) with path-tracer grain, against 20 ms and 47 ms
// (58 and 147 KiB) for libpng's defaults (level 6, adaptive filters). zlib's RLE strategy was no
// faster at level 1 and made larger files.
struct PngOptions {
  int compression_level = 1;  // zlib 0..9
  PngFilter filter = PngFilter::Up;
  bool rle_strategy = false;  // Z_RLE instead of zlib's default strategy
  // 1..12: the filtered rows deflated whole by libdeflate at this level instead of by zlib
  // (compression_level and rle_strategy unused; not with the Adaptive filter). libdeflate's
  // level 1 takes about half of zlib's time for a smaller file; libpng still writes the chunks.
  int libdeflate_level = 0;
};

// Encoded PNG bytes. Throws IoError when libpng fails.
std::vector<std::uint8_t> encode_png(const Image<Rgb8>& image, const PngOptions& options = {});
std::vector<std::uint8_t> encode_png(const Image<std::uint8_t>& image,
                                     const PngOptions& options = {});
std::vector<std::uint8_t> encode_png(const Image<std::uint16_t>& image,
                                     const PngOptions& options = {});

// Atomic writes (see atomic_file.h), of the three pixel types above.
template <class Pixel>
void write_png(const std::filesystem::path& path, const Image<Pixel>& image,
               const PngOptions& options = {});

// Decoding. source names the data in error messages. The RGB reader accepts any PNG (grey and
// palette are expanded, alpha dropped, 16-bit scaled to 8); the grey readers require a grey PNG of
// that depth (8-bit also accepts 1, 2 and 4 bits) and say what they found otherwise.
Image<Rgb8> decode_png_rgb(std::span<const std::uint8_t> bytes, std::string_view source);
Image<std::uint8_t> decode_png_grey8(std::span<const std::uint8_t> bytes, std::string_view source);
Image<std::uint16_t> decode_png_grey16(std::span<const std::uint8_t> bytes,
                                       std::string_view source);

Image<Rgb8> read_png_rgb(const std::filesystem::path& path);
Image<std::uint8_t> read_png_grey8(const std::filesystem::path& path);
Image<std::uint16_t> read_png_grey16(const std::filesystem::path& path);

}  // namespace railyard
