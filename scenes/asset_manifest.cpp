#include "scenes/asset_manifest.h"

#include <algorithm>
#include <optional>

#include "scenes/scene_error.h"
#include "util/read_file.h"
#include "util/strict_yaml.h"

namespace railyard {
namespace {

std::size_t value_index(Descriptor d, int value) {
  auto values = descriptor_values(d);
  return static_cast<std::size_t>(std::find(values.begin(), values.end(), value) - values.begin());
}

std::string value_list(Descriptor d) {
  std::string list;
  for (int v : descriptor_values(d))
    list += (list.empty() ? "" : ", ") + value_name(Vocabulary::Michalski, d, v);
  return list;
}

class ManifestReader {
 public:
  explicit ManifestReader(const std::filesystem::path& file) : folder_(file.parent_path()) {}

  std::map<std::string, render::Material> materials(const YamlField& f) {
    for (auto& [name, m] : f.entries()) {
      m.allow_only({"base_color", "metallic", "roughness"});
      render::Material mat;
      mat.base_color = m["base_color"].colour();
      mat.metallic = m["metallic"].number(0.0f, 1.0f);
      mat.roughness = m["roughness"].number(0.0f, 1.0f);
      materials_[name] = mat;
    }
    return materials_;
  }

  std::vector<DetailLevel> detail_levels(const YamlField& f) const {
    std::vector<DetailLevel> levels;
    for (const YamlField& level : f.items()) {
      level.allow_only({"folder", "error"});
      DetailLevel l{folder_ / level["folder"].text(), level["error"].number(1e-6f, 1e3f)};
      if (!levels.empty() && l.error <= levels.back().error)
        level["error"].fail("detail levels go from finest to coarsest: errors must increase");
      levels.push_back(std::move(l));
    }
    return levels;
  }

  RepresentationAssets representation(const std::string& name, const YamlField& f) const {
    f.allow_only({"vocabulary", "paints", "locomotive", "track", "cars", "values"});
    RepresentationAssets r;
    r.name = name;
    r.vocabulary = vocabulary(f["vocabulary"]);
    r.paints = paints(f["paints"]);
    r.locomotive = vehicle(f["locomotive"], PartKind::Locomotive);
    if (auto t = f.find("track")) {
      t->allow_only({"segment_length", "pieces"});
      r.track = Track{(*t)["segment_length"].number(1e-3f, 1e3f),
                      pieces((*t)["pieces"], {PartKind::Rail}, false)};
    }
    auto cars = by_value<CarFrame>(f["cars"], Descriptor::Length,
                                   [&](const YamlField& c) { return car_frame(c); });
    std::copy(cars.begin(), cars.end(), r.cars.begin());
    values(f["values"], r);
    return r;
  }

 private:
  std::string material_name(const YamlField& f) const {
    std::string name = f.text();
    if (!materials_.count(name)) f.fail("material '" + name + "' is not defined under materials");
    return name;
  }

  // A map keyed by every value of a descriptor exactly once, in any vocabulary; out[i] belongs
  // to descriptor_values(d)[i].
  template <class T, class Read>
  std::vector<T> by_value(const YamlField& f, Descriptor d, Read read) const {
    auto values = descriptor_values(d);
    std::vector<std::optional<T>> found(values.size());
    std::vector<std::string> keys(values.size());
    for (const auto& [key, value] : f.entries()) {
      auto v = parse_value(d, key);
      std::size_t i = v ? value_index(d, *v) : values.size();
      if (i == values.size())
        value.fail("not a value of " + std::string(descriptor_key(d)) +
                   " (values: " + value_list(d) + "; V-LoL's names are accepted too)");
      if (found[i])
        value.fail("names the same value as '" + keys[i] + "': each value once, please");
      found[i] = read(value);
      keys[i] = key;
    }
    std::vector<T> out;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (!found[i])
        f.fail("missing value '" + value_name(Vocabulary::Michalski, d, values[i]) + "'");
      out.push_back(std::move(*found[i]));
    }
    return out;
  }

