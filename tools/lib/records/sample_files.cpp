#include "tools/lib/records/sample_files.h"

#include <charconv>

#include "util/content_hash.h"
#include "util/io_error.h"
#include "util/parallel_for.h"
#include "util/read_file.h"

namespace railyard {

void for_each_entry(const std::filesystem::path& folder,
                    const std::function<void(const std::filesystem::path&)>& f) {
  std::error_code error;
  std::filesystem::directory_iterator it(folder, error), end;
  if (error == std::errc::no_such_file_or_directory) return;
  for (; !error && it != end; it.increment(error)) f(it->path());
  if (error) throw IoError(folder.string() + ": cannot list: " + error.message());
}

std::optional<std::uint64_t> record_index(const std::string& file_name) {
  std::string_view name(file_name);
  if (!name.ends_with(".json")) return std::nullopt;
  name.remove_suffix(5);
  // At most 19 digits (below 2^64), no leading zero but for "0" itself: one name per index.
  if (name.empty() || name.size() > 19 || (name.size() > 1 && name.front() == '0') ||
      name.find_first_not_of("0123456789") != std::string_view::npos)
    return std::nullopt;
  std::uint64_t index = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), index);
  if (ec != std::errc() || end != name.data() + name.size()) return std::nullopt;
  return index;
}

std::vector<SampleFile> sample_files(const DatasetPaths& paths, const SampleRecord& record) {
  const SampleFiles& files = record.files;
  std::vector<SampleFile> out;
  if (!files.image.empty())
    out.push_back({"image", paths.images() / files.image, files.image_check});
  if (!files.depth_png.empty())
    out.push_back({"depth_png", paths.depths() / files.depth_png, files.depth_png_check});
  if (!files.depth_exr.empty())
    out.push_back({"depth_exr", paths.depths() / files.depth_exr, files.depth_exr_check});
  if (!files.scene.empty())
    out.push_back({"scene", paths.scenes() / files.scene, files.scene_check});
  return out;
}

std::optional<std::string> sample_file_fault(const DatasetPaths& paths, const SampleRecord& record,
                                             FileCheckDepth depth) {
  for (const SampleFile& file : sample_files(paths, record)) {
    std::string name = file.path.lexically_relative(paths.root()).generic_string();
    std::error_code error;
    std::uintmax_t bytes = std::filesystem::file_size(file.path, error);
    if (error)
      return name + ": " +
             (error == std::errc::no_such_file_or_directory ? std::string("missing")
                                                            : "cannot be read: " + error.message());
    if (!file.check) continue;
    if (bytes != file.check->bytes)
      return name + ": " + std::to_string(bytes) + " bytes, its record says " +
             std::to_string(file.check->bytes);
    if (depth == FileCheckDepth::Cheap) continue;
    try {
      if (sha256_hex(read_file_text(file.path)) != file.check->sha256)
        return name + ": its content is not what its record's SHA-256 says";
    } catch (const std::exception& e) {
      return name + ": cannot be read: " + e.what();
    }
  }
  return std::nullopt;
}

std::optional<SampleRecord> finished_sample(const DatasetPaths& paths, std::uint64_t index) {
  SampleRecord record;
  try {
    record = read_sample_record(paths.record(index));
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (record.index != index || sample_file_fault(paths, record, FileCheckDepth::Cheap))
    return std::nullopt;
  return record;
}

std::vector<std::uint64_t> finished_samples(const DatasetPaths& paths,
                                            const std::function<bool(std::uint64_t)>& mine,
                                            unsigned threads, std::vector<std::uint64_t>& failed) {
  std::vector<std::uint64_t> listed = listed_indices(paths.records(), mine);
  std::vector<char> passed(listed.size(), 0);
  parallel_for(listed.size(), threads,
               [&](std::size_t i) { passed[i] = finished_sample(paths, listed[i]).has_value(); });
  std::vector<std::uint64_t> finished;
  for (std::size_t i = 0; i < listed.size(); ++i)
    (passed[i] ? finished : failed).push_back(listed[i]);
  return finished;
}

}  // namespace railyard
