// What a written file must be: a rerun compares its size (the cheap check, one stat), `railyard
// verify` its SHA-256 too (the full check). Records keep one per written file; the manifest one
// per split and sequence file.
//
//   {"bytes", "sha256"}
#pragma once

#include <cstdint>
#include <string>

#include "tools/lib/records/formats/record_members.h"

namespace railyard {

struct FileCheck {
  std::uint64_t bytes = 0;
  std::string sha256;  // 64 lowercase hex digits

  bool operator==(const FileCheck&) const = default;
};

RAILYARD_RECORD(FileCheck, bytes, sha256)
inline void check_record(const RecordPlace& at, const FileCheck& check) {
  check_sha256(at["sha256"], check.sha256);
}

}  // namespace railyard
