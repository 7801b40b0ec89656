// One finished sample, typed: the train with its true and published labels, the scene and camera
// it was rendered with, its files, and the ground truth of every annotated part. The pipeline
// builds it once from the renderer's passes and writes it to records/<i>.json; every dataset-wide
// file (all_scenes.json, the COCO file, description lines, statistics, splits, manifest) is made
// from these records alone, so a merged sharded run and a single run give the same bytes.
//
// records/<i>.json, in this key order:
//   {"index", "label" (true), "published_label", "train": {"angle", "cars": [{"position",
//    "shape", "length", "wall", "roof", "axles", "load_shape", "load_count"}]} (Michalski names),
//    "scene", "camera": {...camera_json...}, "files": {"image", "depth_png", "depth_exr",
//    "scene" (only when written: the .glb in scenes/)},
//    "file_checks": {"image": {"bytes", "sha256"}, ...: one per file written; absent when the
//                    sample was not written to files},
//    "parts": [{"id", "kind", "car", "payload", "label", "area", "visible_box", "full_box",
//               "centre", "mask"}],
//    "cars": [{"car", "area", "visible_box", "full_box", "mask"}],
//    "labelled": false (only for a sample whose label is withheld, see DatasetConfig::supervision),
//    "clauses": n (only in a set with per-split compositions: how many clauses of the rule's
//               eastbound/1 the train satisfies, each alone; see DatasetConfig::compositions),
//    "sequence": {...} (only for a step of a temporal sequence, formats/sequence_step.h)}
// Boxes are [x, y, width, height] in pixels; masks are COCO compressed RLE; a file that was not
// written is "".
#pragma once

#include <cstdint>
#include <filesystem>
#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logic/train.h"
#include "renderer/camera.h"
#include "scenes/part.h"
#include "tools/lib/records/annotations/image_annotations.h"
#include "tools/lib/records/formats/file_check.h"
#include "tools/lib/records/formats/sequence_step.h"
#include "tools/lib/records/json/json_fields.h"

namespace railyard {

// One part of the picture: what it is and where it is.
struct PartRecord {
  std::uint32_t id = 0;  // its value in the part id pass
  PartKind kind = PartKind::Body;
  int car = 0;       // position 1..N; 0 for the locomotive and the rail
  int payload = -1;  // 0..count-1 for payloads
  std::string label;
  RegionAnnotation region;  // visible mask, visible and amodal boxes, area
  glm::vec3 centre{0.0f};   // world position of the part's centre

  bool operator==(const PartRecord&) const = default;
};

// The file names of a sample (in images/, depths/ and scenes/); empty when not written. Each
// written file has its check; records written before checks were kept have none (nullopt).
struct SampleFiles {
  std::string image, depth_png, depth_exr;
  std::string scene;  // the 3D scene (outputs.scene), formats/sample_scene_glb.h
  std::optional<FileCheck> image_check, depth_png_check, depth_exr_check, scene_check;

  bool operator==(const SampleFiles&) const = default;
};

struct SampleRecord {
  std::uint64_t index = 0;
  LabelledTrain train;  // with its true label; train.train.angle is the viewpoint
  Direction published = Direction::West;
  bool labelled = true;  // false: a semi-supervised set withholds the label (the truth is kept)
  std::string scene;     // the scene's name, e.g. "base_scene"
  render::Camera camera;
  SampleFiles files;
  std::vector<PartRecord> parts;       // in id order: parts[k].id == k + 1
  std::vector<RegionAnnotation> cars;  // cars[c]: car c + 1 as a whole (union of its parts)
  // A set with per-split compositions: the clauses of eastbound/1 the train satisfies.
  std::optional<std::uint32_t> clauses;
  std::optional<SequenceStepRecord> sequence;  // a step of a temporal sequence

  // The part of car `car` (1..N) of a kind, payload k for payloads; nullptr when the picture has
  // none (a car without a roof).
  const PartRecord* find(PartKind kind, int car, int payload = -1) const;

  bool operator==(const SampleRecord&) const = default;
};

// The record from a rendered sample: its annotations paired with the laid-out parts. Throws
// std::invalid_argument when they disagree in number.
std::vector<PartRecord> part_records(const TrainScene& train, ImageAnnotations annotations);

nlohmann::ordered_json to_json(const SampleRecord& record);
// The record's "train": {"angle", "cars": [{"position", then the Michalski descriptors}]}.
nlohmann::ordered_json record_train_json(const Train& train);
// How much of a record a reader wants: all of it, or its truth (index, labels, train, scene,
// files, labelled, clauses, sequence step) without the camera, the file checks and the
// annotations, whose members are dropped while parsing (kAnnotationMembers).
enum class RecordDetail : std::uint8_t { Whole, Truth };
inline constexpr std::string_view kAnnotationMembers[] = {"camera", "file_checks", "parts", "cars"};

// Throws DatasetError (an InputError) naming `source` (or `origin`: the file, and a line) and the
// key when the JSON is not a record.
SampleRecord sample_record_from_json(const nlohmann::json& json, const JsonOrigin& origin,
                                     RecordDetail detail = RecordDetail::Whole);
SampleRecord sample_record_from_json(const nlohmann::json& json, const std::string& source);

// Reading and writing records/<i>.json. Writing is atomic (the record is the sample's "done"
// mark); reading throws IoError or DatasetError naming the file, the line of a JSON fault and
// the key.
void write_sample_record(const std::filesystem::path& path, const SampleRecord& record);
std::string sample_record_text(const SampleRecord& record);  // the bytes written
SampleRecord read_sample_record(const std::filesystem::path& path);

}  // namespace railyard
