#include "tools/lib/dataset/input_files.h"

#include <map>
#include <set>

#include "scenes/asset_manifest.h"
#include "util/content_hash.h"

namespace railyard {
namespace {

std::string display_path(const std::filesystem::path& file, const std::filesystem::path& data_dir) {
  std::filesystem::path relative = file.lexically_normal().lexically_relative(data_dir);
  bool inside = !relative.empty() && *relative.begin() != "..";
  return inside ? relative.generic_string() : file.lexically_normal().generic_string();
}

}  // namespace

std::vector<InputFile> hash_input_files(const DatasetInputs& inputs) {
  std::vector<std::pair<std::string, std::filesystem::path>> files = {
      {"rule", inputs.rule_file},
      {"background", inputs.background_file},
      {"scene", inputs.scene_file},
      {"manifest", inputs.manifest_file}};
  AssetManifest manifest = load_asset_manifest(inputs.manifest_file);
  std::set<std::filesystem::path> meshes;
  for (const MeshRef* mesh : manifest.mesh_refs()) meshes.insert(mesh->file.lexically_normal());
  for (const auto& mesh : meshes) files.emplace_back("mesh", mesh);

  std::vector<InputFile> hashed;
  for (const auto& [role, file] : files)
    hashed.push_back({role, display_path(file, inputs.data_dir), sha256_hex_of_file(file)});
  return hashed;
}

std::string input_file_changes(const std::vector<InputFile>& recorded,
                               const std::vector<InputFile>& now) {
  // role + path -> hash, for both sides.
  using Key = std::pair<std::string, std::string>;
  std::map<Key, std::string> before, after;
  for (const InputFile& f : recorded) before[{f.role, f.path}] = f.sha256;
  for (const InputFile& f : now) after[{f.role, f.path}] = f.sha256;

  std::string changes;
  auto add = [&](const Key& key, const std::string& what) {
    changes += (changes.empty() ? "" : "; ") + key.first + " file " + key.second + " " + what;
  };
  for (const auto& [key, hash] : after) {
    auto it = before.find(key);
    if (it == before.end())
      add(key, "is new");
    else if (it->second != hash)
      add(key, "changed (sha256 was " + it->second.substr(0, 12) + "..., now " +
                   hash.substr(0, 12) + "...)");
  }
  for (const auto& [key, hash] : before)
    if (!after.count(key)) add(key, "is no longer used");
  return changes;
}

}  // namespace railyard
