#include "tools/lib/dataset/sample_writer.h"

#include "tools/lib/records/formats/depth_png.h"
#include "tools/lib/records/formats/sample_scene_glb.h"
#include "util/atomic_file.h"
#include "util/content_hash.h"
#include "util/exr_io.h"
#include "util/file_system.h"
#include "util/io_error.h"
#include "util/png_io.h"

namespace railyard {
namespace {

// The dataset's PNGs trade a few ms of a writer thread for size (the 10,000-image default must
// stay under 1.5 GB). The writers share two cores with the rasteriser, so every ms they spend is
// a ms of rendering lost. Renders shade smoothly along rows, so the Sub filter beats Up. Measured
// with `railyard bench write` on 50 base_scene images at 480x270 (2026-11-29, BENCHMARKS.md):
// libdeflate's level 1 takes 1.9 ms for 71.5 KiB of colour where zlib's level 1 with its RLE
// strategy took 3.3 ms for 81.9 KiB, and 0.8 ms for V-LoL's 8-bit depth (15.5 KiB) where zlib's
// level 5 took 2.5 ms (13.0 KiB; libdeflate's level 6 is as small and as slow).
constexpr PngOptions kImagePng{.filter = PngFilter::Sub, .libdeflate_level = 1};
constexpr PngOptions kDepthPng{.filter = PngFilter::Sub, .libdeflate_level = 1};

// Encodes a file (timed as `stage`) and checks it; its check for the record.
template <class Encode>
FileCheck encode_file(EncodedSample& out, const char* key, std::filesystem::path path,
                      WriteTimes* times, WriteStage stage, Encode encode) {
  std::vector<std::uint8_t> bytes;
  {
    StageClock clock(stage_time(times, stage));
    bytes = encode();
  }
  FileCheck check{bytes.size(), {}};
  if (times) (*times)[stage]->bytes += bytes.size();
  {
    StageClock clock(stage_time(times, WriteStage::Checksums));
    check.sha256 =
        sha256_hex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  }
  out.files.push_back({key, std::move(path), std::move(bytes)});
  return check;
}

}  // namespace

SampleRecord SampleWriter::record(const RenderedSample& sample) const {
  const OutputSelection& outputs = config.outputs;
  SampleRecord record;
  record.index = sample.index;
  record.train = sample.train;
  record.published = sample.published;
  record.labelled = sample.labelled;
  record.clauses = sample.clauses;
  record.sequence = sample.sequence;
  record.scene = scene_name;
  record.camera = sample.scene.scene.camera;
  record.files.image = DatasetPaths::image_name(sample.index);
  if (outputs.depth_png) record.files.depth_png = DatasetPaths::image_name(sample.index);
  if (outputs.depth_exr) record.files.depth_exr = DatasetPaths::depth_exr_name(sample.index);
  if (outputs.scene == SceneFormat::Glb)
    record.files.scene = DatasetPaths::scene_glb_name(sample.index);
  ImageAnnotations annotations = annotate_image(sample.frame, sample.scene);
  record.cars = std::move(annotations.cars);
  record.parts = part_records(sample.scene, std::move(annotations));
  return record;
}

EncodedSample SampleWriter::encode(const RenderedSample& sample, WriteTimes* times) const {
  const OutputSelection& outputs = config.outputs;
  const std::uint64_t i = sample.index;
  EncodedSample out;
  out.index = i;
  SampleRecord typed;
  {
    StageClock clock(stage_time(times, WriteStage::Annotations));
    typed = record(sample);
  }
  SampleFiles& files = typed.files;
  files.image_check = encode_file(out, "image", paths.image(i), times, WriteStage::ColourPng,
                                  [&] { return encode_png(sample.frame.color, kImagePng); });
  if (outputs.depth_png)
    files.depth_png_check =
        encode_file(out, "depth_png", paths.depth_png(i), times, WriteStage::DepthPng,
                    [&] { return encode_png(depth_png_image(sample.frame.depth), kDepthPng); });
  if (outputs.depth_exr)
    files.depth_exr_check =
        encode_file(out, "depth_exr", paths.depth_exr(i), times, WriteStage::DepthExr, [&] {
          return encode_depth_exr(sample.frame.depth, outputs.depth_exr_compression,
                                  outputs.depth_exr_precision);
        });
  if (outputs.scene == SceneFormat::Glb)
    files.scene_check =
        encode_file(out, "scene", paths.scene_glb(i), times, WriteStage::Scene,
                    [&] { return sample_scene_glb(sample.scene, typed, rule_name); });
  StageClock clock(stage_time(times, WriteStage::Record));
  out.record = sample_record_text(typed);
  if (times) (*times)[WriteStage::Record]->bytes += out.record.size();
  return out;
}

void SampleWriter::write(const RenderedSample& sample, WriteTimes* times) const {
  EncodedSample encoded = encode(sample, times);
  StageClock clock(stage_time(times, WriteStage::Files));
  if (config.outputs.scene == SceneFormat::Glb)
    file_system::create_folders(paths.scenes());  // only datasets with scenes have it
  for (const EncodedSample::File& file : encoded.files)
    write_file_atomically(file.path, file.bytes);
  // Last: the record's presence marks the sample as finished.
  write_file_atomically(paths.record(sample.index), encoded.record);
}

}  // namespace railyard
