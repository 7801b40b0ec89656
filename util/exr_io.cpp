#include "util/exr_io.h"

#include <Imath/half.h>
#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfOutputFile.h>
#include <OpenEXR/ImfStdIO.h>

#include <string>

#include "util/atomic_file.h"
#include "util/half_float.h"
#include "util/io_error.h"

namespace railyard {
namespace {

Imf::Compression imf_compression(ExrCompression compression) {
  switch (compression) {
    case ExrCompression::Zip: return Imf::ZIP_COMPRESSION;
    case ExrCompression::Zips: return Imf::ZIPS_COMPRESSION;
    case ExrCompression::Piz: return Imf::PIZ_COMPRESSION;
    case ExrCompression::None: return Imf::NO_COMPRESSION;
  }
  return Imf::ZIP_COMPRESSION;
}

// OpenEXR's frame buffers take non-const pointers even for writing.
template <typename T>
char* base_of(const Image<T>& image) {
  return reinterpret_cast<char*>(const_cast<T*>(image.pixels.data()));
}

// Writes the Z channel from `pixels`, whose element type matches `type`.
template <typename T>
std::vector<std::uint8_t> encode_z(const Image<T>& pixels, Imf::PixelType type,
                                   ExrCompression compression) {
  Imf::Header header(pixels.width, pixels.height);
  header.compression() = imf_compression(compression);
  // Level 1: depth barely compresses better at zlib's default 6, which costs ~20% more.
  header.zipCompressionLevel() = 1;
  header.channels().insert("Z", Imf::Channel(type));
  Imf::FrameBuffer frame;
  frame.insert("Z", Imf::Slice(type, base_of(pixels), sizeof(T),
                               sizeof(T) * static_cast<std::size_t>(pixels.width)));
  Imf::StdOSStream stream;
  {
    // No worker threads: the pipeline parallelises over images already.
    Imf::OutputFile file(stream, header, 0);
    file.setFrameBuffer(frame);
    file.writePixels(pixels.height);
  }  // the file completes its offset table when it closes
  std::string data = stream.str();
  return {data.begin(), data.end()};
}

Image<half> half_image(const Image<float>& depth) {
  Image<half> out(depth.width, depth.height);
  to_half(depth.pixels, out.pixels);
  return out;
}

}  // namespace

Image<float> stored_depth(const Image<float>& depth, DepthPrecision precision) {
  if (precision == DepthPrecision::Float) return depth;
  Image<half> halves = half_image(depth);
  Image<float> out(depth.width, depth.height);
  for (std::size_t i = 0; i < out.pixels.size(); ++i)
    out.pixels[i] = static_cast<float>(halves.pixels[i]);
  return out;
}

std::vector<std::uint8_t> encode_depth_exr(const Image<float>& depth, ExrCompression compression,
                                           DepthPrecision precision) {
  if (depth.width <= 0 || depth.height <= 0)
    throw IoError("cannot encode an empty depth image as OpenEXR");
  try {
    if (precision == DepthPrecision::Half)
      return encode_z(half_image(depth), Imf::HALF, compression);
    return encode_z(depth, Imf::FLOAT, compression);
  } catch (const std::exception& e) {
    throw IoError(std::string("OpenEXR encoding failed: ") + e.what());
  }
}

void write_depth_exr(const std::filesystem::path& path, const Image<float>& depth,
                     ExrCompression compression, DepthPrecision precision) {
  std::vector<std::uint8_t> bytes;
  try {
    bytes = encode_depth_exr(depth, compression, precision);
  } catch (const IoError& e) {
    throw IoError(path.string() + ": " + e.what());
  }
  write_file_atomically(path, bytes);
}

Image<float> read_depth_exr(const std::filesystem::path& path) {
  try {
    Imf::InputFile file(path.c_str(), 0);
    const Imf::Header& header = file.header();
    if (header.channels().findChannel("Z") == nullptr)
      throw IoError(path.string() + ": OpenEXR file has no Z (depth) channel");
    Imath::Box2i window = header.dataWindow();
    Image<float> depth(window.max.x - window.min.x + 1, window.max.y - window.min.y + 1);
    Imf::FrameBuffer frame;
    frame.insert("Z", Imf::Slice::Make(Imf::FLOAT, depth.pixels.data(), window, sizeof(float),
                                       sizeof(float) * static_cast<std::size_t>(depth.width)));
    file.setFrameBuffer(frame);
    file.readPixels(window.min.y, window.max.y);
    return depth;
  } catch (const IoError&) {
    throw;
  } catch (const std::exception& e) {
    throw IoError(path.string() + ": cannot read OpenEXR depth: " + e.what());
  }
}

}  // namespace railyard
