// Settings declared once: each key of a config is one Setting (its dotted name, the type and
// range it accepts, its help text, an optional command-line flag, how to parse it into the typed
// config and how to print it back). The same table parses and checks config files and
// command-line assignments (with file:line:key in every error), prints the effective config,
// and gives every command its flags and their help; defaults are the typed config's own.
//
// Keys with a dot live in sections: "outputs.masks" is `outputs: {masks: ...}` in a file and
// `--set outputs.masks=false` on the command line. A map-valued setting (constraints) may also
// take one entry at a time ("constraints.roof=[none, flat]").
#pragma once

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/input_error.h"
#include "util/strict_yaml.h"

namespace railyard {

// A field of a config, reached through a chain of members: field(&Config::sampler,
// &SamplerConfig::min_cars) reads and writes config.sampler.min_cars.
template <class... Members>
auto field(Members... members) {
  return [=](auto& config) -> auto& {
    return (config.*....*members);
  };
}

template <class Config>
struct Setting {
  std::string key;   // dotted path
  std::string type;  // what it accepts, for help: "1..20", "true|false", "raster|pathtrace"
  std::string help;  // one line
  std::string flag;  // CLI11 names ("-n,--count"), empty when there is none
  std::function<void(const YamlField&, Config&)> set;
  std::function<void(YAML::Emitter&, const Config&)> emit;
  // Map-valued settings: set one entry ("constraints.roof"); a null value removes it.
  std::function<void(const std::string& entry, const YamlField&, Config&)> set_entry;
};

template <class Config>
class Schema {
 public:
  Schema& add(Setting<Config> setting) {
    settings_.push_back(std::move(setting));
    return *this;
  }

  template <class Access>
  Schema& whole(std::string key, Access access, std::int64_t lo, std::int64_t hi, std::string help,
                std::string flag = {}) {
    return add({std::move(key),
                std::to_string(lo) + ".." + std::to_string(hi),
                std::move(help),
                std::move(flag),
                [=](const YamlField& v, Config& c) {
                  using T = std::remove_reference_t<decltype(access(c))>;
                  access(c) = static_cast<T>(v.whole(lo, hi));
                },
                [=](YAML::Emitter& out, const Config& c) { out << access(c); },
                {}});
  }

  template <class Access>
  Schema& unsigned_whole(std::string key, Access access, std::string help, std::string flag = {}) {
    return add({std::move(key),
                "0..2^64-1",
                std::move(help),
                std::move(flag),
                [=](const YamlField& v, Config& c) { access(c) = v.unsigned_whole(); },
                [=](YAML::Emitter& out, const Config& c) { out << access(c); },
                {}});
  }

  template <class Access>
  Schema& number(std::string key, Access access, double lo, double hi, std::string help,
                 std::string flag = {}) {
    return add({std::move(key),
                number_range(lo, hi),
                std::move(help),
                std::move(flag),
                [=](const YamlField& v, Config& c) {
                  double value = v.number();
                  if (!(value >= lo && value <= hi))
                    v.fail("must be between " + number_text(lo) + " and " + number_text(hi) +
                           ", got " + v.text());
                  access(c) = value;
                },
                [=](YAML::Emitter& out, const Config& c) { out << access(c); },
                {}});
  }

  template <class Access>
  Schema& boolean(std::string key, Access access, std::string help, std::string flag = {}) {
    return add({std::move(key),
                "true|false",
                std::move(help),
                std::move(flag),
                [=](const YamlField& v, Config& c) { access(c) = v.boolean(); },
                [=](YAML::Emitter& out, const Config& c) { out << access(c); },
                {}});
  }

  // Free text: names and paths (resolved and checked by the config's own checks).
  template <class Access>
  Schema& text(std::string key, Access access, std::string type, std::string help,
               std::string flag = {}) {
    return add({std::move(key),
                std::move(type),
                std::move(help),
                std::move(flag),
                [=](const YamlField& v, Config& c) {
                  std::string value = v.text();
                  if (value.empty()) v.fail("must not be empty");
                  access(c) = value;
                },
                [=](YAML::Emitter& out, const Config& c) { out << std::string(access(c)); },
                {}});
  }

  // One of a fixed set of names, parsed once into the field's type (an enum, usually).
  template <class Access, class Value>
  Schema& choice(std::string key, Access access, std::vector<std::pair<std::string, Value>> names,
                 std::string help, std::string flag = {}) {
    std::string type;
    for (const auto& [name, value] : names) type += (type.empty() ? "" : "|") + name;
    return add({std::move(key),
                type,
                std::move(help),
                std::move(flag),
                [=](const YamlField& v, Config& c) {
                  std::string value = v.text();
                  for (const auto& [name, parsed] : names)
                    if (name == value) {
                      access(c) = parsed;
                      return;
                    }
                  v.fail("'" + value + "' is not one of: " + type);
                },
                [=](YAML::Emitter& out, const Config& c) {
                  // The first name of a value is its own; later ones are aliases.
                  for (const auto& [name, parsed] : names)
                    if (parsed == access(c)) {
                      out << name;
                      return;
                    }
                },
                {}});
  }

