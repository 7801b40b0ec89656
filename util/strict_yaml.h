// Strict reading of YAML (configs, scene files, the asset manifest, suites): typed access where
// every error names the file, the line and the dotted key path. Unknown keys are errors rather
// than ignored (a typo must not silently fall back to a default), and so are a key given twice,
// a key that is not a name, and text that yaml-cpp would read as an empty document.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
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
  // Throws IoError when the file cannot be read, InputError when it is not valid YAML.
  static YamlField load_file(const std::filesystem::path& file);
  // `source` names the text in messages: a file name, or e.g. "--set" for command-line values,
  // whose lines mean nothing to the user (has_lines = false leaves them out).
  static YamlField parse(const std::string& text, const std::string& source, bool has_lines = true);

  const std::string& file() const { return file_; }
  const std::string& key() const { return key_; }  // e.g. "camera.fov_deg"; "" for the root
  int line() const;                                // 1-based
  // The same value named by another key path in messages (e.g. a --set value by its key).
  YamlField as_key(std::string key) const {
    YamlField copy = *this;
    copy.key_ = std::move(key);
    return copy;
  }

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
  // A whole number in [lo, hi]; texts like 1.5, 1e3 or 0x10 are refused.
  std::int64_t whole(std::int64_t lo, std::int64_t hi) const;
  std::uint64_t unsigned_whole() const;  // 0 .. 2^64-1
  bool boolean() const;
  glm::vec3 vec3() const;
  glm::vec3 colour() const;  // three non-negative numbers
  glm::ivec2 ivec2() const;

  [[noreturn]] void fail(const std::string& message) const;

 private:
  YamlField(YAML::Node node, std::string file, std::string key, int parent_line, bool has_lines);
  YamlField child(YAML::Node node, const std::string& key) const;
  // The keys of this map, each checked to be a name given once.
  std::vector<std::pair<std::string, YAML::Node>> checked_entries() const;
  std::vector<double> numbers(std::size_t count) const;

  YAML::Node node_;
  std::string file_;
  std::string key_;
  int parent_line_ = 0;
  bool has_lines_ = true;
};

}  // namespace railyard
