#include "tools/lib/records/formats/all_scenes_writer.h"

#include <stdexcept>

namespace railyard {
namespace {

constexpr std::size_t kFlushBytes = 1 << 20;

}  // namespace

AllScenesWriter::AllScenesWriter(const std::filesystem::path& path, const DatasetInfo& info)
    : file_(path) {
  nlohmann::ordered_json head;
  head["date"] = info.date;
  head["version"] = info.version;
  head["license"] = info.license ? nlohmann::ordered_json(*info.license) : nullptr;
  put("{\"info\": ");
  put(head.dump());
  put(",\n\"scenes\": [");
}

std::string dumped_scene(const nlohmann::ordered_json& scene) {
  if (!scene.is_object()) throw std::invalid_argument("a scene must be a JSON object");
  return scene.dump();
}

void AllScenesWriter::append_dumped(std::string_view scene) {
  put(count_ == 0 ? "\n" : ",\n");
  put(scene);
  ++count_;
}

void AllScenesWriter::finish() {
  put("\n]}\n");
  flush();
  file_.commit();
}

void AllScenesWriter::put(std::string_view text) {
  buffer_ += text;
  if (buffer_.size() >= kFlushBytes) flush();
}

void AllScenesWriter::flush() {
  file_.write(buffer_);
  buffer_.clear();
}

}  // namespace railyard
