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
// a ms of rendering lost. Measured on 20 base_scene images at 480x270 (2026-11-24): renders shade
// smoothly along rows, so the Sub filter beats Up; zlib's RLE strategy takes 2.4 ms for 62.1 KiB
// where level 3 took 4.7 ms for 60.9 KiB (level 6: 9.7 ms, 51.7 KiB). V-LoL's 8-bit depth:
// level 5 takes 1.8 ms for 13.0 KiB (level 6: 4.0 ms, 11.4 KiB; level 4: 1.5 ms, 15.2 KiB).
constexpr PngOptions kImagePng{
    .compression_level = 1, .filter = PngFilter::Sub, .rle_strategy = true};
constexpr PngOptions kDepthPng{.compression_level = 5, .filter = PngFilter::Sub};

// Writes a file whole and returns its check for the record.
FileCheck write_checked(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  write_file_atomically(path, bytes);
  std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return {bytes.size(), sha256_hex(view)};
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

void SampleWriter::write(const RenderedSample& sample) const {
  const OutputSelection& outputs = config.outputs;
  SampleRecord typed = record(sample);
  SampleFiles& files = typed.files;
  files.image_check =
      write_checked(paths.image(sample.index), encode_png(sample.frame.color, kImagePng));
  if (outputs.depth_png)
    files.depth_png_check = write_checked(
        paths.depth_png(sample.index), encode_png(depth_png_image(sample.frame.depth), kDepthPng));
  if (outputs.depth_exr)
    files.depth_exr_check =
        write_checked(paths.depth_exr(sample.index),
                      encode_depth_exr(sample.frame.depth, outputs.depth_exr_compression,
                                       outputs.depth_exr_precision));
  if (outputs.scene == SceneFormat::Glb) {
    file_system::create_folders(paths.scenes());  // only datasets with scenes have it
    files.scene_check = write_checked(paths.scene_glb(sample.index),
                                      sample_scene_glb(sample.scene, typed, rule_name));
  }
  // Last: the record's presence marks the sample as finished.
  write_sample_record(paths.record(sample.index), typed);
}

}  // namespace railyard
