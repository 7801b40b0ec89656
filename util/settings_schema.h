// Settings declared once: each key of a config is one Setting (its dotted name, the type and
// range it accepts, its help text, an optional command-line flag, how to parse it into the typed
// config and how to print it back). The same table parses and checks config files and
// command-line assignments (with file:line:key in every error), prints the effective config,
// and gives every command its flags and their help; defaults are the typed config's own.
//
// Keys with a dot live in sections: "outputs.masks" is `outputs: {masks: ...}` in a file and
// `--set outputs.masks=false` on the command line. A map-valued setting (constraints) may also
// take one entry at a time ("constraints.roof=[none, flat]").
//
// A feature declares its own part of a config beside itself, as a Schema of its own struct, and
// the config takes it in one line:
//   - section("interventions", field(&Config::interventions), intervention_schema()): every key
//     of the feature's schema becomes a key of the config under the prefix (interventions.mode);
//     the feature's checks run with the config's (validate).
//   - list("exports", field(&Config::exports), export_schema().codec(), help): a list of structs,
//     each item a map of the feature's keys (`exports: [{target: popper, noise: 0.1}]`), printed
//     as a flow list. Errors name the item and key ("exports[1].target"). On the command line
//     the whole list is one value (`exports=[{target: popper}]`), or one item is addressed by
//     its index from 0: `exports.1={target: aleph}` replaces item 1 (index = size appends one),
//     `exports.1.noise=0.1` sets one key of item 1.
//   - optional("confounder", field(...), schema.codec(), help): a struct or null.
// Codec<T> is how one value of type T is read and printed; Schema<T>::codec() is the codec of a
// struct (a map of its keys: unknown keys refused listing the allowed ones, `required()` keys
// missing refused, then the schema's checks), whole_codec() that of a number; a value type of
// its own (a pattern, a list of operations) is a Codec with its own parse and emit.
#pragma once

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "util/enum_names.h"
#include "util/input_error.h"
#include "util/printable_text.h"
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

// How one value of type T is read from YAML and printed back.
template <class T>
struct Codec {
  std::string type;  // what it accepts, for help: "[{target, vocabulary, noise, seed}]"
  std::function<T(const YamlField&)> parse;
  std::function<void(YAML::Emitter&, const T&)> emit;
  // Structs only: sets one (dotted) key of a value in place ("noise" of `exports.0.noise`).
  std::function<void(const std::string& key, const YamlField&, T&)> set_key;
};

// A whole number in [lo, hi], as the type T.
template <class T>
Codec<T> whole_codec(std::int64_t lo, std::int64_t hi) {
  Codec<T> codec;
  codec.type = std::to_string(lo) + ".." + std::to_string(hi);
  codec.parse = [=](const YamlField& v) { return static_cast<T>(v.whole(lo, hi)); };
  codec.emit = [](YAML::Emitter& out, const T& value) { out << value; };
  return codec;
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
  // A struct's key that must be given when the struct is read whole (a list item).
  bool required = false;
  // choice(): the names it accepts, the first of each value its own ("popper", "aleph", ...).
  std::vector<std::string> choices;
  // Whether the key means anything for this config (empty: always); one that does not is not
  // printed (the scene graph export has no vocabulary), nor set from a command's flags.
  std::function<bool(const Config&)> applies;
};

template <class Config>
class Schema {
 public:
  Schema& add(Setting<Config> setting) {
    settings_.push_back(std::move(setting));
    return *this;
  }

  // The last key added must be given when the struct is read whole (a list item).
  Schema& required() {
    settings_.back().required = true;
    return *this;
  }

  // The last key added means something only when `applies` says so (see Setting::applies).
  Schema& applies_when(std::function<bool(const Config&)> applies) {
    settings_.back().applies = std::move(applies);
    return *this;
  }

  // What only the whole struct can tell; `check` throws (any std::exception) with a message.
  // validate() runs them; codec() after reading an item, naming the item.
  Schema& check(std::function<void(const Config&)> check) {
    checks_.push_back(std::move(check));
    return *this;
  }

  void validate(const Config& config) const {
    for (const auto& check : checks_) check(config);
  }

  template <class Access>
  Schema& whole(std::string key, Access access, std::int64_t lo, std::int64_t hi, std::string help,
                std::string flag = {}) {
    return add(make(
        std::move(key), std::to_string(lo) + ".." + std::to_string(hi), std::move(help),
        std::move(flag),
        [=](const YamlField& v, Config& c) {
          using T = std::remove_reference_t<decltype(access(c))>;
          access(c) = static_cast<T>(v.whole(lo, hi));
        },
        [=](YAML::Emitter& out, const Config& c) {
          // A whole number kept in a double (a backend option) prints as one.
          if constexpr (std::is_floating_point_v<std::remove_cvref_t<decltype(access(c))>>)
            out << static_cast<std::int64_t>(access(c));
          else
            out << access(c);
        }));
  }

