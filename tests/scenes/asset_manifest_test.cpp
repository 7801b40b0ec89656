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
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
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

const RepresentationAssets& trains() {
  return testing::library().manifest().representation("Trains");
}
const RepresentationAssets& blocks() {
  return testing::library().manifest().representation("SimpleObjects");
}

// The pieces a car of this length with this value of `d` gets (other conditions as `car`).
std::vector<const Piece*> applying(const RepresentationAssets& r, Descriptor d, int value,
                                   Car car) {
  set_descriptor_value(car, d, value);
  std::vector<const Piece*> out;
  for (const Piece& p : r.pieces_of(d, value))
    if (p.applies_to(car)) out.push_back(&p);
  return out;
}

const Model& model(const Piece& p) {
  return testing::library().model(p.model);
}

TEST(AssetManifest, EveryReferenceResolvesToAnExistingFile) {
  const AssetManifest& m = testing::library().manifest();
  ASSERT_EQ(m.representations.size(), 2u);
  EXPECT_NO_THROW(trains());
  EXPECT_NO_THROW(blocks());
  EXPECT_THROW(m.representation("Sketches"), SceneError);
  auto refs = m.mesh_refs();
  EXPECT_GT(refs.size(), 60u);
  for (const MeshRef* ref : refs) {
    EXPECT_TRUE(std::filesystem::is_regular_file(ref->file)) << ref->entry << ": " << ref->file;
    EXPECT_GT(testing::library().model(*ref).triangle_count(), 0u) << ref->entry;
  }
}

TEST(AssetManifest, EveryValueOfBothRepresentationsIsDrawn) {
  for (Length length : {Length::Short, Length::Long}) {
    Car car = make_car(1, Shape::Rectangle, length, Wall::NotDouble, Roof::None, 2,
                       LoadShape::Rectangle, 1);
    SCOPED_TRACE(std::string(name(Vocabulary::Trains, length)));
    // Trains: a body of every colour, a wall of both kinds, a roof unless none, a wheelset at
    // every axle, a model of every load.
    for (int v : descriptor_values(Descriptor::Shape))
      EXPECT_EQ(applying(trains(), Descriptor::Shape, v, car).size(), 1u);
    for (int v : descriptor_values(Descriptor::Wall))
      EXPECT_EQ(applying(trains(), Descriptor::Wall, v, car).size(), 1u);
    for (int v : descriptor_values(Descriptor::Roof))
      EXPECT_EQ(applying(trains(), Descriptor::Roof, v, car).size(), v == 0 ? 0u : 1u);
    for (int v : descriptor_values(Descriptor::Axles))
      EXPECT_EQ(applying(trains(), Descriptor::Axles, v, car).size(), static_cast<size_t>(v));
    // Blocks: a platform of every shape; with each, a top band for double walls only and a foot
    // band for three axles only.
    for (int roof : descriptor_values(Descriptor::Roof)) {
      car.roof = static_cast<Roof>(roof);
      EXPECT_EQ(applying(blocks(), Descriptor::Roof, roof, car).size(), 1u);
      EXPECT_EQ(applying(blocks(), Descriptor::Wall, 0, car).size(), 0u);
      EXPECT_EQ(applying(blocks(), Descriptor::Wall, 1, car).size(), 1u);
      EXPECT_EQ(applying(blocks(), Descriptor::Axles, 2, car).size(), 0u);
      EXPECT_EQ(applying(blocks(), Descriptor::Axles, 3, car).size(), 1u);
    }
    for (const RepresentationAssets* r : {&trains(), &blocks()}) {
      for (int v : descriptor_values(Descriptor::LoadShape))
        EXPECT_EQ(applying(*r, Descriptor::LoadShape, v, car).size(), 1u) << r->name;
      for (int n = 1; n <= 3; ++n)
        EXPECT_EQ(r->cars[static_cast<std::size_t>(length)].load_slots[n].size(),
                  static_cast<std::size_t>(n));
    }
  }
}

