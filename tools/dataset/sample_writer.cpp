#include "tools/dataset/sample_writer.h"

#include "tools/dataset/formats/depth_png.h"
#include "util/exr_io.h"
#include "util/png_io.h"

namespace railyard {
namespace {

// The dataset's PNGs trade a few ms of a writer thread for size (the 10,000-image default must
// stay under 1.5 GB). Measured on 30 base_scene images at 480x270: renders shade smoothly along
// rows, so the Sub filter beats Up (82 against 97 KiB at level 1); zlib level 3 takes ~3.5 ms
// for 73 KiB (level 5: 4.8 ms, 68 KiB; level 6: 8.5 ms, 63 KiB, which cost `bench pipeline` a
// tenth of its images/s). V-LoL's 8-bit depth: level 6 with Sub gives 11.4 KiB in 3.2 ms. Since
// the level of detail made frames cheaper (2026-11-24), the writers' zlib no longer sets the
// pace: zlib's RLE strategy for the colour PNGs (2.8 against 4.6 ms, 67.9 against 66.4 KiB) and
// level 5 for the depth (1.7 ms, 13.0 KiB) left `bench pipeline` where it was (generate 23.1
// against 23.4 images/s, runs alternated): not worth their bytes.
constexpr PngOptions kImagePng{.compression_level = 3, .filter = PngFilter::Sub};
constexpr PngOptions kDepthPng{.compression_level = 6, .filter = PngFilter::Sub};

}  // namespace

SampleRecord SampleWriter::record(const RenderedSample& sample) const {
  const OutputSelection& outputs = config.outputs;
  SampleRecord record;
  record.index = sample.index;
  record.train = sample.train;
  record.published = sample.published;
  record.labelled = sample.labelled;
  record.scene = scene_name;
  record.camera = sample.scene.scene.camera;
  record.files.image = DatasetPaths::image_name(sample.index);
  if (outputs.depth_png) record.files.depth_png = DatasetPaths::image_name(sample.index);
  if (outputs.depth_exr) record.files.depth_exr = DatasetPaths::depth_exr_name(sample.index);
  ImageAnnotations annotations = annotate_image(sample.frame, sample.scene);
  record.cars = std::move(annotations.cars);
  record.parts = part_records(sample.scene, std::move(annotations));
  return record;
}

void SampleWriter::write(const RenderedSample& sample) const {
  const OutputSelection& outputs = config.outputs;
  SampleRecord typed = record(sample);
  write_png(paths.image(sample.index), sample.frame.color, kImagePng);
  if (outputs.depth_png)
    write_png(paths.depth_png(sample.index), depth_png_image(sample.frame.depth), kDepthPng);
  if (outputs.depth_exr) {
    write_depth_exr(paths.depth_exr(sample.index), sample.frame.depth,
                    outputs.depth_exr_compression, outputs.depth_exr_precision);
  }
  // Last: the record's presence marks the sample as finished.
  write_sample_record(paths.record(sample.index), typed);
}

}  // namespace railyard
