#include "util/strict_yaml.h"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "util/input_error.h"
#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard {

namespace {

// The first line holding something other than blanks, comments and document markers, or 0.
int first_content_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    auto begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos || line[begin] == '#') continue;
    std::string_view content = std::string_view(line).substr(begin);
    content = content.substr(0, content.find_last_not_of(" \t\r") + 1);
    if (content == "---" || content == "..." || content == "~" || content == "null") continue;
    return number;
  }
  return 0;
}

// Whether a document holds anything; its first mark.
class DocumentContent : public YAML::EventHandler {
 public:
  bool content = false;
  int line = 0;
  void OnDocumentStart(const YAML::Mark& mark) override { line = mark.line + 1; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override { content = true; }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {
    content = true;
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    content = true;
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    content = true;
  }
  void OnMapEnd() override {}
};

// The line where a second document with content starts, or 0. Two documents at most are read:
// yaml-cpp's LoadAll loops forever on some malformed text (",-` `l").
int second_document_line(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  int with_content = 0;
  for (int document = 0; document < 2; ++document) {
    DocumentContent events;
    if (!parser.HandleNextDocument(events)) break;
    if (events.content && ++with_content == 2) return std::max(events.line, 1);
  }
  return 0;
}

}  // namespace

YamlField::YamlField(YAML::Node node, std::string file, std::string key, int parent_line,
                     bool has_lines)
    : node_(std::move(node)),
      file_(std::move(file)),
      key_(std::move(key)),
      parent_line_(parent_line),
      has_lines_(has_lines) {}

YamlField YamlField::load_file(const std::filesystem::path& file) {
  return parse(read_file_text(file), file.string());
}

YamlField YamlField::parse(const std::string& text, const std::string& source, bool has_lines) {
  YAML::Node node;
  try {
    // One document: yaml-cpp's Load would read the first and drop the rest unseen.
    if (int second = second_document_line(text); second > 0)
      throw InputError((has_lines ? source + ":" + std::to_string(second) : source) +
                       ": invalid YAML: a second document begins here; a file holds one");
    node = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    std::string where = has_lines ? source + ":" + std::to_string(e.mark.line + 1) : source;
    throw InputError(where + ": invalid YAML: " + e.msg);
  }
  // yaml-cpp reads some malformed text (a leading ',', say) as an empty document; an empty
  // document must really be empty, or every key would silently fall back to its default.
  if (node.IsNull())
    if (int line = first_content_line(text); line > 0)
      throw InputError((has_lines ? source + ":" + std::to_string(line) : source) +
                       ": invalid YAML: this text reads as an empty document");
  return YamlField(node, source, "", 1, has_lines);
}

int YamlField::line() const {
  if (node_ && node_.Mark().line >= 0 && !node_.Mark().is_null()) return node_.Mark().line + 1;
  return parent_line_;
}

void YamlField::fail(const std::string& message) const {
  // Keys and values come from the user's file: shown escaped (a zero width space, a \r, a NUL).
  std::string where = file_ + (has_lines_ ? ":" + std::to_string(line()) : "") + ": ";
  if (!key_.empty()) where += "key '" + printable(key_) + "': ";
  throw InputError(where + printable(message, 2000));
}

YamlField YamlField::child(YAML::Node node, const std::string& key) const {
  return YamlField(std::move(node), file_, key_.empty() ? key : key_ + "." + key, line(),
                   has_lines_);
}

std::vector<std::pair<std::string, YAML::Node>> YamlField::checked_entries() const {
  if (!is_map()) fail("expected a map of keys");
  std::vector<std::pair<std::string, YAML::Node>> out;
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    YamlField key(it->first, file_, key_, line(), has_lines_);
    if (!it->first.IsScalar()) key.fail("a key must be a name, not a list or map");
    const std::string& name = it->first.Scalar();
    for (const auto& [seen, value] : out)
      if (seen == name)
        child(it->first, name)
            .fail("given twice" +
                  (has_lines_ ? " (first on line " + std::to_string(value.Mark().line + 1) + ")"
                              : std::string()));
    out.emplace_back(name, it->second);
  }
  return out;
}

std::optional<YamlField> YamlField::find(std::string_view key) const {
  for (auto& [name, value] : checked_entries())
    if (name == key) return child(value, name);
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
  for (auto& [name, value] : checked_entries()) {
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      child(value, name).fail("unknown key (allowed: " + list + ")");
    }
  }
}

std::vector<std::pair<std::string, YamlField>> YamlField::entries() const {
  std::vector<std::pair<std::string, YamlField>> out;
  for (auto& [name, value] : checked_entries()) out.emplace_back(name, child(value, name));
  return out;
}

std::vector<YamlField> YamlField::items() const {
  if (!is_sequence()) fail("expected a list");
  std::vector<YamlField> out;
  for (std::size_t i = 0; i < node_.size(); ++i)
    out.push_back(
        YamlField(node_[i], file_, key_ + "[" + std::to_string(i) + "]", line(), has_lines_));
  return out;
}

std::string YamlField::text() const {
  if (is_sequence()) fail("expected a single value, got a list");
  if (is_map()) fail("expected a single value, got a map of keys");
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

std::int64_t YamlField::whole(std::int64_t lo, std::int64_t hi) const {
  std::string s = text();
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range ||
      (ec == std::errc() && end == s.data() + s.size() && (value < lo || value > hi)))
    fail("must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", got " + s);
  if (ec != std::errc() || end != s.data() + s.size())
    fail("expected a whole number, got '" + s + "'");
  return value;
}

std::uint64_t YamlField::unsigned_whole() const {
  std::string s = text();
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range) fail("must be at most 2^64 - 1, got " + s);
  if (ec != std::errc() || end != s.data() + s.size() || s.starts_with('-'))
    fail("expected a non-negative whole number, got '" + s + "'");
  return value;
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
