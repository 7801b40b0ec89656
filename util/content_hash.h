// SHA-256 of a file's bytes, as 64 lowercase hex digits: how a dataset recognises that an input
// (rule, scene, manifest, mesh) is the one it was started with. OpenSSL computes it.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace railyard {

std::string sha256_hex(std::string_view bytes);

// Throws IoError naming the path when it cannot be read; reads in pieces, so a file of any size
// takes constant memory.
std::string sha256_hex_of_file(const std::filesystem::path& path);

// A digest fed piece by piece, for content written or read in pieces.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(std::string_view bytes);
  std::string hex();  // ends the digest; 64 lowercase hex digits

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

}  // namespace railyard
