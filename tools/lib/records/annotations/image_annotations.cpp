#include "tools/lib/records/annotations/image_annotations.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tools/lib/records/annotations/full_box.h"
#include "tools/lib/records/annotations/mask_set.h"

namespace railyard {
namespace {

int car_count(const std::vector<Part>& parts) {
  int count = 0;
  for (const Part& part : parts) count = std::max(count, part.car);
  return count;
}

}  // namespace

ImageAnnotations annotate_image(const render::Frame& frame, const TrainScene& train) {
  const render::Scene& scene = train.scene;
  const Image<std::uint32_t>& ids = frame.part_ids;
  if (ids.width != scene.camera.width || ids.height != scene.camera.height)
    throw std::invalid_argument("the part id image is " + std::to_string(ids.width) + "x" +
                                std::to_string(ids.height) + " but the camera renders " +
                                std::to_string(scene.camera.width) + "x" +
                                std::to_string(scene.camera.height));
  const auto part_count = static_cast<int>(train.parts.size());
  const int cars = car_count(train.parts);
  // Masks 0..parts-1 are the parts, then one per car.
  MaskMembership membership(static_cast<std::uint32_t>(part_count) + 1, part_count + cars);
  for (int p = 0; p < part_count; ++p) {
    auto id = static_cast<std::uint32_t>(p) + 1;
    membership.add(id, p);
    if (int car = train.parts[static_cast<std::size_t>(p)].car; car > 0)
      membership.add(id, part_count + car - 1);
  }
  std::vector<VisibleMask> masks = encode_masks(ids, membership);
  std::vector<PixelBox> full_boxes = full_part_boxes(scene, train.parts.size());

  ImageAnnotations annotations;
  annotations.parts.resize(static_cast<std::size_t>(part_count));
  annotations.cars.resize(static_cast<std::size_t>(cars));
  for (int p = 0; p < part_count; ++p) {
    VisibleMask& mask = masks[static_cast<std::size_t>(p)];
    // The vertices' box can miss visible pixels where a fisheye bends a long straight edge
    // outward between two vertices; amodal means at least the visible extent.
    PixelBox full = full_boxes[static_cast<std::size_t>(p)].united(mask.box);
    annotations.parts[static_cast<std::size_t>(p)] = {std::move(mask.rle), mask.box, full,
                                                      mask.area};
  }
  for (int c = 0; c < cars; ++c) {
    VisibleMask& mask = masks[static_cast<std::size_t>(part_count + c)];
    annotations.cars[static_cast<std::size_t>(c)] = {std::move(mask.rle), mask.box, {}, mask.area};
  }
  // A car's full box is the union of its parts' (rounding out and clipping commute with union).
  for (int p = 0; p < part_count; ++p)
    if (int car = train.parts[static_cast<std::size_t>(p)].car; car > 0) {
      PixelBox& box = annotations.cars[static_cast<std::size_t>(car - 1)].full_box;
      box = box.united(annotations.parts[static_cast<std::size_t>(p)].full_box);
    }
  return annotations;
}

}  // namespace railyard
