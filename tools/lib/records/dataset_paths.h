// Where every file of a dataset lives: V-LoL's layout, plus our per-sample records (for resume
// and merge), COCO file, splits and manifest.
//
// <output>/dataset_descriptions/<rule>/<Distribution>_len_<min>-<max>.txt   (+ .jsonl)
// <output>/<Visualization>_<rule>_<Distribution>_<scene>_len_<min>-<max>/
//     images/<i>_m_train.png  depths/<i>_m_train.png  depths/<i>_m_train.exr
//     scenes/<i>_m_train.glb (with outputs.scene: glb, the sample's 3D scene)
//     all_scenes/all_scenes.json  coco/instances.json  splits/*.txt  manifest.json
//     records/<i>.json (one finished sample)  config.yaml (the config that started it)
//     sequences/ (a sequence dataset's automaton.json, sequences.jsonl, sequence_<split>.csv)
//     inputs.json (the input files it started with and their SHA-256)
//     runs/shard-<i>-of-<N>.json (what each process did, for the manifest's timing), and the
//     writers' lock files (writer_lock.h)
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace railyard {

// What names a dataset's folder and its description file, as V-LoL names them: the resolved rule
// and scene names, the distribution's name and the train lengths.
struct DatasetIdentity {
  std::filesystem::path output;  // the folder that holds the dataset folder
  std::string representation, rule, distribution, scene;
  int min_cars = 0, max_cars = 0;
};

class DatasetPaths {
 public:
  explicit DatasetPaths(const DatasetIdentity& identity);
  // The files of a dataset folder that exists, for readers (its description file is not known
  // from the folder alone: description_file() is empty).
  explicit DatasetPaths(std::filesystem::path root) : root_(std::move(root)) {}

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path description_file() const { return description_; }
  std::filesystem::path images() const { return root_ / "images"; }
  std::filesystem::path depths() const { return root_ / "depths"; }
  std::filesystem::path scenes() const { return root_ / "scenes"; }
  std::filesystem::path records() const { return root_ / "records"; }
  // A sequence dataset's automaton and sequence files (formats/sequence_files.h).
  std::filesystem::path sequences() const { return root_ / "sequences"; }
  std::filesystem::path all_scenes() const { return root_ / "all_scenes" / "all_scenes.json"; }
  std::filesystem::path coco() const { return root_ / "coco" / "instances.json"; }
  std::filesystem::path splits() const { return root_ / "splits"; }
  std::filesystem::path split(std::string_view name) const {  // "train": splits/train.txt
    return splits() / (std::string(name) + ".txt");
  }
  // The split files on disk (splits/*.txt, temporaries left out), in name order.
  std::vector<std::filesystem::path> split_files() const;
  std::filesystem::path manifest() const { return root_ / "manifest.json"; }
  std::filesystem::path config_lock() const { return root_ / "config.yaml"; }
  std::filesystem::path input_lock() const { return root_ / "inputs.json"; }
  std::filesystem::path runs() const { return root_ / "runs"; }

  static std::string image_name(std::uint64_t index);      // "<i>_m_train.png"
  static std::string depth_exr_name(std::uint64_t index);  // "<i>_m_train.exr"
  static std::string scene_glb_name(std::uint64_t index);  // "<i>_m_train.glb"
  std::filesystem::path image(std::uint64_t index) const { return images() / image_name(index); }
  std::filesystem::path depth_png(std::uint64_t index) const {
    return depths() / image_name(index);
  }
  std::filesystem::path depth_exr(std::uint64_t index) const {
    return depths() / depth_exr_name(index);
  }
  std::filesystem::path scene_glb(std::uint64_t index) const {
    return scenes() / scene_glb_name(index);
  }
  std::filesystem::path record(std::uint64_t index) const {
    return records() / (std::to_string(index) + ".json");
  }

  // Creates every folder but scenes/ (made by the first sample that writes a scene), without
  // images/, depths/ and records/ for a dataset whose samples go into tar shards; throws IoError
  // naming the folder when that fails.
  void create_folders(bool sample_folders = true) const;

 private:
  std::filesystem::path root_;
  std::filesystem::path description_;
};

}  // namespace railyard
