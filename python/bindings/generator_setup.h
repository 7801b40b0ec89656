// What railyard.Generator and railyard.SequenceGenerator render with, built one way: the config
// (a file, then assignments), its run kind (run_kinds.h), which must be one the asking class
// renders (else refused, naming the class that does), generate's inputs, scene and sample
// settings, and a writer that names the files in records (nothing is written).
//
// The renderer is made on first use in each process, so DataLoader workers forked from a process
// that has not rendered each get their own renderer (and EGL context). A process forked after
// its parent rendered cannot start one: Mesa's state (threads, locks) does not survive fork, and
// a new context would hang. That case is refused with a RendererError saying what to do.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/dataset/dataset_run.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"

namespace railyard::python {

struct GeneratorSetup {
  GeneratorSetup(const std::filesystem::path& file, const std::vector<std::string>& assignments,
                 std::string_view python);

  // The renderer, started in this process on first use.
  render::Renderer& renderer();

  DatasetConfig config;
  const RunKind& kind;
  DatasetInputs inputs;
  RunSetup setup;        // generate's scene, renderer and sample settings
  DatasetOutput output;  // names the files in records; nothing is written
  SampleWriter writer;
};

}  // namespace railyard::python
