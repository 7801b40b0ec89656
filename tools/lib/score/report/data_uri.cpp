#include "tools/lib/score/report/data_uri.h"

#include <openssl/evp.h>

#include "util/png_io.h"
#include "util/read_file.h"

namespace railyard::score {

std::string base64(std::span<const std::uint8_t> bytes) {
  std::string text(4 * ((bytes.size() + 2) / 3) + 1, '\0');  // + the NUL EVP writes
  int written = bytes.empty() ? 0
                              : EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()),
                                                bytes.data(), static_cast<int>(bytes.size()));
  text.resize(static_cast<std::size_t>(written));
  return text;
}

std::string png_data_uri(std::span<const std::uint8_t> png) {
  return "data:image/png;base64," + base64(png);
}

std::string png_data_uri(const Image<Rgb8>& image) {
  PngOptions options;
  options.compression_level = 9;  // thumbnails are small; the page's size is what matters
  options.filter = PngFilter::Adaptive;
  return png_data_uri(encode_png(image, options));
}

std::string png_file_data_uri(const std::filesystem::path& file) {
  std::string bytes = read_file_text(file);
  return png_data_uri(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

}  // namespace railyard::score
