#include "renderer/annotations/all_scenes_writer.h"

#include <stdexcept>

namespace railyard::render {
namespace {

constexpr std::size_t kFlushBytes = 1 << 20;

std::string_view trimmed(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

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

void AllScenesWriter::append_serialized(std::string_view scene) {
  scene = trimmed(scene);
  if (scene.size() < 2 || scene.front() != '{' || scene.back() != '}')
    throw std::invalid_argument("a serialised scene must be one JSON object");
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

}  // namespace railyard::render
