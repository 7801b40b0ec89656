#include "tools/dataset/pipeline.h"

namespace railyard {

void run_pipeline(const SampleProducer& produce, const SampleWriter& writer,
                  const PendingIndices& indices, unsigned writer_threads, Progress& progress) {
  run_work_pipeline<RenderedSample>(
      produce, [&](const RenderedSample& sample) { writer.write(sample); }, indices, writer_threads,
      progress);
}

}  // namespace railyard
