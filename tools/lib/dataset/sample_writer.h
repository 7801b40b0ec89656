// Everything one rendered sample leaves on disk: colour image, depth PNG and EXR, its 3D scene
// (outputs.scene), and last its typed record (formats/sample_record.h). Each file appears complete
// or not at all, and the record is written after the rest, so "record exists" means "sample
// finished" to a resumed run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logic/train.h"
#include "renderer/renderer.h"
#include "scenes/part.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/write_stages.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"

namespace railyard {

struct RenderedSample {
  std::uint64_t index = 0;
  LabelledTrain train;                         // with its true label
  Direction published = Direction::West;       // the label the dataset shows (label noise)
  bool labelled = true;                        // false: withheld (supervision below 1)
  std::optional<std::uint32_t> clauses;        // compositions: clauses of eastbound/1 it satisfies
  std::optional<SequenceStepRecord> sequence;  // a step of a temporal sequence
  TrainScene scene;
  render::Frame frame;
};

// A sample's files encoded in memory, their checks in its record, and the record's text: what a
// run writes as files (SampleWriter::write) or into a tar shard (tar_shard_sink.h).
struct EncodedSample {
  struct File {
    const char* key;  // the record's name for it (sample_files.h): "image", "depth_png", ...
    std::filesystem::path path;  // where the files layout puts it
    std::vector<std::uint8_t> bytes;
  };
  std::uint64_t index = 0;
  std::vector<File> files;
  std::string record;
};

struct SampleWriter {
  const DatasetConfig& config;
  const DatasetPaths& paths;
  std::string rule_name;
  std::string scene_name;

  // The sample's typed record: its passes annotated, paired with its parts.
  SampleRecord record(const RenderedSample& sample) const;
  // Thread-safe: writers share nothing but the folders. With `times`, each stage's CPU time on
  // this thread is added to them.
  EncodedSample encode(const RenderedSample& sample, WriteTimes* times = nullptr) const;
  // The encoded files written into the dataset folder, the record last.
  void write(const RenderedSample& sample, WriteTimes* times = nullptr) const;
};

}  // namespace railyard