TEST(AssetManifest, CarColoursAreToldApart) {
  const AssetManifest& m = testing::library().manifest();
  for (const RepresentationAssets& r : m.representations) {
    for (int s = 0; s < 5; ++s) {
      EXPECT_EQ(r.paints[s], name(Vocabulary::Trains, static_cast<Shape>(s)));
      EXPECT_NO_THROW(m.material(r.paints[s]));
    }
  }
  // No two paints closer than a clear step in gamma-encoded RGB.
  auto encoded = [&](const std::string& paint) {
    return glm::pow(m.material(paint).base_color, glm::vec3(1.0f / 2.2f));
  };
  for (int a = 0; a < 5; ++a)
    for (int b = a + 1; b < 5; ++b)
      EXPECT_GT(glm::length(encoded(trains().paints[a]) - encoded(trains().paints[b])), 0.3f)
          << a << " vs " << b;
}

TEST(AssetManifest, PaintSlotsExistInTheirModels) {
  for (const RepresentationAssets& r : testing::library().manifest().representations)
    for (const auto& values : r.pieces)
      for (const auto& pieces : values)
        for (const Piece& p : pieces) {
          if (p.paint_slot.empty()) continue;
          bool found = false;
          for (const ModelMesh& m : model(p).meshes)
            found = found || m.material_name == p.paint_slot;
          EXPECT_TRUE(found) << p.model.entry << " has no material '" << p.paint_slot << "'";
        }
}

// The manifest's numbers, written by railyard-assetgen, agree with the meshes it writes.
TEST(AssetManifest, MountPointsMatchTheModels) {
  const RepresentationAssets& t = trains();
  float rail_top = model(t.track->pieces[0]).bounds_max.z;
  for (Length length : {Length::Short, Length::Long}) {
    Car car = make_car(1, Shape::Rectangle, length, Wall::NotDouble, Roof::Flat, 2,
                       LoadShape::Rectangle, 1);
    const CarFrame& frame = t.cars[static_cast<std::size_t>(length)];
    const Model& body = model(*applying(t, Descriptor::Shape, 0, car)[0]);
    // Buffers meet at the couplings; the deck top carries walls, roofs and loads.
    EXPECT_NEAR(body.bounds_max.x, 0.5f * frame.length, 0.02f);
    EXPECT_NEAR(body.bounds_min.x, -0.5f * frame.length, 0.02f);
    float deck = body.bounds_max.z;
    EXPECT_NEAR(applying(t, Descriptor::Wall, 0, car)[0]->at.z, deck, 1e-3f);
    EXPECT_NEAR(applying(t, Descriptor::Roof, 2, car)[0]->at.z, deck, 1e-3f);
    for (int n = 1; n <= 3; ++n)
      for (const glm::vec3& slot : frame.load_slots[n]) EXPECT_NEAR(slot.z, deck, 1e-3f);
    // Wheels stand on the rails (their flanges reach below the rail top).
    for (int n : {2, 3})
      for (const Piece* w : applying(t, Descriptor::Axles, n, car)) {
        EXPECT_LT(w->at.z + model(*w).bounds_min.z, rail_top);
        EXPECT_NEAR(w->at.z - 0.34f, rail_top, 1e-3f);  // tread radius 0.34
      }
  }
  // Blocks: platforms stand inside their car's span, loads on the platform's flat top.
  const RepresentationAssets& b = blocks();
  for (Length length : {Length::Short, Length::Long}) {
    const CarFrame& frame = b.cars[static_cast<std::size_t>(length)];
    for (int roof : descriptor_values(Descriptor::Roof)) {
      Car car = make_car(1, Shape::Rectangle, length, Wall::NotDouble, static_cast<Roof>(roof), 2,
                         LoadShape::Rectangle, 1);
      const Piece& p = *applying(b, Descriptor::Roof, roof, car)[0];
      EXPECT_NEAR(p.at.z + model(p).bounds_max.z, frame.load_slots[1][0].z, 1e-3f) << roof;
      EXPECT_LT(p.at.x + model(p).bounds_max.x, 0.5f * frame.length) << roof;
      EXPECT_GE(p.at.x + model(p).bounds_min.x, -0.5f * frame.length - 1e-4f) << roof;
    }
  }
  // Locomotives span their length about their origin; every model stands on the ground or above.
  for (const RepresentationAssets* r : {&t, &b}) {
    const Model& loco = model(r->locomotive.pieces[0]);
    EXPECT_NEAR(loco.bounds_min.x, -0.5f * r->locomotive.length, 0.02f) << r->name;
    EXPECT_NEAR(loco.bounds_max.x, 0.5f * r->locomotive.length, 0.02f) << r->name;
  }
  for (const MeshRef* ref : testing::library().manifest().mesh_refs()) {
    if (ref->file.filename() == "wheelset.glb") continue;  // its origin is the axle
    EXPECT_GT(testing::library().model(*ref).bounds_min.z, -0.03f) << ref->entry;
  }
}

