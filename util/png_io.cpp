#include "util/png_io.h"

#include <png.h>
#include <zlib.h>

#include <bit>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

#include "util/atomic_file.h"
#include "util/io_error.h"
#include "util/read_file.h"
#include "util/zlib_stream.h"

namespace railyard {
namespace {

// libpng reports errors by longjmp. Every function that calls libpng below keeps only trivially
// destructible locals between setjmp and the calls, and hands the message out in this state, so
// C++ objects are never skipped by a longjmp; exceptions are thrown afterwards by the caller.
struct PngState {
  char message[256] = {};
  // Writing: the encoded bytes. Reading: the input and how far it has been consumed.
  std::vector<std::uint8_t>* out = nullptr;
  const std::uint8_t* in = nullptr;
  std::size_t in_size = 0;
  std::size_t in_offset = 0;
};

void on_error(png_structp png, png_const_charp message) {
  auto* state = static_cast<PngState*>(png_get_error_ptr(png));
  std::snprintf(state->message, sizeof state->message, "%s", message);
  png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

void on_write(png_structp png, png_bytep data, png_size_t length) {
  auto* state = static_cast<PngState*>(png_get_io_ptr(png));
  try {
    state->out->insert(state->out->end(), data, data + length);
  } catch (const std::exception&) {
    png_error(png, "out of memory");
  }
}

void on_flush(png_structp) {}

void on_read(png_structp png, png_bytep data, png_size_t length) {
  auto* state = static_cast<PngState*>(png_get_io_ptr(png));
  if (state->in_size - state->in_offset < length) png_error(png, "file is truncated");
  std::memcpy(data, state->in + state->in_offset, length);
  state->in_offset += length;
}

int filter_flags(PngFilter filter) {
  switch (filter) {
    case PngFilter::None: return PNG_FILTER_NONE;
    case PngFilter::Sub: return PNG_FILTER_SUB;
    case PngFilter::Up: return PNG_FILTER_UP;
    case PngFilter::Average: return PNG_FILTER_AVG;
    case PngFilter::Paeth: return PNG_FILTER_PAETH;
    case PngFilter::Adaptive: return PNG_ALL_FILTERS;
  }
  return PNG_ALL_FILTERS;
}

struct RasterLayout {
  int width = 0;
  int height = 0;
  int color_type = PNG_COLOR_TYPE_RGB;
  int bit_depth = 8;
  std::size_t row_bytes = 0;
};

// The PNG filter of one row (the spec's section 9): `bpp` bytes per pixel, `above` the row before
// (zeros for the first). One loop per filter: the dataset's images take the Sub loop.
void filter_row(PngFilter filter, const std::uint8_t* row, const std::uint8_t* above,
                std::size_t bytes, std::size_t bpp, std::uint8_t* out) {
  auto left = [&](std::size_t i) { return i >= bpp ? row[i - bpp] : 0; };
  switch (filter) {
    case PngFilter::Sub:
      for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<std::uint8_t>(row[i] - left(i));
      return;
    case PngFilter::Up:
      for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<std::uint8_t>(row[i] - above[i]);
      return;
    case PngFilter::Average:
      for (std::size_t i = 0; i < bytes; ++i)
        out[i] = static_cast<std::uint8_t>(row[i] - (left(i) + above[i]) / 2);
      return;
    case PngFilter::Paeth:
      for (std::size_t i = 0; i < bytes; ++i) {
        int a = left(i), b = above[i], c = i >= bpp ? above[i - bpp] : 0;
        int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
        out[i] = static_cast<std::uint8_t>(row[i] - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
      }
      return;
    default: std::memcpy(out, row, bytes);
  }
}

// Every row behind its filter byte, in PNG's byte order (16-bit samples big-endian).
std::vector<std::uint8_t> filtered_rows(const RasterLayout& layout, const std::uint8_t* pixels,
                                        PngFilter filter) {
  const std::size_t bytes = layout.row_bytes, bpp = bytes / static_cast<std::size_t>(layout.width);
  const bool swap = layout.bit_depth == 16 && std::endian::native == std::endian::little;
  std::vector<std::uint8_t> row(bytes), above(bytes, 0);
  std::vector<std::uint8_t> out((bytes + 1) * static_cast<std::size_t>(layout.height));
  for (int y = 0; y < layout.height; ++y) {
    std::memcpy(row.data(), pixels + static_cast<std::size_t>(y) * bytes, bytes);
    if (swap)
      for (std::size_t i = 0; i + 1 < bytes; i += 2) std::swap(row[i], row[i + 1]);
    std::uint8_t* line = out.data() + static_cast<std::size_t>(y) * (bytes + 1);
    line[0] = static_cast<std::uint8_t>(filter);  // the enum's order is PNG's filter types'
    filter_row(filter, row.data(), above.data(), bytes, bpp, line + 1);
    std::swap(row, above);
  }
  return out;
}

// The image's IDAT data: its filtered rows as one zlib stream from libdeflate.
std::vector<std::uint8_t> deflated_rows(const RasterLayout& layout, const std::uint8_t* pixels,
                                        const PngOptions& options) {
  std::vector<std::uint8_t> out;
  zlib_compress(filtered_rows(layout, pixels, options.filter), options.libdeflate_level, out);
  return out;
}

// Writes the PNG: the header by libpng, then either libpng's own rows (zlib) or the IDAT chunk
// `idat` already deflated.
bool encode_rows(PngState& state, const RasterLayout& layout, const std::uint8_t* pixels,
                 const PngOptions& options, const std::vector<std::uint8_t>* idat) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
  if (png == nullptr) {
    std::snprintf(state.message, sizeof state.message, "cannot start libpng");
    return false;
  }
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, &state, on_write, on_flush);
  png_set_IHDR(png, info, static_cast<png_uint_32>(layout.width),
               static_cast<png_uint_32>(layout.height), layout.bit_depth, layout.color_type,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_set_compression_level(png, options.compression_level);
  png_set_compression_strategy(png, options.rle_strategy ? Z_RLE : Z_DEFAULT_STRATEGY);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, filter_flags(options.filter));
  png_write_info(png, info);
  if (idat) {
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IDAT"), idat->data(), idat->size());
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
  } else {
    if (layout.bit_depth == 16 && std::endian::native == std::endian::little) png_set_swap(png);
    for (int y = 0; y < layout.height; ++y)
      png_write_row(png, pixels + static_cast<std::size_t>(y) * layout.row_bytes);
    png_write_end(png, nullptr);
  }
  png_destroy_write_struct(&png, &info);
  return true;
}

std::vector<std::uint8_t> encode(const RasterLayout& layout, const void* pixels,
                                 const PngOptions& options) {
  if (layout.width <= 0 || layout.height <= 0)
    throw IoError("cannot encode an empty image (" + std::to_string(layout.width) + "x" +
                  std::to_string(layout.height) + ") as PNG");
  if (options.compression_level < 0 || options.compression_level > 9)
    throw IoError("PNG compression level " + std::to_string(options.compression_level) +
                  " is outside 0..9");
  if (options.libdeflate_level < 0 || options.libdeflate_level > 12 ||
      (options.libdeflate_level > 0 && options.filter == PngFilter::Adaptive))
    throw IoError("PNG libdeflate level " + std::to_string(options.libdeflate_level) +
                  " is outside 1..12 or asks for the adaptive filter");
  const auto* bytes = static_cast<const std::uint8_t*>(pixels);
  std::optional<std::vector<std::uint8_t>> idat;
  if (options.libdeflate_level > 0) idat = deflated_rows(layout, bytes, options);
  std::vector<std::uint8_t> out;
  out.reserve(idat ? idat->size() + 64
                   : layout.row_bytes * static_cast<std::size_t>(layout.height) / 2);
  PngState state;
  state.out = &out;
  if (!encode_rows(state, layout, bytes, options, idat ? &*idat : nullptr))
    throw IoError(std::string("PNG encoding failed: ") + state.message);
  return out;
}

template <class T>
RasterLayout layout_of(const Image<T>& image, int color_type, int bit_depth) {
  return {image.width, image.height, color_type, bit_depth,
          static_cast<std::size_t>(image.width) * sizeof(T)};
}

// What a reader wants: the pixel layout to convert to, and whether it may convert colour.
enum class Target { Rgb8, Grey8, Grey16 };

const char* color_type_name(int color_type) {
  switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return "grey";
    case PNG_COLOR_TYPE_GRAY_ALPHA: return "grey+alpha";
    case PNG_COLOR_TYPE_RGB: return "RGB";
    case PNG_COLOR_TYPE_RGB_ALPHA: return "RGBA";
    case PNG_COLOR_TYPE_PALETTE: return "palette";
  }
  return "unknown";
}

struct DecodedHeader {
  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int color_type = 0;
  int bit_depth = 0;
};

bool decode_rows(PngState& state, Target target, DecodedHeader& header,
                 std::vector<std::uint8_t>& pixels) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  // Hands out the message and ends the read.
  auto fail = [&](const char* format, auto... args) {
    std::snprintf(state.message, sizeof state.message, format, args...);
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  };
  if (png == nullptr) return fail("cannot start libpng");
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  }
  png_set_read_fn(png, &state, on_read);
  png_read_info(png, info);
  header.width = png_get_image_width(png, info);
  header.height = png_get_image_height(png, info);
  header.color_type = png_get_color_type(png, info);
  header.bit_depth = png_get_bit_depth(png, info);
  bool grey =
      header.color_type == PNG_COLOR_TYPE_GRAY || header.color_type == PNG_COLOR_TYPE_GRAY_ALPHA;
  std::size_t channels = target == Target::Rgb8 ? 3 : 1;
  std::size_t sample_bytes = target == Target::Grey16 ? 2 : 1;
  if (target == Target::Rgb8) {
    if (header.color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (grey) png_set_gray_to_rgb(png);
    if (header.bit_depth == 16) png_set_scale_16(png);
    if (header.bit_depth < 8 && grey) png_set_expand_gray_1_2_4_to_8(png);
  } else {
    const bool sixteen = target == Target::Grey16;
    if (!grey || (sixteen ? header.bit_depth != 16 : header.bit_depth > 8))
      return fail("expected %s grey PNG, found %d-bit %s", sixteen ? "a 16-bit" : "an 8-bit",
                  header.bit_depth, color_type_name(header.color_type));
    if (header.bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (sixteen && std::endian::native == std::endian::little) png_set_swap(png);
  }
  if (header.color_type & PNG_COLOR_MASK_ALPHA) png_set_strip_alpha(png);
  png_read_update_info(png, info);
  std::size_t row_bytes = header.width * channels * sample_bytes;
  if (png_get_rowbytes(png, info) != row_bytes) return fail("unsupported PNG layout");
  try {
    pixels.resize(row_bytes * header.height);
  } catch (const std::exception&) {
    return fail("image too large (%ux%u)", header.width, header.height);
  }
  for (png_uint_32 y = 0; y < header.height; ++y)
    png_read_row(png, pixels.data() + y * row_bytes, nullptr);
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);
  return true;
}

