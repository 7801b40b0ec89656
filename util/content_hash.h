// SHA-256 of a file's bytes, as 64 lowercase hex digits: how a dataset recognises that an input
// (rule, scene, manifest, mesh) is the one it was started with. OpenSSL computes it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace railyard {

std::string sha256_hex(std::string_view bytes);

// Throws IoError naming the path when it cannot be read.
std::string sha256_hex_of_file(const std::filesystem::path& path);

}  // namespace railyard
