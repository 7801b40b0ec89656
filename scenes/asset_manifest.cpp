#include "scenes/asset_manifest.h"

#include "logic/vocabulary.h"
#include "scenes/scene_error.h"
#include "util/read_file.h"
#include "util/strict_yaml.h"

namespace railyard {
namespace {

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

  std::string material_name(const YamlField& f) const {
    std::string name = f.text();
    if (!materials_.count(name)) f.fail("material '" + name + "' is not defined under materials");
    return name;
  }

  MeshRef mesh(const YamlField& f) const {
    f.allow_only({"mesh", "paint", "material", "scale", "offset", "up"});
    MeshRef r;
    r.entry = f.key();
    r.file = folder_ / f["mesh"].text();
    if (auto p = f.find("paint")) r.paint = p->text();
    if (auto m = f.find("material")) r.material = material_name(*m);
    if (auto s = f.find("scale")) r.scale = s->number(1e-6f, 1e6f);
    if (auto o = f.find("offset")) r.offset = o->vec3();
    if (auto u = f.find("up")) {
      std::string up = u->text();
      if (up != "y" && up != "z") u->fail("expected y or z, got '" + up + "'");
      r.y_up = up == "y";
    }
    return r;
  }

  // A map from counts to lists of exactly that many points, e.g. {1: [p], 2: [p, q]}.
  std::array<std::vector<glm::vec3>, 4> counted_points(const YamlField& f, int min, int max) const {
    for (const auto& [k, v] : f.entries()) {
      bool known = false;
      for (int n = min; n <= max; ++n) known = known || k == std::to_string(n);
      if (!known)
        v.fail("unexpected count (allowed: " + std::to_string(min) + " to " + std::to_string(max) +
               ")");
    }
    std::array<std::vector<glm::vec3>, 4> out;
    for (int n = min; n <= max; ++n) {
      YamlField list = f[std::to_string(n)];
      for (const YamlField& p : list.items()) out[n].push_back(p.vec3());
      if (static_cast<int>(out[n].size()) != n)
        list.fail("expected " + std::to_string(n) + " points, got " +
                  std::to_string(out[n].size()));
    }
    return out;
  }

  std::array<std::string, 5> paints(const YamlField& f) const {
    std::array<std::string, 5> out;
    check_keys(
        f, Vocabulary::Trains, [](Vocabulary v, int i) { return name(v, static_cast<Shape>(i)); },
        5);
    for (int i = 0; i < 5; ++i)
      out[i] = material_name(f[std::string(name(Vocabulary::Trains, static_cast<Shape>(i)))]);
    return out;
  }

  Locomotive locomotive(const YamlField& f) const {
    f.allow_only({"model", "coupling_back", "length"});
    return {mesh(f["model"]), f["coupling_back"].vec3(), f["length"].number(1e-3f, 1e3f)};
  }

  std::array<MeshRef, 6> loads(const YamlField& f, Vocabulary v) const {
    auto label = [](Vocabulary voc, int i) { return name(voc, static_cast<LoadShape>(i)); };
    check_keys(f, v, label, 6);
    std::array<MeshRef, 6> out;
    for (int i = 0; i < 6; ++i) out[i] = mesh(f[std::string(label(v, i))]);
    return out;
  }

  void attachments(const YamlField& f, Attachments& a) const {
    a.coupling_front = f["coupling_front"].vec3();
    a.coupling_back = f["coupling_back"].vec3();
    if (a.coupling_front.x <= a.coupling_back.x)
      f["coupling_front"].fail("must lie ahead (+X) of coupling_back");
  }

  TrainsCar trains_car(const YamlField& f) const {
    f.allow_only({"body", "coupling_front", "coupling_back", "wall_mount", "roof_mount", "axles",
                  "load_slots", "walls", "roofs"});
    TrainsCar c;
    c.body = mesh(f["body"]);
    attachments(f, c.attach);
    c.attach.load_slots = counted_points(f["load_slots"], 1, 3);
    c.wall_mount = f["wall_mount"].vec3();
    c.roof_mount = f["roof_mount"].vec3();
    c.axles = counted_points(f["axles"], 2, 3);
    YamlField walls = f["walls"];
    check_keys(
        walls, Vocabulary::Trains,
        [](Vocabulary v, int i) { return name(v, static_cast<Wall>(i)); }, 2);
    for (int i = 0; i < 2; ++i)
      c.walls[i] = mesh(walls[std::string(name(Vocabulary::Trains, static_cast<Wall>(i)))]);
    YamlField roofs = f["roofs"];
    // "none" draws nothing, so it has no entry.
    check_keys(
        roofs, Vocabulary::Trains,
        [](Vocabulary v, int i) { return name(v, static_cast<Roof>(i + 1)); }, 4);
    for (int i = 1; i < 5; ++i)
      c.roofs[i] = mesh(roofs[std::string(name(Vocabulary::Trains, static_cast<Roof>(i)))]);
    return c;
  }