TEST(AssetManifest, SizesAndSilhouettesDiffer) {
  const RepresentationAssets& t = trains();
  auto size = [&](const Piece& p) { return model(p).bounds_max - model(p).bounds_min; };
  auto first = [&](Descriptor d, int value, Length length) -> const Piece& {
    Car car = make_car(1, Shape::Rectangle, length, Wall::NotDouble, Roof::None, 2,
                       LoadShape::Rectangle, 1);
    return *applying(t, d, value, car)[0];
  };
  EXPECT_GT(size(first(Descriptor::Shape, 0, Length::Long)).x,
            size(first(Descriptor::Shape, 0, Length::Short)).x + 0.8f);
  // Loads: large (at least half a unit wide), and no two with nearly the same bounding box.
  for (int a = 0; a < 6; ++a) {
    EXPECT_GT(size(first(Descriptor::LoadShape, a, Length::Long)).x, 0.5f) << a;
    for (int b = a + 1; b < 6; ++b)
      EXPECT_GT(glm::length(size(first(Descriptor::LoadShape, a, Length::Long)) -
                            size(first(Descriptor::LoadShape, b, Length::Long))),
                0.06f)
          << a << " vs " << b;
  }
  // Roofs stand at different heights or are open in different ways (frame vs bars: triangles).
  for (Length length : {Length::Short, Length::Long}) {
    EXPECT_GT(size(first(Descriptor::Roof, 4, length)).z,
              size(first(Descriptor::Roof, 2, length)).z + 0.3f);  // peaked vs flat
    EXPECT_GT(model(first(Descriptor::Roof, 3, length)).triangle_count(),
              model(first(Descriptor::Roof, 1, length)).triangle_count());
  }
}

TEST(AssetManifest, MissingModelFileNamesEntryAndPath) {
  std::string e =
      error_of(replaced(manifest_text(), "trains/load_barrel.glb", "trains/no_such_barrel.glb"));
  EXPECT_NE(e.find("representations.Trains.values.load_shape.barrel[0]"), std::string::npos) << e;
  EXPECT_NE(e.find("no_such_barrel.glb"), std::string::npos) << e;
}

TEST(AssetManifest, UnreadableModelFileIsReported) {
  // The manifest itself is not a model file Assimp can read as a mesh.
  std::string e = error_of(replaced(manifest_text(), "trains/load_box.glb", "manifest.yaml"));
  EXPECT_NE(e.find("load_shape.box"), std::string::npos) << e;
}

