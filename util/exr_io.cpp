#include "util/exr_io.h"

#include <Imath/half.h>
#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfIO.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/openexr.h>

#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "util/atomic_file.h"
#include "util/half_float.h"
#include "util/io_error.h"
#include "util/zlib_stream.h"

namespace railyard {
namespace {

exr_compression_t core_compression(ExrCompression compression) {
  switch (compression) {
    case ExrCompression::Zip: return EXR_COMPRESSION_ZIP;
    case ExrCompression::Zips: return EXR_COMPRESSION_ZIPS;
    case ExrCompression::Piz: return EXR_COMPRESSION_PIZ;
    case ExrCompression::None: return EXR_COMPRESSION_NONE;
  }
  return EXR_COMPRESSION_ZIP;
}

// The file as OpenEXRCore writes it: at offsets (the chunk table is filled in at the end).
struct MemoryFile {
  std::vector<std::uint8_t> bytes;
  std::string error;  // the library's last message
};

std::int64_t write_at(exr_const_context_t, void* file, const void* data, std::uint64_t size,
                      std::uint64_t offset, exr_stream_error_func_ptr_t) {
  auto& bytes = static_cast<MemoryFile*>(file)->bytes;
  if (offset + size > bytes.size()) bytes.resize(offset + size);
  std::memcpy(bytes.data() + offset, data, size);
  return static_cast<std::int64_t>(size);
}

void keep_error(exr_const_context_t context, exr_result_t, const char* message) {
  void* file = nullptr;
  if (exr_get_user_data(context, &file) == EXR_ERR_SUCCESS && file)
    static_cast<MemoryFile*>(file)->error = message;
}

// One chunk's ZIP data as OpenEXR's own compressor makes it (the bytes split into even and odd
// halves, each byte replaced by its difference from the one before plus 128, then one zlib
// stream), deflated by libdeflate: OpenEXR 3.1 deflates with zlib at twice the time. The chunk
// stays raw where that is not smaller, as OpenEXR's does.
struct ZipChunk {
  std::vector<std::uint8_t> split, stream;
};

exr_result_t zip_chunk(exr_encode_pipeline_t* encode) {
  auto& chunk = *static_cast<ZipChunk*>(encode->encoding_user_data);
  std::span raw(static_cast<const std::uint8_t*>(encode->packed_buffer), encode->packed_bytes);
  chunk.split.resize(raw.size());
  std::uint8_t* even = chunk.split.data();
  std::uint8_t* odd = even + (raw.size() + 1) / 2;
  std::size_t i = 0;
  for (; i + 1 < raw.size(); i += 2) *even++ = raw[i], *odd++ = raw[i + 1];
  if (i < raw.size()) *even = raw[i];
  int previous = chunk.split.empty() ? 0 : chunk.split[0];
  for (i = 1; i < chunk.split.size(); ++i) {
    int value = chunk.split[i];
    chunk.split[i] = static_cast<std::uint8_t>(value - previous + 128 + 256);
    previous = value;
  }
  try {
    zlib_compress(chunk.split, 1, chunk.stream);
  } catch (const IoError&) {
    return EXR_ERR_OUT_OF_MEMORY;
  }
  if (chunk.stream.size() >= raw.size()) chunk.stream.assign(raw.begin(), raw.end());
  encode->compressed_buffer = chunk.stream.data();
  encode->compressed_bytes = chunk.stream.size();
  return EXR_ERR_SUCCESS;
}

void check(exr_result_t result, const MemoryFile& file, const char* step) {
  if (result != EXR_ERR_SUCCESS)
    throw IoError(std::string(step) + ": " +
                  (file.error.empty() ? exr_get_default_error_message(result) : file.error));
}

// Writes the Z channel from `pixels` (half or float, as `type` says), a chunk at a time.
template <typename T>
std::vector<std::uint8_t> encode_z(const Image<T>& pixels, exr_pixel_type_t type,
                                   ExrCompression compression) {
  MemoryFile file;
  exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
  init.user_data = &file;
  init.write_fn = write_at;
  init.error_handler_fn = keep_error;
  exr_context_t context = nullptr;
  check(exr_start_write(&context, "depth.exr", EXR_WRITE_FILE_DIRECTLY, &init), file, "start");
  std::unique_ptr<exr_context_t, void (*)(exr_context_t*)> finish(&context, [](exr_context_t* c) {
    if (*c) exr_finish(c);
  });
  int part = 0;
  check(exr_add_part(context, nullptr, EXR_STORAGE_SCANLINE, &part), file, "part");
  check(exr_initialize_required_attr_simple(context, part, pixels.width, pixels.height,
                                            core_compression(compression)),
        file, "header");
  check(exr_add_channel(context, part, "Z", type, EXR_PERCEPTUALLY_LOGARITHMIC, 1, 1), file,
        "channel");
  check(exr_write_header(context), file, "header");
  std::int32_t lines = 1;
  check(exr_get_scanlines_per_chunk(context, part, &lines), file, "chunks");
  exr_encode_pipeline_t encode = EXR_ENCODE_PIPELINE_INITIALIZER;
  ZipChunk zip;
  const bool zipped = compression == ExrCompression::Zip || compression == ExrCompression::Zips;
  exr_result_t result = EXR_ERR_SUCCESS;
  for (int y = 0; y < pixels.height && result == EXR_ERR_SUCCESS; y += lines) {
    exr_chunk_info_t chunk;
    result = exr_write_scanline_chunk_info(context, part, y, &chunk);
    if (result != EXR_ERR_SUCCESS) break;
    result = y == 0 ? exr_encoding_initialize(context, part, &chunk, &encode)
                    : exr_encoding_update(context, part, &chunk, &encode);
    if (result != EXR_ERR_SUCCESS) break;
    exr_coding_channel_info_t& channel = encode.channels[0];
    channel.encode_from_ptr = reinterpret_cast<const std::uint8_t*>(
        pixels.pixels.data() + static_cast<std::size_t>(y) * pixels.width);
    channel.user_pixel_stride = sizeof(T);
    channel.user_line_stride = static_cast<std::int32_t>(sizeof(T)) * pixels.width;
    channel.user_bytes_per_element = sizeof(T);
    channel.user_data_type = static_cast<std::uint16_t>(type);
    if (y == 0) {
      result = exr_encoding_choose_default_routines(context, part, &encode);
      if (zipped) encode.compress_fn = zip_chunk, encode.encoding_user_data = &zip;
    }
    if (result == EXR_ERR_SUCCESS) result = exr_encoding_run(context, part, &encode);
    if (zipped) encode.compressed_buffer = nullptr, encode.compressed_alloc_size = 0;  // ours
  }
  exr_encoding_destroy(context, &encode);
  check(result, file, "chunk");
  exr_result_t finished = exr_finish(&context);  // writes the chunk table
  context = nullptr;
  check(finished, file, "finish");
  return std::move(file.bytes);
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
      return encode_z(half_image(depth), EXR_PIXEL_HALF, compression);
    return encode_z(depth, EXR_PIXEL_FLOAT, compression);
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

namespace {

// An EXR held in memory, for OpenEXR's reader (a shard's member is never a file of its own).
class MemoryStream : public Imf::IStream {
 public:
  MemoryStream(std::span<const std::uint8_t> bytes, const std::string& source)
      : Imf::IStream(source.c_str()), bytes_(bytes) {}
  bool read(char c[], int n) override {
    if (n < 0 || position_ + static_cast<std::uint64_t>(n) > bytes_.size())
      throw std::runtime_error("unexpected end of the file");
    std::memcpy(c, bytes_.data() + position_, static_cast<std::size_t>(n));
    position_ += static_cast<std::uint64_t>(n);
    return position_ < bytes_.size();
  }
  std::uint64_t tellg() override { return position_; }
  void seekg(std::uint64_t position) override { position_ = position; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::uint64_t position_ = 0;
};

Image<float> read_depth(Imf::InputFile& file, const std::string& source) {
  const Imf::Header& header = file.header();
  if (header.channels().findChannel("Z") == nullptr)
    throw IoError(source + ": OpenEXR file has no Z (depth) channel");
  Imath::Box2i window = header.dataWindow();
  Image<float> depth(window.max.x - window.min.x + 1, window.max.y - window.min.y + 1);
  Imf::FrameBuffer frame;
  frame.insert("Z", Imf::Slice::Make(Imf::FLOAT, depth.pixels.data(), window, sizeof(float),
                                     sizeof(float) * static_cast<std::size_t>(depth.width)));
  file.setFrameBuffer(frame);
  file.readPixels(window.min.y, window.max.y);
  return depth;
}

}  // namespace

Image<float> read_depth_exr(const std::filesystem::path& path) {
  try {
    Imf::InputFile file(path.c_str(), 0);
    return read_depth(file, path.string());
  } catch (const IoError&) {
    throw;
  } catch (const std::exception& e) {
    throw IoError(path.string() + ": cannot read OpenEXR depth: " + e.what());
  }
}

Image<float> decode_depth_exr(std::span<const std::uint8_t> bytes, const std::string& source) {
  try {
    MemoryStream stream(bytes, source);
    Imf::InputFile file(stream, 0);
    return read_depth(file, source);
  } catch (const IoError&) {
    throw;
  } catch (const std::exception& e) {
    throw IoError(source + ": cannot read OpenEXR depth: " + e.what());
  }
}

}  // namespace railyard
