// The generation loop: one thread renders samples in index order (an OpenGL context belongs to
// one thread; the path tracer parallelises inside), while a pool of writers annotates, encodes
// and writes them. A bounded queue between the two keeps memory flat however large the dataset.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "tools/dataset/progress.h"
#include "tools/dataset/sample_writer.h"

namespace railyard {

// Renders the sample of one index (sampling, layout and rendering).
using SampleProducer = std::function<RenderedSample(std::uint64_t index)>;

// Produces and writes every index; the first error stops the run (samples already written stay
// valid) and is rethrown here.
void run_pipeline(const SampleProducer& produce, const SampleWriter& writer,
                  std::span<const std::uint64_t> indices, unsigned writer_threads,
                  Progress& progress);

}  // namespace railyard
