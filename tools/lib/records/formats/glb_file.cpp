#include "tools/lib/records/formats/glb_file.h"

#include <cstring>
#include <limits>
#include <string>

#include "tools/lib/records/json/json_fields.h"

namespace railyard {
namespace {

constexpr std::uint32_t kMagic = 0x46546C67;      // "glTF"
constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
constexpr std::uint32_t kBinChunk = 0x004E4942;   // "BIN\0"

// GLB is little-endian whatever the machine.
std::uint32_t read_u32(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at]) | static_cast<std::uint32_t>(bytes[at + 1]) << 8 |
         static_cast<std::uint32_t>(bytes[at + 2]) << 16 |
         static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

struct Chunk {
  std::uint32_t type = 0;
  std::span<const std::uint8_t> data;
};

// The chunk at `at`, checked to lie inside the file.
Chunk read_chunk(std::span<const std::uint8_t> bytes, std::size_t at) {
  if (bytes.size() - at < 8) throw GlbError("GLB: a chunk header runs past the end of the file");
  std::uint32_t length = read_u32(bytes, at);
  if (length % 4 != 0) throw GlbError("GLB: a chunk's length is not a multiple of 4");
  if (bytes.size() - at - 8 < length) throw GlbError("GLB: a chunk runs past the end of the file");
  return {read_u32(bytes, at + 4), bytes.subspan(at + 8, length)};
}

void append_chunk(std::vector<std::uint8_t>& out, std::uint32_t type,
                  std::span<const std::uint8_t> data, std::uint8_t pad) {
  std::size_t padded = (data.size() + 3) / 4 * 4;
  append_u32(out, static_cast<std::uint32_t>(padded));
  append_u32(out, type);
  out.insert(out.end(), data.begin(), data.end());
  out.resize(out.size() + padded - data.size(), pad);
}

}  // namespace

Glb parse_glb(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 12 || read_u32(bytes, 0) != kMagic) throw GlbError("GLB: no glTF header");
  if (read_u32(bytes, 4) != 2) throw GlbError("GLB: not version 2");
  if (read_u32(bytes, 8) != bytes.size())
    throw GlbError("GLB: the header's length " + std::to_string(read_u32(bytes, 8)) +
                   " is not the file's " + std::to_string(bytes.size()));
  Chunk json = read_chunk(bytes, 12);
  if (json.type != kJsonChunk) throw GlbError("GLB: the first chunk is not JSON");
  Glb glb;
  try {
    std::string_view text(reinterpret_cast<const char*>(json.data.data()), json.data.size());
    glb.json = parse_ordered_json(text, JsonOrigin{"GLB JSON chunk"});
  } catch (const DatasetError& e) {
    throw GlbError(std::string("GLB: ") + e.what());
  }
  if (!glb.json.is_object()) throw GlbError("GLB: the JSON chunk is not a JSON object");
  std::size_t at = 20 + json.data.size();
  if (at < bytes.size()) {
    Chunk bin = read_chunk(bytes, at);
    if (bin.type != kBinChunk) throw GlbError("GLB: the second chunk is not BIN");
    glb.bin.assign(bin.data.begin(), bin.data.end());
    if (at + 8 + bin.data.size() != bytes.size()) throw GlbError("GLB: bytes after the BIN chunk");
  }
  return glb;
}

std::vector<std::uint8_t> glb_bytes(const Glb& glb) {
  std::string text = glb.json.dump();
  std::size_t total = 12 + 8 + (text.size() + 3) / 4 * 4;
  if (!glb.bin.empty()) total += 8 + (glb.bin.size() + 3) / 4 * 4;
  if (total > std::numeric_limits<std::uint32_t>::max())
    throw GlbError("GLB: " + std::to_string(total) + " bytes do not fit its 32-bit length");
  std::vector<std::uint8_t> out;
  out.reserve(total);
  append_u32(out, kMagic);
  append_u32(out, 2);
  append_u32(out, static_cast<std::uint32_t>(total));
  append_chunk(out, kJsonChunk, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()},
               ' ');
  if (!glb.bin.empty()) append_chunk(out, kBinChunk, glb.bin, 0);
  return out;
}

}  // namespace railyard
