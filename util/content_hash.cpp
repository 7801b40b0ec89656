#include "util/content_hash.h"

#include <openssl/evp.h>

#include "util/read_file.h"

namespace railyard {
namespace {

std::string hex_of(const unsigned char* digest, unsigned int size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  for (unsigned int i = 0; i < size; ++i) {
    text += kHex[digest[i] >> 4];
    text += kHex[digest[i] & 15];
  }
  return text;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr);
  return hex_of(digest, size);
}

struct Sha256::Context {
  EVP_MD_CTX* md = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(md); }
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
  EVP_DigestInit_ex(context_->md, EVP_sha256(), nullptr);
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
  EVP_DigestUpdate(context_->md, bytes.data(), bytes.size());
}

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_DigestFinal_ex(context_->md, digest, &size);
  return hex_of(digest, size);
}

std::string sha256_hex_of_file(const std::filesystem::path& path) {
  Sha256 digest;
  read_file_in_pieces(path, [&](std::span<const std::uint8_t> piece) {
    digest.update(std::string_view(reinterpret_cast<const char*>(piece.data()), piece.size()));
  });
  return digest.hex();
}

}  // namespace railyard
