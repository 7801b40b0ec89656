#include "tools/lib/records/dataset_manifest.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

// Names of files in one folder that `file_name` accepts.
template <class Accepts>
void check_listed(const RecordPlace& at, const ListedFiles& files, Accepts file_name,
                  const char* what) {
  for (const auto& [name, check] : files)
    if (!file_name(name)) at[name].fail(what);
}

}  // namespace

void check_record(const RecordPlace& at, const DatasetCounts& counts) {
  if (counts.east + counts.west != counts.samples)
    at["west"].fail("east and west do not add up to the samples");
  if (counts.published_east + counts.published_west != counts.samples)
    at["published_west"].fail("published east and west do not add up to the samples");
}

void check_record(const RecordPlace& at, const DatasetManifest& manifest) {
  if (manifest.split_files)
    check_listed(
        at["split_files"], *manifest.split_files,
        [](const std::string& name) {
          return name.ends_with(".txt") && name.find('/') == std::string::npos;
        },
        "not the name of a split file (<name>.txt in splits/)");
  if (manifest.sequence_files)
    check_listed(
        at["sequence_files"], *manifest.sequence_files,
        [](const std::string& name) {
          return !name.empty() && name[0] != '.' && name.find('/') == std::string::npos;
        },
        "not the name of a file in sequences/");
  if (manifest.records_sha256) check_sha256(at["records_sha256"], *manifest.records_sha256);
}

Json to_json(const DatasetCounts& counts) {
  return record_json<Json>(counts);
}

Json to_json(const DatasetManifest& manifest) {
  return record_json<Json>(manifest);
}

std::string dataset_manifest_text(const DatasetManifest& manifest) {
  return to_json(manifest).dump(2) + "\n";
}

DatasetManifest read_dataset_manifest(const std::filesystem::path& file) {
  JsonOrigin origin{file.string()};
  Json json = parse_ordered_json(read_file_text(file), origin);  // attributes keep their order
  return record_from_json<DatasetManifest>(JsonField(json, origin));
}

}  // namespace railyard
