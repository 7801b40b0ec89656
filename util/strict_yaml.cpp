#include "util/strict_yaml.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "util/input_error.h"
#include "util/read_file.h"

namespace railyard {

YamlField::YamlField(YAML::Node node, std::string file, std::string key, int parent_line)
    : node_(std::move(node)),
      file_(std::move(file)),
      key_(std::move(key)),
      parent_line_(parent_line) {}

YamlField YamlField::load_file(const std::filesystem::path& file) {
  return parse(read_file_text(file), file.string());
}

YamlField YamlField::parse(const std::string& text, const std::string& file_name) {
  try {
    return YamlField(YAML::Load(text), file_name, "", 1);
  } catch (const YAML::Exception& e) {
    throw InputError(file_name + ":" + std::to_string(e.mark.line + 1) +
                     ": invalid YAML: " + e.msg);
  }
}

int YamlField::line() const {
  if (node_ && node_.Mark().line >= 0 && !node_.Mark().is_null()) return node_.Mark().line + 1;
  return parent_line_;
}

void YamlField::fail(const std::string& message) const {
  std::string where = file_ + ":" + std::to_string(line()) + ": ";
  if (!key_.empty()) where += "key '" + key_ + "': ";
  throw InputError(where + message);
}

YamlField YamlField::child(YAML::Node node, const std::string& key) const {
  return YamlField(std::move(node), file_, key_.empty() ? key : key_ + "." + key, line());
}

std::optional<YamlField> YamlField::find(std::string_view key) const {
  if (!is_map()) fail("expected a map of keys");
  for (auto it = node_.begin(); it != node_.end(); ++it)
    if (it->first.Scalar() == key) return child(it->second, std::string(key));
  return std::nullopt;
}

YamlField YamlField::operator[](std::string_view key) const {
  auto found = find(key);
  if (!found) {
    YamlField missing = child(YAML::Node(), std::string(key));
    missing.fail("missing");
  }
  return *found;
}

void YamlField::allow_only(std::initializer_list<std::string_view> allowed) const {
  if (!is_map()) fail("expected a map of keys");
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    const std::string& k = it->first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      YamlField(it->first, file_, key_.empty() ? k : key_ + "." + k, line())
          .fail("unknown key (allowed: " + list + ")");
    }
  }
}

std::vector<std::pair<std::string, YamlField>> YamlField::entries() const {
  if (!is_map()) fail("expected a map of keys");
  std::vector<std::pair<std::string, YamlField>> out;
  for (auto it = node_.begin(); it != node_.end(); ++it)
    out.emplace_back(it->first.Scalar(), child(it->second, it->first.Scalar()));
  return out;
}

std::vector<YamlField> YamlField::items() const {
  if (!is_sequence()) fail("expected a list");
  std::vector<YamlField> out;
  for (std::size_t i = 0; i < node_.size(); ++i)
    out.push_back(YamlField(node_[i], file_, key_ + "[" + std::to_string(i) + "]", line()));
  return out;
}

std::string YamlField::text() const {
  if (!is_scalar()) fail("expected a single value");
  return node_.Scalar();
}

double YamlField::number() const {
  std::string s = text();
  try {
    std::size_t used = 0;
    double v = std::stod(s, &used);
    if (used == s.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  fail("expected a number, got '" + s + "'");
}

float YamlField::number(float min, float max) const {
  double v = number();
  if (v < min || v > max) {
    std::ostringstream msg;
    msg << "expected a number from " << min << " to " << max << ", got " << v;
    fail(msg.str());
  }
  return static_cast<float>(v);
}

int YamlField::integer() const {
  double v = number();
  if (v != std::floor(v) || std::abs(v) > 1e9)
    fail("expected a whole number, got '" + text() + "'");
  return static_cast<int>(v);
}

bool YamlField::boolean() const {
  std::string s = text();
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  fail("expected true or false, got '" + s + "'");
}

std::vector<double> YamlField::numbers(std::size_t count) const {
  if (!is_sequence() || node_.size() != count)
    fail("expected a list of " + std::to_string(count) + " numbers");
  std::vector<double> out;
  for (const YamlField& item : items()) out.push_back(item.number());
  return out;
}

glm::vec3 YamlField::vec3() const {
  auto v = numbers(3);
  return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

glm::vec3 YamlField::colour() const {
  glm::vec3 c = vec3();
  if (c.r < 0 || c.g < 0 || c.b < 0) fail("colour components must not be negative");
  return c;
}

glm::ivec2 YamlField::ivec2() const {
  if (!is_sequence() || node_.size() != 2) fail("expected a list of 2 whole numbers");
  auto v = items();
  return {v[0].integer(), v[1].integer()};
}

}  // namespace railyard
