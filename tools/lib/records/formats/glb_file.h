// The binary glTF container (glTF 2.0, section "GLB File Format Specification"): a 12-byte
// header (magic "glTF", version 2, total length), a JSON chunk padded with spaces and an optional
// BIN chunk padded with zeros, every chunk starting on a 4-byte boundary. The scene writer
// (scene_glb.h) opens Assimp's output with it to add what Assimp cannot write; tests read files
// back with it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <vector>

namespace railyard {

struct Glb {
  nlohmann::ordered_json json;    // the glTF document, its key order kept
  std::vector<std::uint8_t> bin;  // the BIN chunk's data, padding included (empty: no chunk)
};

// A byte string that is not a GLB; the message says which part is wrong.
class GlbError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws GlbError on a bad magic, version, length, chunk or JSON.
Glb parse_glb(std::span<const std::uint8_t> bytes);

// The container's bytes: the JSON dumped compactly, both chunks padded to 4 bytes. Throws GlbError
// when the result would not fit the 32-bit length fields.
std::vector<std::uint8_t> glb_bytes(const Glb& glb);

}  // namespace railyard