  template <class Access>
  Schema& unsigned_whole(std::string key, Access access, std::string help, std::string flag = {}) {
    return add(make(
        std::move(key), "0..2^64-1", std::move(help), std::move(flag),
        [=](const YamlField& v, Config& c) { access(c) = v.unsigned_whole(); },
        [=](YAML::Emitter& out, const Config& c) { out << access(c); }));
  }

  template <class Access>
  Schema& number(std::string key, Access access, double lo, double hi, std::string help,
                 std::string flag = {}) {
    return add(make(
        std::move(key), number_range(lo, hi), std::move(help), std::move(flag),
        [=](const YamlField& v, Config& c) {
          double value = v.number();
          if (!(value >= lo && value <= hi))
            v.fail("must be between " + number_text(lo) + " and " + number_text(hi) + ", got " +
                   v.text());
          access(c) = value;
        },
        [=](YAML::Emitter& out, const Config& c) { out << access(c); }));
  }

  // A switch, kept in a bool (or in a number as 0 or 1: a backend option).
  template <class Access>
  Schema& boolean(std::string key, Access access, std::string help, std::string flag = {}) {
    return add(make(
        std::move(key), "true|false", std::move(help), std::move(flag),
        [=](const YamlField& v, Config& c) { access(c) = v.boolean(); },
        [=](YAML::Emitter& out, const Config& c) { out << static_cast<bool>(access(c)); }));
  }

  // Free text: names and paths (resolved and checked by the config's own checks). What no name or
  // path holds is refused here, where the file and line are known: a control or invisible
  // character, bytes that are not UTF-8, more than a path's 4,096 bytes.
  template <class Access>
  Schema& text(std::string key, Access access, std::string type, std::string help,
               std::string flag = {}) {
    return add(make(
        std::move(key), std::move(type), std::move(help), std::move(flag),
        [=](const YamlField& v, Config& c) {
          std::string value = v.text();
          if (value.empty()) v.fail("must not be empty");
          if (value.size() > 4096)
            v.fail("is too long (" + std::to_string(value.size()) +
                   " bytes); a name or path is at most 4,096");
          for (std::size_t i = 0, length = 0; i < value.size(); i += length)
            if (!escape_character(value, i, length).empty())
              v.fail("'" + printable(value, 80) +
                     "' holds a control or invisible character, or bytes that are not UTF-8");
          access(c) = value;
        },
        [=](YAML::Emitter& out, const Config& c) { out << std::string(access(c)); }));
  }