  const std::vector<Setting<Config>>& settings() const { return settings_; }

  const Setting<Config>* find(std::string_view key) const {
    for (const auto& setting : settings_)
      if (setting.key == key) return &setting;
    return nullptr;
  }

  // Whether some key lives under this dotted prefix ("outputs", "backend_options.raster").
  bool is_section(std::string_view prefix) const {
    for (const auto& setting : settings_)
      if (setting.key.size() > prefix.size() && setting.key.starts_with(prefix) &&
          setting.key[prefix.size()] == '.')
        return true;
    return false;
  }

  // Applies a document (a map of keys, sections as nested maps) onto the config.
  void apply(const YamlField& document, Config& config, const std::string& prefix = {}) const {
    if (document.is_null() && prefix.empty()) return;
    if (!document.is_map()) document.fail("expected a map of keys");
    for (const auto& [name, value] : document.entries()) {
      std::string key = prefix.empty() ? name : prefix + "." + name;
      if (const Setting<Config>* setting = find(key))
        setting->set(value, config);
      else if (is_section(key))
        apply(value, config, key);
      else
        unknown(value, key);
    }
  }

  // Applies `key=value` from the command line; `source` names it in messages ("--set").
  void assign(std::string_view assignment, const std::string& source, Config& config) const {
    std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw InputError(source + " '" + std::string(assignment) +
                       "': expected key=value, e.g. splits.val=0.2");
    std::string key(assignment.substr(0, eq));
    YamlField value = YamlField::parse(std::string(assignment.substr(eq + 1)),
                                       source + " '" + std::string(assignment) + "'", false)
                          .as_key(key);
    if (const Setting<Config>* setting = find(key)) return setting->set(value, config);
    if (is_section(key)) {
      YamlField section = value;
      return apply(section, config, key);
    }
    for (const auto& setting : settings_)
      if (setting.set_entry && key.starts_with(setting.key + "."))
        return setting.set_entry(key.substr(setting.key.size() + 1), value, config);
    unknown(value, key);
  }

  // The config as YAML, keys in declaration order, sections as nested maps.
  std::string emit(const Config& config) const {
    YAML::Emitter out;
    // 15 significant digits give back every decimal a person writes (0.8, not 0.800...04).
    out.SetDoublePrecision(15);
    out << YAML::BeginMap;
    std::vector<std::string> open;  // the sections currently open
    for (const auto& setting : settings_) {
      std::vector<std::string> path = split(setting.key);
      std::size_t common = 0;
      while (common < open.size() && common + 1 < path.size() && open[common] == path[common])
        ++common;
      for (std::size_t i = open.size(); i > common; --i) out << YAML::EndMap;
      open.resize(common);
      for (std::size_t i = common; i + 1 < path.size(); ++i) {
        out << YAML::Key << path[i] << YAML::Value << YAML::BeginMap;
        open.push_back(path[i]);
      }
      out << YAML::Key << path.back() << YAML::Value;
      setting.emit(out, config);
    }
    for (std::size_t i = 0; i < open.size(); ++i) out << YAML::EndMap;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
  }

 private:
  [[noreturn]] void unknown(const YamlField& where, const std::string& key) const {
    std::string hint;
    std::size_t best = 3;  // suggest only close names
    for (const auto& setting : settings_)
      if (std::size_t d = edit_distance(key, setting.key); d < best) {
        best = d;
        hint = " (did you mean '" + setting.key + "'?)";
      }
    where.as_key(key).fail("unknown key" + hint);
  }

  static std::vector<std::string> split(const std::string& key) {
    std::vector<std::string> parts;
    std::size_t begin = 0;
    for (std::size_t dot; (dot = key.find('.', begin)) != std::string::npos; begin = dot + 1)
      parts.push_back(key.substr(begin, dot - begin));
    parts.push_back(key.substr(begin));
    return parts;
  }

  static std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
        diagonal = up;
      }
    }
    return row[b.size()];
  }

  static std::string number_text(double v) {
    YAML::Emitter out;
    out.SetDoublePrecision(15);
    out << v;
    return out.c_str();
  }
  static std::string number_range(double lo, double hi) {
    return number_text(lo) + ".." + number_text(hi);
  }

  std::vector<Setting<Config>> settings_;
};

}  // namespace railyard
