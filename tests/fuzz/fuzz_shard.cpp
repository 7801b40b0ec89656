#include <string>

#include "tests/fuzz/fuzz_targets.h"
#include "tools/lib/records/formats/sample_record.h"
#include "util/content_hash.h"
#include "util/input_error.h"
#include "util/io_error.h"
#include "util/tar_archive.h"

namespace railyard {

int fuzz_shard(const std::uint8_t* data, std::size_t size) {
  std::filesystem::path file = fuzz_input_file("shard.tar", data, size);
  try {
    TarReader tar(file);
    while (std::optional<TarMember> member = tar.next()) {
      if (member->name.ends_with(".json")) {
        std::string text = tar.read_all(1 << 20);
        JsonOrigin origin{member->name};
        sample_record_from_json(parse_json(text, origin), origin);
      } else {
        Sha256 digest;
        tar.read([&](std::string_view piece) { digest.update(piece); });
        digest.hex();
      }
    }
    tar.file_sha256();
  } catch (const InputError&) {
  } catch (const IoError&) {
  }
  return 0;
}

}  // namespace railyard
