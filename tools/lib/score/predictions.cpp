#include "tools/lib/score/predictions.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "tools/lib/records/json/json_fields.h"
#include "tools/lib/score/score_error.h"
#include "util/printable_text.h"
#include "util/read_file.h"

namespace railyard::score {

namespace {

using nlohmann::json;

[[noreturn]] void refuse(const Prediction& at, const std::string& key, const std::string& what) {
  throw ScoreError(at.where() + (key.empty() ? "" : ": key '" + printable(key, 80) + "'") + ": " +
                   what);
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string trim(std::string_view text) {
  std::size_t a = text.find_first_not_of(" \t\r"), b = text.find_last_not_of(" \t\r");
  return a == std::string_view::npos ? std::string() : std::string(text.substr(a, b - a + 1));
}

std::optional<std::uint64_t> parse_index(const std::string& text) {
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return {};
  return value;
}

// A decimal number as JSON writes one (no hexadecimal, no spaces): "0x1" is not 1.
std::optional<double> parse_number(const std::string& text) {
  double value = 0.0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return {};
  return value;
}

void set_probability(Prediction& p, const std::string& key, std::optional<double> value) {
  if (!value || !std::isfinite(*value) || *value < 0.0 || *value > 1.0)
    refuse(p, key, "not a probability of east in [0, 1]");
  p.probability = value;
}

std::string file_name(const std::string& image) {
  return std::filesystem::path(image).filename().string();
}

// Every line needs a sample and an answer; the label defaults from the probability.
void finish(Prediction& p, bool has_label, bool has_key) {
  if (!has_key) refuse(p, "", "names no sample: give \"index\", \"image\" or \"sequence\"");
  if (!has_label && !p.probability)
    refuse(p, "", "gives no prediction: give \"label\" (east/west, 1/0) or \"probability\"");
  if (!has_label) p.predicted = *p.probability >= 0.5 ? Direction::East : Direction::West;
}

std::vector<bool> step_values(const Prediction& p, const std::string& key, const json& values) {
  if (!values.is_array()) refuse(p, key, "not a list of per-step values (0/1, true/false)");
  std::vector<bool> steps;
  for (const json& v : values) {
    if (v.is_boolean())
      steps.push_back(v.get<bool>());
    else if (v.is_number_integer() && (v.get<std::int64_t>() == 0 || v.get<std::int64_t>() == 1))
      steps.push_back(v.get<std::int64_t>() == 1);
    else
      refuse(p, key, "a step value that is not 0/1 or true/false");
  }
  return steps;
}

Direction label_of(const Prediction& p, const std::string& key, const json& value) {
  if (value.is_string())
    if (auto label = parse_label(value.get<std::string>())) return *label;
  if (value.is_boolean()) return value.get<bool>() ? Direction::East : Direction::West;
  if (value.is_number_integer() &&
      (value.get<std::int64_t>() == 0 || value.get<std::int64_t>() == 1))
    return value.get<std::int64_t>() == 1 ? Direction::East : Direction::West;
  refuse(p, key,
         "not a label: east or west, 1 (east) or 0 (west), got " + printable(value.dump(), 60));
}

Prediction json_line(const std::string& file, std::size_t line, std::string_view text) {
  Prediction p{file, line};
  json object;
  try {
    object = parse_json(text, JsonOrigin{file, line});
  } catch (const DatasetError& e) {
    bool nan = text.find("NaN") != std::string_view::npos ||
               text.find("Infinity") != std::string_view::npos;
    throw ScoreError(std::string(e.what()) +
                     (nan ? " (NaN and Infinity are not JSON; a probability lies in [0, 1])" : ""));
  }
  if (!object.is_object()) refuse(p, "", "not a JSON object");
  bool has_label = false, has_key = false;
  for (const auto& [key, value] : object.items()) {
    if (key == "index" || key == "sequence") {
      if (!value.is_number_unsigned()) refuse(p, key, "not a sample index (an integer >= 0)");
      if (has_key) refuse(p, key, "a second sample key: give one of index, image, sequence");
      p.index = value.get<std::uint64_t>();
      p.sequence = key == "sequence";
      has_key = true;
    } else if (key == "image") {
      if (!value.is_string() || value.get<std::string>().empty()) refuse(p, key, "not a file name");
      if (has_key) refuse(p, key, "a second sample key: give one of index, image, sequence");
      p.image = file_name(value.get<std::string>());
      has_key = true;
    } else if (key == "label" || key == "predicted") {
      p.predicted = label_of(p, key, value);
      has_label = true;
    } else if (key == "probability") {
      set_probability(p, key,
                      value.is_number() ? std::optional(value.get<double>()) : std::nullopt);
    } else if (key == "variant") {
      if (!value.is_string()) refuse(p, key, "not a variant name");
      p.variant = value.get<std::string>();
    } else if (key == "predicates") {
      if (!value.is_object()) refuse(p, key, "not an object of predicate -> per-step values");
      for (const auto& [name, steps] : value.items())
        p.predicates.emplace_back(name, step_values(p, "predicates." + name, steps));
    } else {
      refuse(p, key,
             "unknown key (index, image, sequence, variant, label, probability, predicates)");
    }
  }
  finish(p, has_label, has_key);
  return p;
}

std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      field += '"', ++i;
    else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      fields.push_back(trim(field)), field.clear();
    else
      field += c;
  }
  fields.push_back(trim(field));
  return fields;
}

Prediction csv_line(const std::string& file, std::size_t line,
                    const std::vector<std::string>& header,
                    const std::vector<std::string>& fields) {
  Prediction p{file, line};
  if (fields.size() != header.size())
    refuse(p, "",
           std::to_string(fields.size()) + " fields where the header has " +
               std::to_string(header.size()));
  bool has_label = false, has_key = false;
  for (std::size_t k = 0; k < header.size(); ++k) {
    const std::string &key = header[k], &value = fields[k];
    if (key == "index" || key == "sequence") {
      p.index = parse_index(value);
      if (!p.index)
        refuse(p, key, "not a sample index (an integer >= 0): '" + printable(value, 40) + "'");
      p.sequence = key == "sequence";
      has_key = true;
    } else if (key == "image") {
      if (value.empty()) refuse(p, key, "empty");
      p.image = file_name(value);
      has_key = true;
    } else if (key == "label" || key == "predicted") {
      if (value.empty()) continue;
      auto label = parse_label(value);
      if (!label)
        refuse(
            p, key,
            "not a label: east or west, 1 (east) or 0 (west), got '" + printable(value, 40) + "'");
      p.predicted = *label;
      has_label = true;
    } else if (key == "probability") {
      if (!value.empty()) set_probability(p, key, parse_number(value));
    } else if (key == "variant") {
      p.variant = value;
    } else {  // p_<name>: the steps' values separated by spaces
      std::vector<bool> steps;
      for (char c : value)
        if (c == '0' || c == '1')
          steps.push_back(c == '1');
        else if (c != ' ')
          refuse(p, key, "per-step values must be 0/1 separated by spaces");
      p.predicates.emplace_back(key.substr(2), std::move(steps));
    }
  }
  finish(p, has_label, has_key);
  return p;
}

std::vector<std::string> csv_header(const std::string& file,
                                    const std::vector<std::string>& header) {
  static const std::set<std::string> known = {"index", "image",     "sequence",   "variant",
                                              "label", "predicted", "probability"};
  std::set<std::string> seen;
  for (const std::string& column : header) {
    if (!known.count(column) && column.rfind("p_", 0) != 0)
      throw ScoreError(
          file + ":1: column '" + printable(column, 80) +
          "' is unknown (index, image, sequence, variant, label, probability, p_<predicate>)");
    if (!seen.insert(column).second)
      throw ScoreError(file + ":1: column '" + printable(column, 80) + "' is given twice");
  }
  int keys = static_cast<int>(seen.count("index") + seen.count("image") + seen.count("sequence"));
  if (keys != 1)
    throw ScoreError(file + ":1: the header needs exactly one of index, image, sequence");
  return header;
}

}  // namespace

