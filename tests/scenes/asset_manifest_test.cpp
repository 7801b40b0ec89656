#include "scenes/asset_manifest.h"

#include <gtest/gtest.h>

#include <string>

#include "logic/vocabulary.h"
#include "scenes/asset_library.h"
#include "scenes/scene_error.h"
#include "test_data.h"
#include "util/read_file.h"
#include "util/strict_yaml.h"

namespace railyard {
namespace {

std::filesystem::path manifest_file() {
  return AssetLibrary::default_manifest(testing::source_dir());
}

std::string manifest_text() {
  return read_file_text(manifest_file());
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

// The InputError message of parsing and loading `text` as if it were assets/manifest.yaml.
std::string error_of(const std::string& text) {
  try {
    AssetLibrary lib(parse_asset_manifest(text, manifest_file()));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(AssetManifest, EveryReferenceResolvesToAnExistingFile) {
  const AssetManifest& m = testing::library().manifest();
  auto refs = m.mesh_refs();
  // Trains: loco, track, wheelset, 2 bodies, 4 walls, 8 roofs, 6 loads; Blocks: loco,
  // 2 x 5 platforms with two markers each, 6 loads.
  EXPECT_EQ(refs.size(), 3u + 2 + 4 + 8 + 6 + 1 + 30 + 6);
  for (const MeshRef* ref : refs) {
    EXPECT_TRUE(std::filesystem::is_regular_file(ref->file)) << ref->entry << ": " << ref->file;
    EXPECT_GT(testing::library().model(*ref).triangle_count(), 0u) << ref->entry;
  }
}

TEST(AssetManifest, EveryValueOfBothRepresentationsHasAModel) {
  const AssetManifest& m = testing::library().manifest();
  for (int length = 0; length < 2; ++length) {
    const TrainsCar& car = m.trains.cars[length];
    for (int roof = 0; roof < 5; ++roof) EXPECT_EQ(car.roofs[roof].has_value(), roof != 0);
    for (int axles : {2, 3}) EXPECT_EQ(car.axles[axles].size(), static_cast<std::size_t>(axles));
    for (int n = 1; n <= 3; ++n) {
      EXPECT_EQ(car.attach.load_slots[n].size(), static_cast<std::size_t>(n));
      for (const auto& p : m.blocks.cars[length].platforms)
        EXPECT_EQ(p.load_slots[n].size(), static_cast<std::size_t>(n));
    }
  }
  for (const auto& paints : {m.trains.paints, m.blocks.paints}) {
    for (int s = 0; s < 5; ++s) {
      EXPECT_EQ(paints[s], name(Vocabulary::Trains, static_cast<Shape>(s)));
      EXPECT_NO_THROW(m.material(paints[s]));
    }
  }
  // The car colours are told apart: no two paints closer than a clear step in gamma-encoded RGB.
  auto encoded = [&](const std::string& paint) {
    return glm::pow(m.material(paint).base_color, glm::vec3(1.0f / 2.2f));
  };
  for (int a = 0; a < 5; ++a)
    for (int b = a + 1; b < 5; ++b)
      EXPECT_GT(glm::length(encoded(m.trains.paints[a]) - encoded(m.trains.paints[b])), 0.3f)
          << a << " vs " << b;
}

TEST(AssetManifest, PaintSlotsExistInTheirModels) {
  for (const MeshRef* ref : testing::library().manifest().mesh_refs()) {
    if (ref->paint.empty()) continue;
    bool found = false;
    for (const ModelMesh& m : testing::library().model(*ref).meshes)
      found = found || m.material_name == ref->paint;
    EXPECT_TRUE(found) << ref->entry << " has no material '" << ref->paint << "'";
  }
}

// The attachment points in the manifest agree with the generated geometry.
TEST(AssetManifest, AttachmentsMatchTheModels) {
  const AssetLibrary& lib = testing::library();
  const TrainsAssets& t = lib.manifest().trains;
  float rail_top = lib.model(t.track).bounds_max.z;
  float wheel_bottom = lib.model(t.wheelset).bounds_min.z;
  for (const TrainsCar& car : t.cars) {
    const Model& body = lib.model(car.body);
    // Buffers meet at the couplings; the deck top carries walls, roofs and loads.
    EXPECT_NEAR(car.attach.coupling_front.x, body.bounds_max.x, 0.02f);
    EXPECT_NEAR(car.attach.coupling_back.x, body.bounds_min.x, 0.02f);
    EXPECT_NEAR(car.wall_mount.z, body.bounds_max.z, 1e-3f);
    for (int n = 1; n <= 3; ++n)
      for (const glm::vec3& slot : car.attach.load_slots[n])
        EXPECT_NEAR(slot.z, body.bounds_max.z, 1e-3f);
    // Wheels stand on the rails (their flanges reach below the rail top).
    for (int n : {2, 3})
      for (const glm::vec3& axle : car.axles[n]) {
        EXPECT_LT(axle.z + wheel_bottom, rail_top);
        EXPECT_NEAR(axle.z - 0.2f, rail_top, 1e-3f);  // tread radius 0.2
      }
  }
  // Blocks: loads stand on the platform's top (on its axis for domes), cars do not touch.
  for (const BlocksCar& car : lib.manifest().blocks.cars) {
    for (const BlocksPlatform& p : car.platforms) {
      const Model& body = lib.model(p.body);
      EXPECT_NEAR(p.load_slots[1][0].z, body.bounds_max.z, 1e-3f) << p.body.entry;
      EXPECT_LT(body.bounds_max.x, car.attach.coupling_front.x) << p.body.entry;
      EXPECT_GT(body.bounds_min.x, car.attach.coupling_back.x) << p.body.entry;
    }
  }
  const Model& loco = lib.model(t.locomotive.model);
  EXPECT_NEAR(t.locomotive.coupling_back.x, loco.bounds_min.x, 0.01f);
  EXPECT_NEAR(t.locomotive.coupling_back.x + t.locomotive.length, loco.bounds_max.x, 0.01f);
  // Every model stands on the ground or above it.
  for (const MeshRef* ref : lib.manifest().mesh_refs()) {
    if (ref == &t.wheelset) continue;
    EXPECT_GT(lib.model(*ref).bounds_min.z, -0.03f) << ref->entry;
  }
}

TEST(AssetManifest, SizesAndSilhouettesDiffer) {
  const AssetLibrary& lib = testing::library();
  const TrainsAssets& t = lib.manifest().trains;
  auto size = [&](const MeshRef& r) { return lib.model(r).bounds_max - lib.model(r).bounds_min; };
  EXPECT_GT(size(t.cars[1].body).x, size(t.cars[0].body).x + 0.8f);
  // Loads: no two with nearly the same bounding box.
  for (int a = 0; a < 6; ++a)
    for (int b = a + 1; b < 6; ++b)
      EXPECT_GT(glm::length(size(t.loads[a]) - size(t.loads[b])), 0.04f) << a << " vs " << b;
  // Roofs stand at different heights or are open in different ways (frame vs bars: triangles).
  for (const TrainsCar& car : t.cars) {
    EXPECT_GT(size(*car.roofs[4]).z, size(*car.roofs[2]).z + 0.2f);  // peaked vs flat
    EXPECT_GT(lib.model(*car.roofs[3]).triangle_count(), lib.model(*car.roofs[1]).triangle_count());
  }
}

TEST(AssetManifest, MissingModelFileNamesEntryAndPath) {
  std::string e =
      error_of(replaced(manifest_text(), "trains/load_barrel.glb", "trains/no_such_barrel.glb"));
  EXPECT_NE(e.find("trains.loads.barrel"), std::string::npos) << e;
  EXPECT_NE(e.find("no_such_barrel.glb"), std::string::npos) << e;
}

TEST(AssetManifest, UnreadableModelFileIsReported) {
  // The manifest itself is not a model file Assimp can read as a mesh.
  std::string e = error_of(replaced(manifest_text(), "trains/load_box.glb", "manifest.yaml"));
  EXPECT_NE(e.find("trains.loads.box"), std::string::npos) << e;
}

TEST(AssetManifest, SchemaErrorsNameTheKey) {
  struct Case {
    std::string from, to, words;
  };
  const Case cases[] = {
      {"    box: {mesh", "    crate: {mesh", "trains.loads.crate"},
      {"        2: [[0.6, 0, 0.4], [-0.6, 0, 0.4]]", "        2: [[0.6, 0, 0.4]]",
       "trains.cars.short.axles.2"},
      {"material: marker_black}", "material: marker_blak}", "marker_blak"},
      {"paints: {yellow: yellow,", "paints: {yellow: gold,", "trains.paints.yellow"},
      {"    segment_length: 1.0", "    segment_length: 1.0\n    gauge: 1", "trains.track.gauge"},
      {"version: 1", "version: 2", "version"},
  };
  for (const Case& c : cases) {
    std::string e = error_of(replaced(manifest_text(), c.from, c.to));
    EXPECT_NE(e.find("manifest.yaml:"), std::string::npos) << e;
    EXPECT_NE(e.find(c.words), std::string::npos) << c.to << " -> " << e;
  }
}

TEST(AssetManifest, ModelsAreLoadedOncePerFile) {
  const AssetLibrary& lib = testing::library();
  const TrainsAssets& t = lib.manifest().trains;
  // The same reference always yields the same shared meshes.
  EXPECT_EQ(lib.model(t.wheelset).meshes[0].mesh.get(), lib.model(t.wheelset).meshes[0].mesh.get());
  AssetManifest copy = lib.manifest();
  copy.trains.loads[1] = copy.trains.loads[0];  // two entries, one file
  copy.trains.loads[1].entry = "trains.loads.golden_vase";
  AssetLibrary two(copy);
  EXPECT_EQ(two.model(two.manifest().trains.loads[0]).meshes[0].mesh.get(),
            two.model(two.manifest().trains.loads[1]).meshes[0].mesh.get());
}

TEST(AssetManifest, ModelsAreInOurZUpFrame) {
  const AssetLibrary& lib = testing::library();
  const TrainsAssets& t = lib.manifest().trains;
  // The locomotive is long in X, narrow in Y and its chimney is the highest point, at the front.
  const Model& loco = lib.model(t.locomotive.model);
  glm::vec3 size = loco.bounds_max - loco.bounds_min;
  EXPECT_GT(size.x, 3.0f);
  EXPECT_LT(size.y, 1.6f);
  EXPECT_GT(size.z, 2.0f);
  EXPECT_GT(loco.bounds_min.z, 0.1f);  // wheel flanges dip just below the rail top (0.2)
  EXPECT_LT(loco.bounds_min.z, 0.2f);
}

}  // namespace
}  // namespace railyard