  BlocksCar blocks_car(const YamlField& f) const {
    f.allow_only({"coupling_front", "coupling_back", "platforms"});
    BlocksCar c;
    attachments(f, c.attach);
    YamlField platforms = f["platforms"];
    check_keys(
        platforms, Vocabulary::Blocks,
        [](Vocabulary v, int i) { return name(v, static_cast<Roof>(i)); }, 5);
    for (int i = 0; i < 5; ++i) {
      YamlField p = platforms[std::string(name(Vocabulary::Blocks, static_cast<Roof>(i)))];
      p.allow_only({"body", "top_marker", "bottom_marker", "load_slots"});
      c.platforms[i] = {mesh(p["body"]), mesh(p["top_marker"]), mesh(p["bottom_marker"]),
                        counted_points(p["load_slots"], 1, 3)};
    }
    return c;
  }

  template <class Label>
  void check_keys(const YamlField& f, Vocabulary v, Label label, int count) const {
    for (const auto& [k, value] : f.entries()) {
      bool known = false;
      std::string list;
      for (int i = 0; i < count; ++i) {
        known = known || k == label(v, i);
        list += (i ? ", " : "") + std::string(label(v, i));
      }
      if (!known) value.fail("not a value of this descriptor (expected one of: " + list + ")");
    }
  }

 private:
  std::filesystem::path folder_;
  std::map<std::string, render::Material> materials_;
};

}  // namespace

std::vector<const MeshRef*> AssetManifest::mesh_refs() const {
  std::vector<const MeshRef*> out = {&trains.locomotive.model, &trains.track, &trains.wheelset,
                                     &blocks.locomotive.model};
  for (const TrainsCar& c : trains.cars) {
    out.push_back(&c.body);
    for (const MeshRef& w : c.walls) out.push_back(&w);
    for (const auto& r : c.roofs)
      if (r) out.push_back(&*r);
  }
  for (const MeshRef& l : trains.loads) out.push_back(&l);
  for (const BlocksCar& c : blocks.cars)
    for (const BlocksPlatform& p : c.platforms)
      for (const MeshRef* r : {&p.body, &p.top_marker, &p.bottom_marker}) out.push_back(r);
  for (const MeshRef& l : blocks.loads) out.push_back(&l);
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
    root.fail("the manifest is a map with keys version, materials, trains, blocks");
  root.allow_only({"version", "materials", "trains", "blocks"});
  if (root["version"].integer() != 1) root["version"].fail("only version 1 is known");
  ManifestReader read(file);
  AssetManifest m;
  m.file = file;
  m.materials = read.materials(root["materials"]);

  YamlField t = root["trains"];
  t.allow_only({"paints", "locomotive", "track", "wheelset", "cars", "loads"});
  m.trains.paints = read.paints(t["paints"]);
  m.trains.locomotive = read.locomotive(t["locomotive"]);
  YamlField track = t["track"];
  track.allow_only({"model", "segment_length", "margin"});
  m.trains.track = read.mesh(track["model"]);
  m.trains.track_segment = track["segment_length"].number(1e-3f, 1e3f);
  m.trains.track_margin = track["margin"].number(0.0f, 1e3f);
  m.trains.wheelset = read.mesh(t["wheelset"]);
  YamlField cars = t["cars"];
  cars.allow_only({"short", "long"});
  m.trains.cars = {read.trains_car(cars["short"]), read.trains_car(cars["long"])};
  m.trains.loads = read.loads(t["loads"], Vocabulary::Trains);

  YamlField b = root["blocks"];
  b.allow_only({"paints", "locomotive", "cars", "loads"});
  m.blocks.paints = read.paints(b["paints"]);
  m.blocks.locomotive = read.locomotive(b["locomotive"]);
  YamlField bcars = b["cars"];
  bcars.allow_only({"short", "long"});
  m.blocks.cars = {read.blocks_car(bcars["short"]), read.blocks_car(bcars["long"])};
  m.blocks.loads = read.loads(b["loads"], Vocabulary::Blocks);
  return m;
}

AssetManifest load_asset_manifest(const std::filesystem::path& file) {
  return parse_asset_manifest(read_file_text(file), file);
}

}  // namespace railyard