  Vocabulary vocabulary(const YamlField& f) const {
    std::string name = f.text();
    if (std::optional<Vocabulary> v = kVocabularyNames.parse(name)) return *v;
    f.fail("expected " + kVocabularyNames.list(", ", " or ") + ", got '" + name + "'");
  }

  std::array<std::string, 5> paints(const YamlField& f) const {
    auto names = by_value<std::string>(f, Descriptor::Shape,
                                       [&](const YamlField& m) { return material_name(m); });
    std::array<std::string, 5> out;
    std::copy(names.begin(), names.end(), out.begin());
    return out;
  }

  Vehicle vehicle(const YamlField& f, PartKind kind) const {
    f.allow_only({"length", "pieces"});
    return {f["length"].number(1e-3f, 1e3f), pieces(f["pieces"], {kind}, false)};
  }

  CarFrame car_frame(const YamlField& f) const {
    f.allow_only({"length", "load_slots"});
    CarFrame c;
    c.length = f["length"].number(1e-3f, 1e3f);
    YamlField slots = f["load_slots"];
    for (const auto& [k, v] : slots.entries())
      if (k != "1" && k != "2" && k != "3") v.fail("unexpected load count (allowed: 1 to 3)");
    for (int n = 1; n <= 3; ++n) {
      YamlField list = slots[std::to_string(n)];
      for (const YamlField& p : list.items()) c.load_slots[n].push_back(p.vec3());
      if (static_cast<int>(c.load_slots[n].size()) != n)
        list.fail("expected " + std::to_string(n) + " points, got " +
                  std::to_string(c.load_slots[n].size()));
    }
    return c;
  }

  void values(const YamlField& f, RepresentationAssets& r) const {
    for (const auto& [key, list] : f.entries()) {
      auto d = parse_descriptor_key(key);
      if (!d) list.fail("not a descriptor (shape, length, wall, roof, axles, load_shape)");
      if (*d == Descriptor::LoadCount)
        list.fail("load_count adds no pieces: loads stand at cars.<length>.load_slots");
      auto& slot = r.pieces[static_cast<std::size_t>(*d)];
      if (!slot.empty()) list.fail("names the same descriptor as an earlier key");
      bool loads = *d == Descriptor::LoadShape;
      std::vector<PartKind> kinds = loads ? std::vector<PartKind>{PartKind::Payload}
                                          : std::vector<PartKind>{PartKind::Body, PartKind::Wall,
                                                                  PartKind::Roof, PartKind::Wheels};
      slot = by_value<std::vector<Piece>>(list, *d, [&](const YamlField& v) {
        return v.is_null() ? std::vector<Piece>{} : pieces(v, kinds, true);
      });
    }
    auto& loads = r.pieces[static_cast<std::size_t>(Descriptor::LoadShape)];
    if (loads.empty()) f.fail("missing key 'load_shape': loads must be drawn");
    // Descriptors the file leaves out add nothing.
    for (Descriptor d : kDescriptors) {
      auto& slot = r.pieces[static_cast<std::size_t>(d)];
      if (slot.empty()) slot.resize(descriptor_values(d).size());
    }
  }

  std::vector<Piece> pieces(const YamlField& f, const std::vector<PartKind>& kinds,
                            bool conditional) const {
    std::vector<Piece> out;
    for (const YamlField& item : f.items()) out.push_back(piece(item, kinds, conditional));
    return out;
  }

  Piece piece(const YamlField& f, const std::vector<PartKind>& kinds, bool conditional) const {
    f.allow_only({"part", "label", "mesh", "paint_slot", "material", "at", "when", "scale", "up"});
    Piece p;
    p.model.entry = f.key();
    p.model.path = f["mesh"].text();
    p.model.file = folder_ / p.model.path;
    if (auto s = f.find("scale")) p.model.scale = s->number(1e-6f, 1e6f);
    if (auto u = f.find("up")) {
      std::string up = u->text();
      if (up != "y" && up != "z") u->fail("expected y or z, got '" + up + "'");
      p.model.y_up = up == "y";
    }
    p.part = part_kind(f["part"], kinds);
    p.label = f["label"].text();
    if (auto s = f.find("paint_slot")) p.paint_slot = s->text();
    if (auto m = f.find("material")) p.material = material_name(*m);
    if (auto a = f.find("at")) p.at = a->vec3();
    if (auto w = f.find("when")) {
      if (!conditional) w->fail("only car pieces depend on descriptor values");
      p.when = conditions(*w);
    }
    return p;
  }

