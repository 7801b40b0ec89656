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

void AllScenesWriter::append(const nlohmann::ordered_json& scene) {
  if (!scene.is_object()) throw std::invalid_argument("a scene must be a JSON object");
  put(count_ == 0 ? "\n" : ",\n");
  put(scene.dump());
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
