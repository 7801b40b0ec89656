#include "tools/lib/dataset/pairs/pair_difference.h"

#include <glm/geometric.hpp>
#include <map>
#include <stdexcept>
#include <tuple>

namespace railyard {
namespace {

// Transforms closer than this (metres) are the same but for a shift: the part moved.
constexpr float kSamePlace = 1e-4f;

using PartKey = std::tuple<int, PartKind, int>;  // base car, kind, payload

PartKey key_of(const Part& part) {
  return {part.car, part.kind, part.payload};
}

// The base car an intervened car came from; 0 for an inserted car (and for the locomotive and
// rail, car 0, which every train has).
int base_car(const Intervention& intervention, int car) {
  if (car <= 0) return 0;
  if (car > static_cast<int>(intervention.cars.size()))
    throw std::invalid_argument("pair: the intervened scene has more cars than the train");
  return intervention.cars[static_cast<std::size_t>(car - 1)].from;
}

// Each part id's key as the pair sees it, in both pictures: the base id for a base part and its
// unchanged twin, kChanged for a part added, removed, moved or altered, 0 for no part.
struct PartIdentity {
  static constexpr std::uint32_t kChanged = 0xffffffffu;
  std::vector<std::uint32_t> base_key;  // by base id (index 0: no part)
  std::vector<std::uint32_t> twin_key;  // by intervened id

  // Whether a sample that sees base part `b` in one picture and intervened part `t` in the other
  // shows a change: another part, or a changed part in either (ids beyond the tables: no part).
  bool differs(std::uint32_t b, std::uint32_t t) const {
    std::uint32_t kb = b < base_key.size() ? base_key[b] : 0;
    std::uint32_t kt = t < twin_key.size() ? twin_key[t] : 0;
    return kb != kt || kb == kChanged;
  }
};

using InstancesOfPart = std::vector<std::vector<const render::Instance*>>;

// The instances that draw each part, by part id, in layout order.
InstancesOfPart instances_by_part(const TrainScene& scene) {
  InstancesOfPart by_part(scene.parts.size() + 1);
  for (const render::Instance& instance : scene.scene.instances)
    if (instance.part < by_part.size()) by_part[instance.part].push_back(&instance);
  return by_part;
}

// Whether `after` draws what `before` draws moved by `shift`: the same meshes and materials, the
// same transforms but for the translation. A car made shorter keeps its roof's label and centre
// but not its roof's shape.
bool same_shape(const std::vector<const render::Instance*>& before,
                const std::vector<const render::Instance*>& after, glm::vec3 shift,
                float tolerance = kSamePlace) {
  if (before.size() != after.size()) return false;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const render::Instance& a = *before[i];
    const render::Instance& b = *after[i];
    if (a.mesh != b.mesh || a.surface_material() != b.surface_material()) return false;
    glm::mat4 moved = a.object_to_world;
    moved[3] += glm::vec4(shift, 0.0f);
    for (int c = 0; c < 4; ++c)
      if (glm::distance(moved[c], b.object_to_world[c]) > tolerance) return false;
  }
  return true;
}

PartIdentity match_parts(const TrainScene& base, const TrainScene& twin,
                         const Intervention& intervention, std::vector<PartChange>& changes) {
  std::map<PartKey, std::uint32_t> base_ids;
  for (std::size_t i = 0; i < base.parts.size(); ++i)
    base_ids.emplace(key_of(base.parts[i]), static_cast<std::uint32_t>(i + 1));
  // Base parts start removed; the twin that takes one keeps its id, or marks both changed.
  PartIdentity identity;
  identity.base_key.assign(base.parts.size() + 1, PartIdentity::kChanged);
  identity.base_key[0] = 0;
  identity.twin_key.assign(twin.parts.size() + 1, 0);

  InstancesOfPart base_instances = instances_by_part(base);
  InstancesOfPart twin_instances = instances_by_part(twin);
  std::vector<PartChange> others;
  std::vector<std::uint8_t> taken(base.parts.size() + 1, 0);
  for (std::size_t i = 0; i < twin.parts.size(); ++i) {
    const Part& part = twin.parts[i];
    auto id = static_cast<std::uint32_t>(i + 1);
    PartChange change{PartChangeKind::Added, part.kind, part.car, part.payload, 0, id};
    int from = base_car(intervention, part.car);
    auto found = (part.car > 0 && from == 0) ? base_ids.end()
                                             : base_ids.find({from, part.kind, part.payload});
    if (found == base_ids.end()) {
      identity.twin_key[id] = PartIdentity::kChanged;
      others.push_back(change);
      continue;
    }
    const Part& before = base.parts[found->second - 1];
    taken[found->second] = 1;
    change.base_id = found->second;
    const auto& drawn_before = base_instances[found->second];
    const auto& drawn_after = twin_instances[id];
    glm::vec3 shift = part.centre - before.centre;
    if (before.label != part.label || !same_shape(drawn_before, drawn_after, shift))
      change.change = PartChangeKind::Altered;
    else if (!same_shape(drawn_before, drawn_after, glm::vec3(0.0f), 0.0f))
      change.change = PartChangeKind::Moved;  // however little: any shift can change a pixel
    else {
      identity.base_key[found->second] = identity.twin_key[id] = found->second;
      continue;
    }
    identity.twin_key[id] = PartIdentity::kChanged;
    others.push_back(change);
  }
  // Base parts no intervened part took are removed; their keys stay kChanged.
  for (std::uint32_t id = 1; id <= base.parts.size(); ++id) {
    if (taken[id]) continue;
    const Part& part = base.parts[id - 1];
    changes.push_back({PartChangeKind::Removed, part.kind, part.car, part.payload, id, 0});
  }
  changes.insert(changes.end(), others.begin(), others.end());
  return identity;
}

bool same_size(const render::Frame& frame, int width, int height) {
  if (frame.color.width != width || frame.color.height != height || frame.part_samples.empty())
    return false;
  for (const Image<std::uint32_t>& layer : frame.part_samples)
    if (layer.width != width || layer.height != height) return false;
  return true;
}

}  // namespace

