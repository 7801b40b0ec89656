#include "util/zlib_stream.h"

#include <libdeflate.h>

#include <array>
#include <memory>
#include <string>

#include "util/io_error.h"

namespace railyard {

void zlib_compress(std::span<const std::uint8_t> in, int level, std::vector<std::uint8_t>& out) {
  if (level < 1 || level > 12)
    throw IoError("libdeflate level " + std::to_string(level) + " is outside 1..12");
  struct Free {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
  };
  thread_local std::array<std::unique_ptr<libdeflate_compressor, Free>, 13> compressors;
  auto& compressor = compressors[static_cast<std::size_t>(level)];
  if (!compressor) compressor.reset(libdeflate_alloc_compressor(level));
  if (!compressor) throw IoError("cannot start libdeflate (out of memory)");
  out.resize(libdeflate_zlib_compress_bound(compressor.get(), in.size()));
  out.resize(
      libdeflate_zlib_compress(compressor.get(), in.data(), in.size(), out.data(), out.size()));
  if (out.empty())
    throw IoError("libdeflate could not compress " + std::to_string(in.size()) +
                  " bytes within its bound");
}

}  // namespace railyard