template <class T>
Image<T> decode(std::span<const std::uint8_t> bytes, std::string_view source, Target target) {
  if (bytes.size() < 8 || png_sig_cmp(bytes.data(), 0, 8) != 0)
    throw IoError(std::string(source) + ": not a PNG file");
  PngState state;
  state.in = bytes.data();
  state.in_size = bytes.size();
  DecodedHeader header;
  std::vector<std::uint8_t> pixels;
  if (!decode_rows(state, target, header, pixels))
    throw IoError(std::string(source) + ": " + state.message);
  Image<T> image(static_cast<int>(header.width), static_cast<int>(header.height));
  std::memcpy(image.pixels.data(), pixels.data(), pixels.size());
  return image;
}

}  // namespace

std::vector<std::uint8_t> encode_png(const Image<Rgb8>& image, const PngOptions& options) {
  static_assert(sizeof(Rgb8) == 3);
  return encode(layout_of(image, PNG_COLOR_TYPE_RGB, 8), image.pixels.data(), options);
}

std::vector<std::uint8_t> encode_png(const Image<std::uint8_t>& image, const PngOptions& options) {
  return encode(layout_of(image, PNG_COLOR_TYPE_GRAY, 8), image.pixels.data(), options);
}

std::vector<std::uint8_t> encode_png(const Image<std::uint16_t>& image, const PngOptions& options) {
  return encode(layout_of(image, PNG_COLOR_TYPE_GRAY, 16), image.pixels.data(), options);
}

