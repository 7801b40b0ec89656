// The ground truth of one image as a V-LoL scene object (the entries of all_scenes.json), with
// the reference's defects fixed: every payload has its own box, the camera is stored, and each
// region has both boxes. Layout, in this key order:
//   base_scene, train_description (the distribution: MichalskiTrains | RandomTrains),
//   classification_rule, visualization, min_cars, max_cars, image_index, image_filename,
//   blender_filename, depth_map_filename, depth_exr_filename*, angle, train (the description
//   line), label*, camera*, car_masks
// car_masks = {loco, rail (when the scene has them), car_<pos>: {mask, b_box, b_box_visible*,
//   world_cord, part_id*, roof, wall, wheels, color: {label}, length: {label}, payload_<k>}}
// where roof, wall, wheels and payload_<k> are {label, mask, b_box, b_box_visible*, world_cord,
// part_id*}, the fields after label present only when the scene has that part (a car without a
// roof has roof: {label: "none"}). (* = not in V-LoL.)
//   mask: COCO compressed RLE {"size": [h, w], "counts": "..."} of the visible pixels.
//   b_box: [x, y, width, height], as V-LoL computes it: every vertex of the part projected, the
//     extent clipped to the image (an amodal box: it includes what is hidden).
//   b_box_visible: the box of the visible pixels (pycocotools toBbox of the mask).
//   world_cord: the part's centre in world units (a car's: its body's).
// Labels use V-LoL's Trains vocabulary (yellow, braced_wall, solid_roof, 3_wheels, golden_vase).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "logic/train.h"
#include "renderer/annotations/image_annotations.h"
#include "renderer/annotations/rle.h"
#include "renderer/camera.h"
#include "renderer/scene.h"

namespace railyard::render {

// An image's place in the dataset and the train it shows.
struct SceneRecord {
  int image_index = 0;
  std::string base_scene;           // base_scene, desert_scene, sky_scene, fisheye_scene, ...
  std::string distribution;         // MichalskiTrains | RandomTrains
  std::string classification_rule;  // theoryx, numerical, ..., or a custom rule's name
  std::string visualization;        // Trains | SimpleObjects
  int min_cars = 2;
  int max_cars = 4;
  std::string image_filename;      // <i>_m_train.png
  std::string blender_filename;    // kept for V-LoL's loaders; no .blend file is written
  std::string depth_map_filename;  // <i>_m_train.png in depths/
  std::string depth_exr_filename;  // metric depth in depths/; empty: not written (key omitted)
  LabelledTrain train;
};

// Throws std::invalid_argument when the scene's parts do not fit the train (a car position or
// payload index the train lacks, two parts of one kind for one car).
nlohmann::ordered_json scene_json(const SceneRecord& record, const ImageAnnotations& annotations,
                                  const Scene& scene);

// The same, annotating the frame first (annotate_image).
nlohmann::ordered_json scene_json(const SceneRecord& record, const Frame& frame,
                                  const Scene& scene);

// {"size": [h, w], "counts": "<pycocotools string>"}
nlohmann::ordered_json rle_json(const Rle& rle);

// {lens, fov, width, height, focal_length_px, K, world_to_camera, position, look_at, up,
//  convention}. K and world_to_camera use OpenCV's camera axes (x right, y down, z forward) so
// that, for the pinhole, pixel = K * (world_to_camera * p) / z, in pixel coordinates whose
// centres lie at +0.5. The fisheye maps the angle theta off the axis to radius f * theta.
nlohmann::ordered_json camera_json(const Camera& camera);

}  // namespace railyard::render
