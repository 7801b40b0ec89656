#include "tools/lib/records/input_files.h"

#include <algorithm>

namespace railyard {

nlohmann::ordered_json input_files_json(const std::vector<InputFile>& files) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const InputFile& f : files)
    list.push_back({{"role", f.role}, {"path", f.path}, {"sha256", f.sha256}});
  return list;
}

template <class Json>
std::vector<InputFile> input_files_from_json(const JsonField<Json>& list) {
  std::vector<InputFile> files;
  for (const JsonField<Json>& item : list.items()) {
    item.only_keys({"role", "path", "sha256"});
    InputFile& file = files.emplace_back();
    file.role = item["role"].as_name({"rule", "background", "scene", "manifest", "mesh"});
    file.path = item["path"].as_string();
    file.sha256 = item["sha256"].as_string();
    bool hex = file.sha256.size() == 64 &&
               std::all_of(file.sha256.begin(), file.sha256.end(),
                           [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    if (!hex) item["sha256"].fail("not a SHA-256 (64 lowercase hex digits)");
  }
  return files;
}

template std::vector<InputFile> input_files_from_json(const JsonField<nlohmann::json>&);
template std::vector<InputFile> input_files_from_json(const JsonField<nlohmann::ordered_json>&);

std::vector<InputFile> read_input_files(const std::filesystem::path& file) {
  nlohmann::json json = read_json_file(file);
  JsonOrigin origin{file.string()};
  return input_files_from_json(JsonField<nlohmann::json>(json, origin));
}

const InputFile* find_input(const std::vector<InputFile>& files, std::string_view role) {
  auto found =
      std::find_if(files.begin(), files.end(), [&](const InputFile& f) { return f.role == role; });
  return found == files.end() ? nullptr : &*found;
}

}  // namespace railyard
