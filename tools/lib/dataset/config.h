// The configuration of a dataset: one YAML file with every setting, each key declared once in
// dataset_schema() (name, type, range or choices, help, flag; defaults are DatasetConfig's own).
// The schema parses and checks config files and command-line assignments, prints the effective
// config, and gives every command its flags. Unknown keys, wrong types and impossible values are
// refused before any work starts, naming the key and where it came from.
//
// Sources are applied in this order, later ones winning: the defaults, the config file, then the
// command line's flags and --set assignments in the order they are written.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "logic/sampler.h"
#include "renderer/registry/backends.h"
#include "tools/lib/dataset/settings/compositions.h"
#include "tools/lib/dataset/settings/intervention_settings.h"
#include "tools/lib/dataset/settings/label_noise.h"
#include "tools/lib/dataset/settings/sequence_settings.h"
#include "tools/lib/export/export_options.h"
#include "tools/lib/records/dataset_paths.h"
#include "util/enum_names.h"
#include "util/exr_io.h"
#include "util/settings_schema.h"

namespace railyard {

// Each sample's composed 3D scene: not written, or as binary glTF (formats/sample_scene_glb.h).
enum class SceneFormat { None, Glb };

// How a run leaves its samples: V-LoL's folders of files (images/, depths/, records/), or
// WebDataset tar shards per split, as `railyard pack` writes them (tar_shard_plan.h).
enum class OutputLayout { Files, Shards };

struct OutputSelection {
  bool depth_exr = true;  // metric depth as OpenEXR
  // Half floats (relative error below 4.9e-4 of the distance, see exr_io.h) with lossless ZIP
  // keep a 10,000-image dataset's depth under a sixth of its float32 size.
  DepthPrecision depth_exr_precision = DepthPrecision::Half;
  ExrCompression depth_exr_compression = ExrCompression::Zip;
  bool depth_png = true;                  // V-LoL's normalised 8-bit depth PNG
  bool masks = true;                      // RLE masks in all_scenes.json and the COCO file
  bool coco = true;                       // COCO instances file
  SceneFormat scene = SceneFormat::None;  // scenes/<i>_m_train.glb
  OutputLayout layout = OutputLayout::Files;
  std::uint64_t samples_per_shard = 0;  // layout shards; 0: about 1 GB, as railyard pack judges
};

struct SplitRatios {
  double train = 0.8;
  double val = 0.1;
  double test = 0.1;
};

inline constexpr const char* kDefaultRule = "theoryx";

struct DatasetConfig {
  std::uint64_t count = 10000;
  std::uint64_t seed = 0;
  std::string rule = kDefaultRule;  // shipped name or .pl path
  SamplerConfig sampler;
  std::uint64_t max_attempts = 100'000;
  std::string representation = "Trains";  // a representation of assets/manifest.yaml
  std::string scene = "base_scene";       // scenes/<name>.yaml or a path
  std::string backend = "raster";         // a registered backend (renderer/registry/backends.h)
  // backend -> option -> value, every option of every backend (the defaults unless set).
  std::map<std::string, render::BackendOptionValues> backend_options =
      render::default_backend_options();
  int width = 480;
  int height = 270;
  bool high_res = false;        // 1920x1080
  int samples = 0;              // 0 = the backend's default
  bool auto_fit = false;        // fit the camera per train instead of V-LoL's fixed scale
  bool local_lighting = false;  // no shadows, no indirect light (render::RenderOptions)
  OutputSelection outputs;
  SplitRatios splits;
  std::vector<std::uint64_t> subsets;  // nested subset sizes, e.g. 100, 1000
  double label_noise = 0.0;            // fraction of labels flipped in the published label
  double supervision = 1.0;  // fraction of labels given; the rest withheld (label_noise.h)
  // Fading supervision: the share decays along the dataset's samples (label_noise.h).
  std::optional<SupervisionDecay> supervision_decay;
  // No two samples (sequences) carry the same symbolic train (list of trains): train_plan.h.
  bool unique = false;
  // Per-split compositions of the rule's clauses in east trains (balanced sets only).
  std::optional<Compositions> compositions;
  std::vector<exports::ExportOptions> exports;  // written into the finished dataset
  std::filesystem::path output = "output";
  unsigned threads = 0;                // 0 = all cores
  unsigned render_threads = 0;         // producing threads, a renderer each; 0 = the device's
  InterventionSettings interventions;  // railyard intervene (tools/lib/dataset/pairs/)
  SequenceSettings sequence;           // temporal sequences (tools/lib/dataset/sequences/)
};

// Every key of a dataset config, in the order --print-config shows them.
const Schema<DatasetConfig>& dataset_schema();

// Builds a config from the defaults, an optional file and command-line assignments
// ("key=value", applied in order; `source` names them in messages), then checks what only the
// whole config can tell (min_cars <= max_cars, splits summing to 1, ...). Throws InputError
// (ConfigError) naming the file, line and key.
DatasetConfig build_config(const std::filesystem::path& file,
                           const std::vector<std::string>& assignments,
                           const std::string& source = "--set");

// The config a dataset was made with, from the YAML its manifest keeps (`source` names it in
// messages). Throws ConfigError.
DatasetConfig config_from_text(const std::string& yaml, const std::string& source);

// What only the whole config can tell (min_cars <= max_cars, splits summing to 1, subsets that
// fit, constraints that leave cars to sample); build_config runs it last. Throws ConfigError.
void check_config(const DatasetConfig& config);

// The effective config as YAML (every key, in schema order, so the output is stable).
std::string emit_config(const DatasetConfig& config);

// The config as far as it decides the dataset's bytes: without the keys that only say where and
// how fast (output, threads). Kept in the dataset's lock and manifest.
std::string emit_dataset_config(const DatasetConfig& config);

// How the dataset gives labels over `positions` units: its samples, or its sequences.
Supervision dataset_supervision(const DatasetConfig& config, std::uint64_t positions);

// What names the dataset folder of this config (rule and scene: the resolved names, inputs.h).
DatasetIdentity dataset_identity(const DatasetConfig& config, const std::string& rule_name,
                                 const std::string& scene_name);

// What the renderer backend is made from: the backend's options and the thread count.
render::BackendSettings backend_settings(const DatasetConfig& config);

}  // namespace railyard
