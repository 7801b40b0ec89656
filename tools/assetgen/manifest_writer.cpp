#include "tools/assetgen/manifest_writer.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <glm/glm.hpp>
#include <sstream>
#include <vector>

#include "tools/assetgen/blocks_assets.h"
#include "tools/assetgen/blocks_dimensions.h"
#include "tools/assetgen/catalogue.h"
#include "tools/assetgen/detail.h"
#include "tools/assetgen/palette.h"
#include "tools/assetgen/trains_dimensions.h"

namespace railyard::assetgen {
namespace {

// Six significant digits: the dimensions' decimals as written, without float noise
// (0.25f + 0.34f prints 0.59).
std::string num(float v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", static_cast<double>(v == 0.0f ? 0.0f : v));
  return buffer;
}

std::string vec(const glm::vec3& v) {
  std::string out = "[";  // appended piecewise: GCC 12 misreads "[" + std::string (-Wrestrict)
  out.append(num(v.x)).append(", ").append(num(v.y)).append(", ").append(num(v.z));
  return out + "]";
}

// One model placed as (part of) an annotated part.
struct Piece {
  std::string part, label, mesh;
  std::string paint_slot;  // the mesh's material that takes the car colour; "" for none
  std::string material;    // a manifest material replacing the mesh's own; "" for none
  glm::vec3 at{0.0f};
  std::string when;  // "length: short, roof: cube"; "" for always
};

// A model at the origin of its value's frame, always drawn, with its own materials.
Piece plain(const std::string& part, const std::string& label, const std::string& mesh) {
  return {part, label, mesh, "", "", glm::vec3(0.0f), ""};
}

class Writer {
 public:
  void line(int indent, const std::string& text) {
    out_ << std::string(static_cast<std::size_t>(2 * indent), ' ') << text << '\n';
  }

  void pieces(int indent, const std::string& key, const std::vector<Piece>& list) {
    if (list.empty()) {
      line(indent, key + ": []");
      return;
    }
    line(indent, key + ":");
    for (const Piece& p : list) {
      std::string text = "- {part: " + p.part + ", label: " + p.label + ", mesh: " + p.mesh;
      if (!p.paint_slot.empty()) text += ", paint_slot: " + p.paint_slot;
      if (!p.material.empty()) text += ", material: " + p.material;
      if (p.at != glm::vec3(0.0f)) text += ", at: " + vec(p.at);
      if (!p.when.empty()) text += ", when: {" + p.when + "}";
      line(indent + 1, text + "}");
    }
  }

  // {1: [p], 2: [p, q], 3: [p, q, r]}: where n loads stand, payload_0 first.
  void load_slots(int indent, const std::array<std::vector<glm::vec3>, 3>& slots) {
    line(indent, "load_slots:");
    for (std::size_t n = 0; n < slots.size(); ++n) {
      std::string list;
      for (const glm::vec3& p : slots[n]) list += (list.empty() ? "" : ", ") + vec(p);
      line(indent + 1, std::to_string(n + 1) + ": [" + list + "]");
    }
  }