Image<std::uint8_t> dilate(const Image<std::uint8_t>& mask, int radius) {
  Image<std::uint8_t> grown(mask.width, mask.height, 0);
  for (int y = 0; y < mask.height; ++y)
    for (int x = 0; x < mask.width; ++x) {
      if (!mask.at(x, y)) continue;
      for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
          int nx = x + dx, ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < mask.width && ny < mask.height) grown.at(nx, ny) = 1;
        }
    }
  return grown;
}

PairDifference compare_pair(const TrainScene& base, const render::Frame& base_frame,
                            const TrainScene& twin, const render::Frame& twin_frame,
                            const Intervention& intervention) {
  int width = base_frame.color.width, height = base_frame.color.height;
  if (!same_size(base_frame, width, height) || !same_size(twin_frame, width, height) ||
      base_frame.part_samples.size() != twin_frame.part_samples.size())
    throw std::invalid_argument("pair: both frames need colour and part samples of one size");
  PairDifference difference;
  PartIdentity identity = match_parts(base, twin, intervention, difference.parts);
  difference.colour = Image<std::uint8_t>(width, height, 0);
  difference.part = Image<std::uint8_t>(width, height, 0);
  std::vector<std::uint8_t>& part = difference.part.pixels;
  std::vector<std::uint8_t>& colour = difference.colour.pixels;
  for (std::size_t s = 0; s < base_frame.part_samples.size(); ++s) {  // a layer at a time
    const std::uint32_t* b = base_frame.part_samples[s].pixels.data();
    const std::uint32_t* t = twin_frame.part_samples[s].pixels.data();
    for (std::size_t i = 0; i < part.size(); ++i) part[i] |= identity.differs(b[i], t[i]);
  }
  for (std::size_t i = 0; i < colour.size(); ++i) {
    colour[i] = !(base_frame.color.pixels[i] == twin_frame.color.pixels[i]);
    difference.part_area += part[i];
    difference.colour_area += colour[i];
  }
  Image<std::uint8_t> near_part = dilate(difference.part, kEdgeMargin);
  for (std::size_t i = 0; i < near_part.pixels.size(); ++i)
    difference.spill_area += difference.colour.pixels[i] && !near_part.pixels[i];
  return difference;
}

}  // namespace railyard
