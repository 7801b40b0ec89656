// Strict reading of the scene and manifest YAML files: typed access where every error names the
// file, the line and the dotted key path, and where unknown keys are errors rather than ignored
// (a typo must not silently fall back to a default).
#pragma once

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <glm/glm.hpp>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace railyard {

class YamlField {
 public:
  // Throws InputError when the file cannot be read or is not valid YAML.
  static YamlField load_file(const std::filesystem::path& file);
  static YamlField parse(const std::string& text, const std::string& file_name);

  const std::string& file() const { return file_; }
  const std::string& key() const { return key_; }  // e.g. "camera.fov_deg"; "" for the root
  int line() const;                                // 1-based

  bool is_null() const { return !node_ || node_.IsNull(); }
  bool is_map() const { return node_ && node_.IsMap(); }
  bool is_sequence() const { return node_ && node_.IsSequence(); }
  bool is_scalar() const { return node_ && node_.IsScalar(); }

  // A required key of a map (error when missing), or an optional one.
  YamlField operator[](std::string_view key) const;
  std::optional<YamlField> find(std::string_view key) const;
  // Fails on any key of this map not in `allowed`.
  void allow_only(std::initializer_list<std::string_view> allowed) const;
  std::vector<std::pair<std::string, YamlField>> entries() const;  // of a map, in file order
  std::vector<YamlField> items() const;                            // of a sequence

  std::string text() const;
  double number() const;
  float number(float min, float max) const;  // checked to lie in [min, max]
  int integer() const;
  bool boolean() const;
  glm::vec3 vec3() const;
  glm::vec3 colour() const;  // three non-negative numbers
  glm::ivec2 ivec2() const;

  [[noreturn]] void fail(const std::string& message) const;

 private:
  YamlField(YAML::Node node, std::string file, std::string key, int parent_line);
  YamlField child(YAML::Node node, const std::string& key) const;
  std::vector<double> numbers(std::size_t count) const;

  YAML::Node node_;
  std::string file_;
  std::string key_;
  int parent_line_ = 0;
};

}  // namespace railyard
