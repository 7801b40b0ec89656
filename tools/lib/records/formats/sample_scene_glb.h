// A dataset sample's 3D scene as binary glTF (`outputs.scene: glb`, scenes/<i>_m_train.glb):
// scene_glb.h's file with every node named for what it shows and the sample in the extras.
//
// Node names: "locomotive", "rail", "car<c>/<kind>" (body, wall, roof, wheels) and
// "car<c>/payload<k>" for annotated parts, the mesh's name ("cyclorama", "ground") for the rest;
// a part drawn by several instances (a mesh per material, a wheel per axle, a rail segment) names
// them ".<n>", n from 0 in the scene's order ("car2/wheels.3", "rail.17"). Node extras: "part_id"
// (the id the masks and the record's parts use; 0 for what is not annotated), and for parts "kind",
// "car", "payload" (payloads only), "label" and, for a car's parts, "car_attributes" (its Michalski
// descriptors). The scene's extras: "index", "label" (true), "published_label", "labelled" (false
// only when withheld), "rule", "scene", "train" (the record's "train") and scene_glb's "world".
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "scenes/part.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/scene_glb.h"

namespace railyard {

// The nodes' names and extras and the scene's extras. Throws std::invalid_argument when an
// instance names a part the scene does not have.
SceneGlbContent sample_glb_content(const TrainScene& scene, const SampleRecord& record,
                                   std::string_view rule);

// The .glb's bytes (scene_glb of the content above).
std::vector<std::uint8_t> sample_scene_glb(const TrainScene& scene, const SampleRecord& record,
                                           std::string_view rule);

}  // namespace railyard
