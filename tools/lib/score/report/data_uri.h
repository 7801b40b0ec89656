// Images inlined into the page as data: URIs, so report.html needs no other file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "util/image.h"

namespace railyard::score {

// RFC 4648 base64 (OpenSSL's encoder).
std::string base64(std::span<const std::uint8_t> bytes);

// "data:image/png;base64,..." of encoded PNG bytes, of an image (encoded at a size-favouring
// level: the page carries it), or of a PNG file as it is (throws IoError when unreadable).
std::string png_data_uri(std::span<const std::uint8_t> png);
std::string png_data_uri(const Image<Rgb8>& image);
std::string png_file_data_uri(const std::filesystem::path& file);

}  // namespace railyard::score
