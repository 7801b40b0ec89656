#include "tools/dataset/export_settings.h"

#include "tools/dataset/config.h"

namespace railyard {
namespace {

exports::ExportOptions export_of(const YamlField& item) {
  if (!item.is_map()) item.fail("expected {target: popper|aleph|scene_graphs, ...}");
  item.allow_only({"target", "vocabulary", "noise", "seed"});
  exports::ExportOptions options;
  try {
    options.target = exports::parse_export_target(item["target"].text());
    if (auto vocabulary = item.find("vocabulary"))
      options.vocabulary = exports::parse_logic_vocabulary(vocabulary->text());
  } catch (const exports::ExportError& e) {
    item.fail(e.what());
  }
  if (auto noise = item.find("noise")) options.noise.rate = noise->number(0.0f, 1.0f);
  if (auto seed = item.find("seed")) options.noise.seed = seed->unsigned_whole();
  try {
    exports::validate_options(options);
  } catch (const exports::ExportError& e) {
    item.fail(e.what());
  }
  return options;
}

}  // namespace

Setting<DatasetConfig> exports_setting() {
  Setting<DatasetConfig> s;
  s.key = "exports";
  s.type = "[{target, vocabulary, noise, seed}]";
  s.help =
      "exports written into the finished dataset (exports/<name>/): target popper|aleph|"
      "scene_graphs, vocabulary relational|michalski, perception noise rate and seed";
  s.set = [](const YamlField& value, DatasetConfig& c) {
    c.exports.clear();
    if (value.is_null()) return;
    if (!value.is_sequence()) value.fail("expected a list, e.g. [{target: popper}]");
    for (const YamlField& item : value.items()) c.exports.push_back(export_of(item));
  };
  s.emit = [](YAML::Emitter& out, const DatasetConfig& c) {
    out << YAML::Flow << YAML::BeginSeq;
    for (const exports::ExportOptions& e : c.exports) {
      out << YAML::BeginMap << YAML::Key << "target" << YAML::Value
          << std::string(exports::target_key(e.target));
      if (e.target != exports::ExportTarget::SceneGraphs) {
        out << YAML::Key << "vocabulary" << YAML::Value
            << std::string(exports::vocabulary_key(e.vocabulary)) << YAML::Key << "noise"
            << YAML::Value << e.noise.rate << YAML::Key << "seed" << YAML::Value << e.noise.seed;
      }
      out << YAML::EndMap;
    }
    out << YAML::EndSeq;
  };
  return s;
}

}  // namespace railyard