  // One of a fixed set of names, parsed once into the field's type (an enum, usually).
  template <class Access, class Value>
  Schema& choice(std::string key, Access access, std::vector<std::pair<std::string, Value>> names,
                 std::string help, std::string flag = {}) {
    std::string type;
    std::vector<std::string> choices;
    for (const auto& [name, value] : names) {
      type += (type.empty() ? "" : "|") + name;
      choices.push_back(name);
    }
    add(make(
        std::move(key), type, std::move(help), std::move(flag),
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
        }));
    settings_.back().choices = std::move(choices);
    return *this;
  }

  // One of an enum's names, from its table (util/enum_names.h).
  template <class Access, class Value, std::size_t N>
  Schema& choice(std::string key, Access access, const EnumNames<Value, N>& names, std::string help,
                 std::string flag = {}) {
    std::vector<std::pair<std::string, Value>> pairs;
    for (const auto& [value, name] : names) pairs.emplace_back(name, value);
    return choice(std::move(key), access, std::move(pairs), std::move(help), std::move(flag));
  }

  // One value of a type of its own, read and printed by its codec.
  template <class Access, class T>
  Schema& value(std::string key, Access access, Codec<T> codec, std::string help,
                std::string flag = {}) {
    return add(make(
        std::move(key), codec.type, std::move(help), std::move(flag),
        [=](const YamlField& v, Config& c) { access(c) = codec.parse(v); },
        [=](YAML::Emitter& out, const Config& c) { codec.emit(out, access(c)); }));
  }

  // A list of values (a std::vector), printed as a flow list; null is the empty list.
  // `expected` is the message for a value that is not a list ("expected a list of sizes, e.g.
  // [100, 1000]"). Items are also addressed one at a time: "key.<index>" replaces item <index>
  // (the list's size appends one), "key.<index>.<item key>" sets one key of a struct item.
  template <class Access, class T>
  Schema& list(std::string key, Access access, Codec<T> item, std::string help,
               std::string expected = "expected a list") {
    std::string type = "[" + item.type + "]";
    Setting<Config> s = make(
        std::move(key), std::move(type), std::move(help), {},
        [=](const YamlField& v, Config& c) {
          std::vector<T> items;
          if (!v.is_null()) {
            if (!v.is_sequence()) v.fail(expected);
            for (const YamlField& i : v.items()) items.push_back(item.parse(i));
          }
          access(c) = std::move(items);
        },
        [=](YAML::Emitter& out, const Config& c) {
          out << YAML::Flow << YAML::BeginSeq;
          for (const T& i : access(c)) item.emit(out, i);
          out << YAML::EndSeq;
        });
    s.set_entry = [=, key = s.key](const std::string& entry, const YamlField& v, Config& c) {
      std::vector<T>& items = access(c);
      std::size_t dot = entry.find('.');
      std::string index_text = entry.substr(0, dot);
      std::size_t index = 0;
      bool numeric = !index_text.empty() && index_text.size() < 10 &&
                     index_text.find_first_not_of("0123456789") == std::string::npos;
      if (numeric) index = std::stoul(index_text);
      if (!numeric || index > items.size() || (dot != std::string::npos && index == items.size()))
        v.fail("no item " + index_text + " in " + key + " (it has " + std::to_string(items.size()) +
               "; " + key +
               ".<index>=value sets item <index> "
               "from 0, " +
               key + "." + std::to_string(items.size()) + "=value appends one)");
      if (dot == std::string::npos) {
        T parsed = item.parse(v);
        if (index == items.size())
          items.push_back(std::move(parsed));
        else
          items[index] = std::move(parsed);
      } else if (item.set_key) {
        item.set_key(entry.substr(dot + 1), v, items[index]);
      } else {
        v.fail("unknown key: the items of " + key + " are single values");
      }
    };
    return add(std::move(s));
  }

  // A value or nothing (a std::optional): null, printed `~`, is nothing.
  template <class Access, class T>
  Schema& optional(std::string key, Access access, Codec<T> codec, std::string help) {
    return add(make(
        std::move(key), codec.type + " | null", std::move(help), {},
        [=](const YamlField& v, Config& c) {
          if (v.is_null())
            access(c).reset();
          else
            access(c) = codec.parse(v);
        },
        [=](YAML::Emitter& out, const Config& c) {
          if (access(c))
            codec.emit(out, *access(c));
          else
            out << YAML::Null;
        }));
  }

  // Every key of a struct's schema as a key of this one under `prefix` ("interventions.mode"),
  // reaching the struct through `access`; the struct's checks join this schema's.
  template <class Access, class Part>
  Schema& section(const std::string& prefix, Access access, const Schema<Part>& part) {
    for (const Setting<Part>& p : part.settings()) {
      Setting<Config> s;
      s.key = prefix + "." + p.key;
      s.type = p.type;
      s.help = p.help;
      s.flag = p.flag;
      s.required = p.required;
      s.choices = p.choices;
      s.set = [=, set = p.set](const YamlField& v, Config& c) { set(v, access(c)); };
      s.emit = [=, emit = p.emit](YAML::Emitter& out, const Config& c) { emit(out, access(c)); };
      if (p.set_entry)
        s.set_entry = [=, set_entry = p.set_entry](const std::string& entry, const YamlField& v,
                                                   Config& c) { set_entry(entry, v, access(c)); };
      if (p.applies)
        s.applies = [=, applies = p.applies](const Config& c) { return applies(access(c)); };
      add(std::move(s));
    }
    check([=, part = std::make_shared<const Schema<Part>>(part)](const Config& c) {
      part->validate(access(c));
    });
    return *this;
  }

  // This schema's struct as one value (a list item, an optional value): a map of its keys, read
  // over the struct's defaults in declaration order (keys this schema does not know refused,
  // naming the allowed ones; a required() key missing refused), then checked (validate(), its
  // message naming the item); printed as a flow map of the keys that apply.
  Codec<Config> codec(std::string type = {}) const {
    auto self = std::make_shared<const Schema>(*this);
    if (type.empty())
      for (const auto& s : settings_) type += (type.empty() ? "{" : ", ") + s.key;
    if (!type.starts_with("{")) type = "{" + type;
    if (!type.ends_with("}")) type += "}";
    Codec<Config> codec;
    codec.type = type;
    codec.parse = [self, type](const YamlField& v) {
      if (!v.is_map()) v.fail("expected " + type);
      std::vector<std::pair<std::string, YamlField>> entries = v.entries();
      for (const auto& [name, value] : entries)
        if (!self->find(name) && !self->is_section(name))
          value.fail("unknown key (allowed: " + self->allowed() + ")");
      Config config{};
      for (const auto& s : self->settings_) {
        std::optional<YamlField> value = lookup(v, s.key);
        if (value)
          s.set(*value, config);
        else if (s.required)
          v[s.key];  // fails: missing
      }
      self->checked(v, config);
      return config;
    };
    codec.emit = [self](YAML::Emitter& out, const Config& config) {
      out << YAML::Flow << YAML::BeginMap;
      for (const auto& s : self->settings_) {
        if (s.applies && !s.applies(config)) continue;
        out << YAML::Key << s.key << YAML::Value;
        s.emit(out, config);
      }
      out << YAML::EndMap;
    };
    codec.set_key = [self](const std::string& key, const YamlField& v, Config& config) {
      // Named by the whole key ("exports.0.colour"), as `v` is.
      if (!self->knows(key)) v.fail("unknown key (allowed: " + self->allowed() + ")");
      self->set_key(key, v, config);
      self->checked(v, config);
    };
    return codec;
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

  // Sets one dotted key: a setting, a section (a map of its keys) or an entry of a setting that
  // takes them ("constraints.roof", "exports.0.noise"). `value` names the key in messages.
  void set_key(const std::string& key, const YamlField& value, Config& config) const {
    if (const Setting<Config>* setting = find(key)) return setting->set(value, config);
    if (is_section(key)) return apply(value, config, key);
    for (const auto& setting : settings_)
      if (setting.set_entry && key.starts_with(setting.key + "."))
        return setting.set_entry(key.substr(setting.key.size() + 1), value, config);
    unknown(value, key);
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
    set_key(key, value, config);
  }

  // Sets `key` to the YAML `text` of a command's flag; `source` names it in messages
  // ("--noise-seed -1").
  void assign_value(const std::string& key, const std::string& text, const std::string& source,
                    Config& config) const {
    set_key(key, YamlField::parse(text, source, false).as_key(key), config);
  }

  // One setting's value as YAML text ("relational", "0"): a flag's default.
  static std::string value_text(const Setting<Config>& setting, const Config& config) {
    YAML::Emitter out;
    out.SetDoublePrecision(15);
    setting.emit(out, config);
    return out.c_str();
  }

  // The config as YAML, keys in declaration order, sections as nested maps.
  std::string emit(const Config& config) const {
    YAML::Emitter out;
    // 15 significant digits give back every decimal a person writes (0.8, not 0.800...04).
    out.SetDoublePrecision(15);
    out << YAML::BeginMap;
    std::vector<std::string> open;  // the sections currently open
    for (const auto& setting : settings_) {
      if (setting.applies && !setting.applies(config)) continue;
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
  // Whether set_key() takes `key`: a setting, a section, or an entry of a setting that takes them.
  bool knows(const std::string& key) const {
    if (find(key) || is_section(key)) return true;
    for (const auto& setting : settings_)
      if (setting.set_entry && key.starts_with(setting.key + ".")) return true;
    return false;
  }

  std::string allowed() const {
    std::string list;
    for (const auto& s : settings_) list += (list.empty() ? "" : ", ") + s.key;
    return list;
  }

  static Setting<Config> make(std::string key, std::string type, std::string help, std::string flag,
                              std::function<void(const YamlField&, Config&)> set,
                              std::function<void(YAML::Emitter&, const Config&)> emit) {
    Setting<Config> s;
    s.key = std::move(key);
    s.type = std::move(type);
    s.help = std::move(help);
    s.flag = std::move(flag);
    s.set = std::move(set);
    s.emit = std::move(emit);
    return s;
  }

  // The value at a dotted key of a map ("a.b": {a: {b: value}}), if given. (No YamlField is
  // assigned to: a YAML::Node's assignment writes through to the document.)
  static std::optional<YamlField> lookup(const YamlField& map, std::string_view key) {
    if (!map.is_map()) return std::nullopt;
    std::size_t dot = key.find('.');
    std::optional<YamlField> head = map.find(key.substr(0, dot));
    if (!head || dot == std::string_view::npos) return head;
    return lookup(*head, key.substr(dot + 1));
  }

  // validate(), its message naming `where` (a list item, "exports[1]").
  void checked(const YamlField& where, const Config& config) const {
    std::string message;
    try {
      validate(config);
      return;
    } catch (const std::exception& e) {
      message = e.what();
    }
    where.fail(message);
  }

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
  std::vector<std::function<void(const Config&)>> checks_;
};

}  // namespace railyard
