#include "tools/lib/records/formats/train_set_writer.h"

#include "tools/lib/records/formats/description.h"
#include "tools/lib/records/formats/train_json.h"
#include "util/file_system.h"

namespace railyard {
namespace {

std::filesystem::path created_parent(const std::filesystem::path& path) {
  file_system::create_folders(path.parent_path().empty() ? "." : path.parent_path());
  return path;
}

}  // namespace

TrainSetWriter::TrainSetWriter(const std::filesystem::path& description)
    : description_(created_parent(description)),
      json_lines_(std::filesystem::path(description).replace_extension(".jsonl")) {}

void TrainSetWriter::append(std::span<const LabelledTrain> trains, std::uint64_t first_index) {
  std::string text, json;
  for (std::size_t k = 0; k < trains.size(); ++k) {
    text += format_description(trains[k]);
    text += '\n';
    json += train_json(trains[k], first_index + k).dump();
    json += '\n';
  }
  description_.write(text);
  json_lines_.write(json);
}

void TrainSetWriter::commit() {
  description_.commit();
  json_lines_.commit();
}

}  // namespace railyard
