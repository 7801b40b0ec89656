#include "tools/dataset/sample_writer.h"

#include "tools/dataset/formats/depth_png.h"
#include "util/exr_io.h"
#include "util/png_io.h"

namespace railyard {

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
  write_png(paths.image(sample.index), sample.frame.color);
  if (outputs.depth_png)
    write_png(paths.depth_png(sample.index), depth_png_image(sample.frame.depth));
  if (outputs.depth_exr) {
    write_depth_exr(paths.depth_exr(sample.index), sample.frame.depth,
                    outputs.depth_exr_compression, outputs.depth_exr_precision);
  }
  // Last: the record's presence marks the sample as finished.
  write_sample_record(paths.record(sample.index), typed);
}

}  // namespace railyard