std::optional<Direction> parse_label(const std::string& text) {
  std::string t = lower(trim(text));
  if (t == "east" || t == "1") return Direction::East;
  if (t == "west" || t == "0") return Direction::West;
  return {};
}

std::vector<Prediction> read_predictions(const std::filesystem::path& path) {
  std::string file = path.string(), text = read_file_text(path);
  bool csv = lower(path.extension().string()) == ".csv";
  std::vector<Prediction> predictions;
  std::vector<std::string> header;
  std::size_t line = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view row(text.data() + start, end - start);
    start = end + 1;
    ++line;
    if (trim(row).empty()) continue;
    if (!csv)
      predictions.push_back(json_line(file, line, row));
    else if (header.empty())
      header = csv_header(file, csv_fields(row));
    else
      predictions.push_back(csv_line(file, line, header, csv_fields(row)));
  }
  if (predictions.empty()) throw ScoreError(file + ": no predictions in the file");
  return predictions;
}

std::string predictions_text(const std::vector<Prediction>& predictions, bool csv) {
  std::string out = csv ? "variant,index,label,probability\n" : "";
  for (const Prediction& p : predictions) {
    std::string label(p.predicted == Direction::East ? "east" : "west");
    if (csv) {
      out += p.variant + "," + std::to_string(p.index.value_or(0)) + "," + label + "," +
             (p.probability ? json(*p.probability).dump() : "") + "\n";
      continue;
    }
    nlohmann::ordered_json line;
    if (!p.variant.empty()) line["variant"] = p.variant;
    line[p.sequence ? "sequence" : "index"] = p.index.value_or(0);
    line["label"] = label;
    if (p.probability) line["probability"] = *p.probability;
    out += line.dump() + "\n";
  }
  return out;
}

}  // namespace railyard::score