  PartKind part_kind(const YamlField& f, const std::vector<PartKind>& kinds) const {
    std::string text = f.text(), list;
    for (PartKind k : kinds) {
      if (text == part_kind_name(k)) return k;
      list += (list.empty() ? "" : ", ") + std::string(part_kind_name(k));
    }
    f.fail("expected a part of kind " + list + " here, got '" + text + "'");
  }

  std::vector<Condition> conditions(const YamlField& f) const {
    std::vector<Condition> out;
    for (const auto& [key, value] : f.entries()) {
      auto d = parse_descriptor_key(key);
      if (!d) value.fail("not a descriptor");
      Condition c{*d, {}};
      std::vector<YamlField> names = value.is_sequence() ? value.items() : std::vector{value};
      for (const YamlField& n : names) {
        auto v = parse_value(*d, n.text());
        if (!v || value_index(*d, *v) == descriptor_values(*d).size())
          n.fail("not a value of " + key + " (values: " + value_list(*d) + ")");
        c.values.push_back(*v);
      }
      out.push_back(std::move(c));
    }
    return out;
  }

  std::filesystem::path folder_;
  std::map<std::string, render::Material> materials_;
};

}  // namespace

bool Piece::applies_to(const Car& car) const {
  for (const Condition& c : when)
    if (std::find(c.values.begin(), c.values.end(), descriptor_value(car, c.descriptor)) ==
        c.values.end())
      return false;
  return true;
}

const std::vector<Piece>& RepresentationAssets::pieces_of(Descriptor d, int value) const {
  static const std::vector<Piece> kNone;
  const auto& by_value = pieces[static_cast<std::size_t>(d)];
  std::size_t i = value_index(d, value);
  return i < by_value.size() ? by_value[i] : kNone;
}

const RepresentationAssets& AssetManifest::representation(std::string_view name) const {
  for (const RepresentationAssets& r : representations)
    if (r.name == name) return r;
  std::string known;
  for (const RepresentationAssets& r : representations)
    known += (known.empty() ? "" : ", ") + r.name;
  throw SceneError("representation '" + std::string(name) + "' is not in " + file.string() +
                   " (it has " + known + ")");
}

std::vector<const MeshRef*> AssetManifest::mesh_refs() const {
  std::vector<const MeshRef*> out;
  auto add = [&](const std::vector<Piece>& pieces) {
    for (const Piece& p : pieces) out.push_back(&p.model);
  };
  for (const RepresentationAssets& r : representations) {
    add(r.locomotive.pieces);
    if (r.track) add(r.track->pieces);
    for (const auto& by_value : r.pieces)
      for (const auto& pieces : by_value) add(pieces);
  }
  return out;
}

const render::Material& AssetManifest::material(const std::string& name) const {
  auto it = materials.find(name);
  if (it == materials.end())
    throw SceneError(file.string() + ": material '" + name + "' is not defined");
  return it->second;
}

AssetManifest parse_asset_manifest(const std::string& yaml, const std::filesystem::path& file) {
  YamlField root = YamlField::parse(yaml, file.string());
  if (!root.is_map())
    root.fail("the manifest is a map with keys version, materials, representations");
  root.allow_only({"version", "materials", "detail_levels", "representations"});
  if (root["version"].integer() != 2)
    root["version"].fail("only version 2 is known (per-value pieces; railyard-assetgen writes it)");
  ManifestReader read(file);
  AssetManifest m;
  m.file = file;
  m.materials = read.materials(root["materials"]);
  if (auto levels = root.find("detail_levels")) m.detail_levels = read.detail_levels(*levels);
  for (const auto& [name, r] : root["representations"].entries())
    m.representations.push_back(read.representation(name, r));
  if (m.representations.empty()) root["representations"].fail("names no representation");
  return m;
}

AssetManifest load_asset_manifest(const std::filesystem::path& file) {
  return parse_asset_manifest(read_file_text(file), file);
}

}  // namespace railyard
