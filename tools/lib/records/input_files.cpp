#include "tools/lib/records/input_files.h"

#include <algorithm>

#include "util/printable_text.h"

namespace railyard {

void check_record(const RecordPlace& at, const InputFile& file) {
  constexpr std::string_view kRoles[] = {"rule", "background", "scene", "manifest", "mesh"};
  if (std::find(std::begin(kRoles), std::end(kRoles), file.role) == std::end(kRoles))
    at["role"].fail("expected one of rule, background, scene, manifest, mesh, got '" +
                    printable(file.role) + "'");
  check_sha256(at["sha256"], file.sha256);
}

nlohmann::ordered_json input_files_json(const std::vector<InputFile>& files) {
  return record_json<nlohmann::ordered_json>(files);
}

const InputFile* find_input(const std::vector<InputFile>& files, std::string_view role) {
  auto found =
      std::find_if(files.begin(), files.end(), [&](const InputFile& f) { return f.role == role; });
  return found == files.end() ? nullptr : &*found;
}

}  // namespace railyard