TEST(AssetManifest, SchemaErrorsNameTheKey) {
  struct Case {
    std::string from, to, words;
  };
  const Case cases[] = {
      {"        box:", "        crate:", "load_shape.crate"},
      {"        box:", "        crate:", "not a value of load_shape"},
      {"          2: [[-0.5, 0, 1.2], [0.5, 0, 1.2]]", "          2: [[-0.5, 0, 1.2]]",
       "representations.Trains.cars.short.load_slots.2"},
      {"material: marker_black,", "material: marker_blak,", "marker_blak"},
      {"paints: {yellow: yellow,", "paints: {yellow: gold,",
       "representations.Trains.paints.yellow"},
      {"      segment_length: 4.5", "      gauge: 1\n      segment_length: 4.5",
       "representations.Trains.track.gauge"},
      {"version: 2", "version: 1", "version"},
      {"{part: payload, label: box", "{part: cargo, label: box", "expected a part of kind payload"},
      {"{part: wall, label: solid_wall", "{part: payload, label: solid_wall",
       "expected a part of kind body, wall, roof, wheels"},
      {"when: {length: short}}", "when: {length: tiny}}", "not a value of length"},
      {"        grey:", "        rectangle:", "names the same value as 'yellow'"},
      {"        oval_vase:", "        # oval_vase:", "missing value 'utriangle'"},
      {"    locomotive:\n      length: 3.75", "    locomotive:\n      length: long",
       "representations.Trains.locomotive.length"},
  };
  for (const Case& c : cases) {
    std::string text = replaced(manifest_text(), c.from, c.to);
    if (c.to.find("# oval_vase") != std::string::npos)  // drop the value's pieces as well
      text = replaced(text, "          - {part: payload, label: oval_vase", "#");
    std::string e = error_of(text);
    EXPECT_NE(e.find("manifest.yaml:"), std::string::npos) << e;
    EXPECT_NE(e.find(c.words), std::string::npos) << c.to << " -> " << e;
  }
}

TEST(AssetManifest, DetailLevelsAreReadAndChosenByTheirErrorOnScreen) {
  const AssetLibrary& library = testing::library();
  ASSERT_EQ(library.manifest().detail_levels.size(), 1u);
  const DetailLevel& coarse = library.manifest().detail_levels[0];
  EXPECT_EQ(coarse.folder, manifest_file().parent_path() / "coarse");
  EXPECT_FLOAT_EQ(coarse.error, 0.02f);
  // The coarse level while its error stays within half a pixel.
  EXPECT_EQ(library.detail_level(0.5f / coarse.error), 1);
  EXPECT_EQ(library.detail_level(0.5f / coarse.error * 1.01f), 0);
  const Piece& loco = trains().locomotive.pieces[0];
  EXPECT_LT(library.model(loco.model, 1).triangle_count(),
            library.model(loco.model, 0).triangle_count());
  EXPECT_THROW(library.model(loco.model, 2), SceneError);

  std::string e = error_of(replaced(manifest_text(), "{folder: coarse,", "{folder: missing,"));
  EXPECT_NE(e.find("missing/trains/locomotive.glb"), std::string::npos) << e;
  e = error_of(replaced(manifest_text(), "  - {folder: coarse, error: 0.02}",
                        "  - {folder: coarse, error: 0.02}\n  - {folder: coarse, error: 0.01}"));
  EXPECT_NE(e.find("detail_levels[1].error"), std::string::npos) << e;
  EXPECT_NE(e.find("errors must increase"), std::string::npos) << e;
  e = error_of(replaced(manifest_text(), "{folder: coarse,", "{path: coarse,"));
  EXPECT_NE(e.find("detail_levels[0]"), std::string::npos) << e;
}

TEST(AssetManifest, ModelsAreLoadedOncePerFile) {
  // Every wheelset of every car and axle count shares one loaded model.
  std::set<const render::Mesh*> wheelsets;
  for (int n : {2, 3})
    for (const Piece& p : trains().pieces_of(Descriptor::Axles, n))
      wheelsets.insert(model(p).meshes[0].mesh.get());
  EXPECT_EQ(wheelsets.size(), 1u);
}

TEST(AssetManifest, ModelsAreInOurZUpFrame) {
  // The locomotive is long in X, narrow in Y and its chimney rises far above the cars.
  const Model& loco = model(trains().locomotive.pieces[0]);
  glm::vec3 size = loco.bounds_max - loco.bounds_min;
  EXPECT_GT(size.x, 3.5f);
  EXPECT_LT(size.y, 2.4f);
  EXPECT_GT(size.z, 3.0f);
  EXPECT_GT(loco.bounds_min.z, 0.15f);  // wheel flanges dip just below the rail top (0.25)
  EXPECT_LT(loco.bounds_min.z, 0.25f);
}

}  // namespace
}  // namespace railyard