template <class Pixel>
void write_png(const std::filesystem::path& path, const Image<Pixel>& image,
               const PngOptions& options) {
  write_file_atomically(path, encode_png(image, options));
}
template void write_png(const std::filesystem::path&, const Image<Rgb8>&, const PngOptions&);
template void write_png(const std::filesystem::path&, const Image<std::uint8_t>&,
                        const PngOptions&);
template void write_png(const std::filesystem::path&, const Image<std::uint16_t>&,
                        const PngOptions&);

Image<Rgb8> decode_png_rgb(std::span<const std::uint8_t> bytes, std::string_view source) {
  return decode<Rgb8>(bytes, source, Target::Rgb8);
}

Image<std::uint8_t> decode_png_grey8(std::span<const std::uint8_t> bytes, std::string_view source) {
  return decode<std::uint8_t>(bytes, source, Target::Grey8);
}

Image<std::uint16_t> decode_png_grey16(std::span<const std::uint8_t> bytes,
                                       std::string_view source) {
  return decode<std::uint16_t>(bytes, source, Target::Grey16);
}

Image<Rgb8> read_png_rgb(const std::filesystem::path& path) {
  return decode_png_rgb(read_file_bytes(path), path.string());
}

Image<std::uint8_t> read_png_grey8(const std::filesystem::path& path) {
  return decode_png_grey8(read_file_bytes(path), path.string());
}

Image<std::uint16_t> read_png_grey16(const std::filesystem::path& path) {
  return decode_png_grey16(read_file_bytes(path), path.string());
}

}  // namespace railyard
