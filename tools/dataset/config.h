// The configuration of `railyard generate`: one YAML file with every setting of a dataset, keys
// overridable from the command line. Unknown keys, wrong types and impossible values are rejected
// before any work starts, naming the key and where it came from.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "logic/sampler.h"

namespace railyard {

struct OutputSelection {
  bool depth_exr = true;  // metric depth, 32-bit float OpenEXR
  // "none" or "zip". Rendered depth's low mantissa bits are noise to zlib: ZIP saves ~13% of
  // the file for ~7 ms of CPU per 480x270 image, a fifth of a raster frame on two cores.
  std::string depth_exr_compression = "none";
  bool depth_png = true;  // V-LoL's normalised 8-bit depth PNG
  bool masks = true;      // RLE masks in all_scenes.json
  bool coco = true;       // COCO instances file
};

struct SplitRatios {
  double train = 0.8;
  double val = 0.1;
  double test = 0.1;
};

struct DatasetConfig {
  std::uint64_t count = 10000;
  std::uint64_t seed = 0;
  std::string rule = "theoryx";  // shipped name or .pl path
  SamplerConfig sampler;
  std::uint64_t max_attempts = 100'000;
  std::string representation = "Trains";  // or SimpleObjects
  std::string scene = "base_scene";       // scenes/<name>.yaml or a path
  std::string backend = "raster";         // or pathtrace
  int width = 480;
  int height = 270;
  bool high_res = false;  // 1920x1080
  int samples = 0;        // 0 = the backend's default
  bool auto_fit = false;  // fit the camera per train instead of V-LoL's fixed scale
  OutputSelection outputs;
  SplitRatios splits;
  std::vector<std::uint64_t> subsets;  // nested subset sizes, e.g. 100, 1000
  double label_noise = 0.0;            // fraction of labels flipped in the published label
  std::filesystem::path output = "output";
  unsigned threads = 0;  // 0 = all cores
};

// Where a config's keys came from, for messages: the file name, or "--set" for overrides.
struct ConfigSource {
  YAML::Node node;
  std::string name;
  bool has_lines = true;  // false for nodes made from command-line text: no line to name
};

// The defaults as a YAML document (what --print-config shows when nothing is set).
YAML::Node default_config_node();

// Reads a YAML file into a node; throws ConfigError naming the file (and line) when it does
// not parse or is not a mapping.
YAML::Node read_config_file(const std::filesystem::path& path);

// Applies `key.sub=value` (value parsed as YAML) onto a node. Throws ConfigError.
void apply_override(YAML::Node& node, const std::string& assignment);

// Validates every key and builds the typed config. `sources` are layered in order (defaults,
// file, overrides); messages name the source that set the offending key.
DatasetConfig build_config(const std::vector<ConfigSource>& sources);

// The effective config as YAML (keys in a fixed order, so the output is stable).
std::string emit_config(const DatasetConfig& config);

// The config as far as it decides the dataset's bytes: without the keys that only say where and
// how fast (output, threads). Kept in the dataset's lock and manifest.
std::string emit_dataset_config(const DatasetConfig& config);

}  // namespace railyard
