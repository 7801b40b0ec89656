#include "util/content_hash.h"

#include <openssl/evp.h>

#include "util/read_file.h"

namespace railyard {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (unsigned int i = 0; i < size; ++i) {
    text += kHex[digest[i] >> 4];
    text += kHex[digest[i] & 15];
  }
  return text;
}

std::string sha256_hex_of_file(const std::filesystem::path& path) {
  return sha256_hex(read_file_text(path));
}

}  // namespace railyard
