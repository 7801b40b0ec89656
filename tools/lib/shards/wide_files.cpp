#include "tools/lib/shards/wide_files.h"

#include <fstream>
#include <string>

#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

void copy_file(StagedFolder& staged, const fs::path& relative, const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw IoError(file.string() + ": cannot be read");
  StagedFile out(staged, relative);
  std::string buffer(1 << 20, '\0');
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    out.write(std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
  }
  if (in.bad()) throw IoError(file.string() + ": cannot be read");
  out.close();
}

void copy_folder(StagedFolder& staged, const fs::path& sub, const fs::path& root,
                 const std::function<bool(const fs::path&)>& skipped, const fs::path& relative) {
  for (const fs::path& entry : file_system::list_folder(root / relative)) {
    const fs::path inner = relative / entry.filename();
    const std::string name = entry.filename().string();
    if (name.starts_with(".") || is_temp_file_name(name) || skipped(inner)) continue;
    if (file_system::is_directory(entry))
      copy_folder(staged, sub, root, skipped, inner);
    else if (file_system::is_regular_file(entry))
      copy_file(staged, sub / inner, entry);
  }
}

}  // namespace

void copy_wide_files(StagedFolder& staged, const fs::path& sub, const fs::path& root,
                     const std::function<bool(const fs::path&)>& skipped) {
  copy_folder(staged, sub, root, skipped, {});
}

}  // namespace railyard