  std::string text() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

const char* length_name(bool long_car) {
  return long_car ? "long" : "short";
}

void materials(Writer& w) {
  w.line(0, "# name: base_color (linear RGB), metallic, roughness (glTF metal/roughness)");
  w.line(0, "materials:");
  std::vector<AssetMaterial> all(palette::kCarPaints.begin(), palette::kCarPaints.end());
  all.push_back(palette::kMarkerBlack);
  for (const AssetMaterial& m : all)
    w.line(1, std::string(m.name) + ": {base_color: " + vec(m.base_color) +
                  ", metallic: " + num(m.metallic) + ", roughness: " + num(m.roughness) + "}");
}

void detail_levels(Writer& w) {
  w.line(0,
         "# Coarser copies of every model (the same paths under `folder`) for images in which the");
  w.line(0,
         "# train is small; `error`: their largest distance from the full models, in model units.");
  w.line(0, "# The layout draws the coarsest level whose error stays under half a pixel.");
  w.line(0, "detail_levels:");
  w.line(1, "- {folder: " + std::string(kCoarseFolder) + ", error: " + num(kCoarseError) + "}");
}

// The vocabulary that names the representation's values in captions and labels.
void vocabulary(Writer& w, const char* name) {
  w.line(2, std::string("vocabulary: ") + name + "  # michalski, trains or blocks");
}

void paints(Writer& w) {
  std::string list;
  for (const AssetMaterial& m : palette::kCarPaints)
    list += (list.empty() ? "" : ", ") + std::string(m.name) + ": " + std::string(m.name);
  w.line(2, "# car colour -> material of the paint slots");
  w.line(2, "paints: {" + list + "}");
}

void locomotive(Writer& w, float length, const std::string& mesh) {
  w.line(2, "locomotive:");
  w.line(3, "length: " + num(length) + "  # rear coupling to front tip, centred on its origin");
  w.pieces(3, "pieces", {plain("locomotive", "locomotive", mesh)});
}

namespace trains_manifest {

using namespace trains;

std::vector<float> axles(bool long_car, int n) {
  if (n == 2) {
    auto a = long_car ? kLongAxles2 : kShortAxles2;
    return {a.begin(), a.end()};
  }
  auto a = long_car ? kLongAxles3 : kShortAxles3;
  return {a.begin(), a.end()};
}

// A row of loads centred on the car, 1 apart where the deck allows, payload_0 rearmost.
std::array<std::vector<glm::vec3>, 3> load_slots(bool long_car) {
  std::array<std::vector<glm::vec3>, 3> slots;
  for (int n = 1; n <= 3; ++n) {
    float room = body_length(long_car) - 0.9f;  // centre to centre, the widest load inside
    float pitch = n > 1 ? std::min(kLoadPitch, room / static_cast<float>(n - 1)) : 0.0f;
    for (int k = 0; k < n; ++k)
      slots[n - 1].push_back({pitch * (static_cast<float>(k) - 0.5f * (n - 1)), 0.0f, kDeckTop});
  }
  return slots;
}

// Pieces of one value that come in a short and a long version, mounted at `at`.
std::vector<Piece> per_length(const std::string& part, const std::string& label,
                              const std::string& name, const glm::vec3& at) {
  std::vector<Piece> out;
  for (bool long_car : {false, true})
    out.push_back({part, label, trains_file(name, long_car), "paint", "", at,
                   std::string("length: ") + length_name(long_car)});
  return out;
}

void write(Writer& w) {
  w.line(1, "Trains:");
  vocabulary(w, "trains");
  paints(w);
  locomotive(w, kLocoSpacing, trains_file("locomotive"));
  w.line(2, "track:");
  w.line(3, "segment_length: " + num(kTrackSegment) + "  # repeated along the train's line");
  w.pieces(3, "pieces", {plain("rail", "rail", trains_file("track_segment"))});
  w.line(2, "cars:  # spacing along the train, coupling to coupling, and where loads stand");
  for (bool long_car : {false, true}) {
    w.line(3, std::string(length_name(long_car)) + ":");
    w.line(4, "length: " + num(long_car ? kLongSpacing : kShortSpacing));
    w.load_slots(4, load_slots(long_car));
  }
  w.line(2, "values:  # what each descriptor value adds to a car, in the car's frame");
  w.line(3, "shape:  # the car's colour: its body");
  for (const AssetMaterial& m : palette::kCarPaints)
    w.pieces(4, std::string(m.name), per_length("body", std::string(m.name), "car_body", {}));
  const glm::vec3 deck(0.0f, 0.0f, kDeckTop);
  w.line(3, "wall:");
  w.pieces(4, "solid_wall", per_length("wall", "solid_wall", "wall_solid", deck));
  w.pieces(4, "braced_wall", per_length("wall", "braced_wall", "wall_braced", deck));
  w.line(3, "roof:");
  w.pieces(4, "none", {});
  const std::pair<const char*, const char*> roofs[] = {{"roof_foundation", "roof_frame"},
                                                       {"solid_roof", "roof_flat"},
                                                       {"braced_roof", "roof_bars"},
                                                       {"peaked_roof", "roof_peaked"}};
  for (const auto& [value, file] : roofs) w.pieces(4, value, per_length("roof", value, file, deck));
  w.line(3, "axles:  # a wheelset at each axle");
  for (int n : {2, 3}) {
    std::vector<Piece> wheels;
    std::string label = std::to_string(n) + "_wheels";
    for (bool long_car : {false, true})
      for (float x : axles(long_car, n))
        wheels.push_back({"wheels",
                          label,
                          trains_file("wheelset"),
                          "paint",
                          "",
                          {x, 0.0f, kAxleHeight},
                          std::string("length: ") + length_name(long_car)});
    w.pieces(4, std::to_string(n), wheels);
  }
  w.line(3, "load_shape:  # one at each load slot, origin at the centre of its base");
  const std::pair<const char*, const char*> loads[] = {{"box", "load_box"},
                                                       {"golden_vase", "load_golden_vase"},
                                                       {"barrel", "load_barrel"},
                                                       {"diamond", "load_diamond"},
                                                       {"metal_pot", "load_metal_pot"},
                                                       {"oval_vase", "load_oval_vase"}};
  for (const auto& [value, file] : loads)
    w.pieces(4, value, {plain("payload", value, trains_file(file))});
}

}  // namespace trains_manifest

namespace blocks_manifest {

using namespace blocks;

// The platform stands at the rear of the car's span, the gap in front of it.
constexpr float kPlatformX = -0.5f * kCarGap;

// V-LoL's rows: payload_0 nearest the locomotive, 0.4 ahead of the platform's middle (0.8 ahead
// for three), the others following 0.8 apart; the loads stand on the flat top.
std::array<std::vector<glm::vec3>, 3> load_slots() {
  std::array<std::vector<glm::vec3>, 3> slots;
  for (int n = 1; n <= 3; ++n) {
    float first = n == 3 ? kLoadPitch : 0.5f * kLoadPitch;
    for (int k = 0; k < n; ++k)
      slots[n - 1].push_back(
          {kPlatformX + first - kLoadPitch * static_cast<float>(k), 0.0f, kPlatformHeight});
  }
  return slots;
}

// A black band on every platform shape and length: drawn for the one the car has.
std::vector<Piece> bands(const std::string& part, const std::string& label, Band band) {
  std::vector<Piece> out;
  for (bool long_car : {false, true})
    for (Platform p : kPlatforms)
      out.push_back({part,
                     label,
                     blocks_platform_file(p, long_car, band),
                     "",
                     "marker_black",
                     {kPlatformX, 0.0f, 0.0f},
                     std::string("length: ") + length_name(long_car) +
                         ", roof: " + std::string(platform_name(p))});
  return out;
}

void write(Writer& w) {
  w.line(1, "SimpleObjects:");
  vocabulary(w, "blocks");
  paints(w);
  locomotive(w, kLocoLength, "blocks/locomotive.glb");
  w.line(2, "cars:  # platform and the gap in front of it; loads on the platform's top");
  for (bool long_car : {false, true}) {
    w.line(3, std::string(length_name(long_car)) + ":");
    w.line(4, "length: " + num(spacing(long_car)));
    w.load_slots(4, load_slots());
  }
  w.line(2, "values:  # what each descriptor value adds to a car, in the car's frame");
  w.line(3, "wall:  # a black band round the platform's top");
  w.pieces(4, "no_black_top", {});
  w.pieces(4, "black_top", bands("wall", "black_top", Band::Top));
  w.line(3, "roof:  # the platform's shape, in the car's colour");
  for (Platform p : kPlatforms) {
    std::vector<Piece> platforms;
    std::string name(platform_name(p));
    for (bool long_car : {false, true})
      platforms.push_back({"roof",
                           name,
                           blocks_platform_file(p, long_car, Band::Whole),
                           "paint",
                           "",
                           {kPlatformX, 0.0f, 0.0f},
                           std::string("length: ") + length_name(long_car)});
    w.pieces(4, name, platforms);
  }
  w.line(3, "axles:  # a black band round the platform's foot for three");
  w.pieces(4, "2", {});
  w.pieces(4, "3", bands("wheels", "3_wheels", Band::Bottom));
  w.line(3, "load_shape:");
  for (Load l : kLoads) {
    std::string name(load_name(l));
    w.pieces(4, name, {plain("payload", name, blocks_load_file(l))});
  }
}

}  // namespace blocks_manifest

}  // namespace

std::string manifest_yaml() {
  Writer w;
  w.line(0, "# Asset manifest: which models draw each value of each representation, how they are");
  w.line(0, "# painted and where they stand. Written by railyard-assetgen from its dimensions");
  w.line(0,
         "# (tools/assetgen/*_dimensions.h): change those and rerun it rather than editing this.");
  w.line(0, "# Format: assets/README.md. Paths are relative to this file. Sizes are at V-LoL's");
  w.line(0, "# train scale S = 1; frames: +Z up, +X towards the locomotive, origin on the ground");
  w.line(0, "# under the middle of each vehicle's span.");
  w.line(0, "version: 2");
  w.line(0, "");
  materials(w);
  w.line(0, "");
  detail_levels(w);
  w.line(0, "");
  w.line(0, "representations:");
  trains_manifest::write(w);
  w.line(0, "");
  blocks_manifest::write(w);
  return w.text();
}

}  // namespace railyard::assetgen
