// railyard.Generator's engine: sample i of a dataset config (samples, or an episode of a
// curriculum), computed exactly as `generate` computes it (same trains, label noise, layout,
// renderer and annotations), handed to Python as arrays and the sample's record instead of files;
// and the setup both generators share (generator_setup.h).
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <unistd.h>

#include <cstring>
#include <mutex>

#include "logic/errors.h"
#include "logic/vocabulary.h"
#include "python/bindings/arrays.h"
#include "python/bindings/bindings.h"
#include "python/bindings/generator_setup.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/formats/description.h"
#include "tools/lib/records/formats/train_json.h"
#include "util/exr_io.h"

namespace railyard::python {

// The process that started a renderer in this module; 0 before any did. One process renders,
// whichever generator started it.
static pid_t rendering_process = 0;

// The config's kind, refused unless the class `python` renders it.
static const RunKind& rendered_by(const DatasetConfig& config, std::string_view python) {
  const RunKind& kind = run_kind(config);
  if (kind.python != python)
    throw ConfigError(std::string(python) + ": the config makes " + std::string(kind.name) + " (" +
                      std::string(kind.chosen_by) + "), which railyard." +
                      std::string(kind.python) + " renders");
  return kind;
}

GeneratorSetup::GeneratorSetup(const std::filesystem::path& file,
                               const std::vector<std::string>& assignments, std::string_view python)
    : config(build_config(file, assignments, std::string(python))),
      kind(rendered_by(config, python)),
      inputs(resolve_inputs(config, data_root())),
      setup(config, inputs, RunSetup::RendererStart::OnFirstUse),
      output(config, inputs.rule_name, inputs.scene_name),
      writer(output.writer()) {}

render::Renderer& GeneratorSetup::renderer() {
  if (rendering_process != 0 && rendering_process != getpid()) {
    setup.abandon_renderer();  // the parent's: neither usable nor destructible here
    throw render::RendererError(
        "this process was forked after its parent rendered; render only in the DataLoader "
        "workers, or give the DataLoader multiprocessing_context='forkserver' or 'spawn'");
  }
  render::Renderer& renderer = setup.renderer();
  rendering_process = getpid();
  return renderer;
}

namespace {

class Generator {
 public:
  Generator(const std::filesystem::path& file, const std::vector<std::string>& assignments)
      : g_(file, assignments, "Generator"), trains_(g_.kind.trains(g_.config, g_.inputs)) {
    trains_->train(0);  // an unreachable class shows up now, as in generate
  }

  std::uint64_t size() const { return g_.config.count; }
  std::string effective_config() const { return emit_config(g_.config); }
  std::filesystem::path dataset_root() const { return g_.output.paths().root(); }

  std::string renderer_description() {
    std::lock_guard lock(mutex_);
    return g_.renderer().description();
  }

  py::dict sample(std::uint64_t index, bool annotations, bool masks) {
    if (index >= size()) {
      throw py::index_error("sample " + std::to_string(index) + ": the dataset has " +
                            std::to_string(size()) + " samples");
    }
    RenderedSample rendered;
    SampleRecord record;
    {
      py::gil_scoped_release unlocked;
      std::lock_guard lock(mutex_);  // one renderer and one rule engine per Generator
      g_.renderer();                 // started in this process on first use
      rendered = g_.setup.factory(*trains_)(index);
      if (annotations) record = g_.writer.record(rendered);
    }
    py::dict out;
    out["index"] = index;
    out["image"] = to_array(rendered.frame.color);
    // As the dataset's EXR holds it, so that g[i] equals generate's files.
    out["depth"] =
        to_array(stored_depth(rendered.frame.depth, g_.config.outputs.depth_exr_precision));
    out["part_ids"] = to_array(rendered.frame.part_ids);
    out["true_label"] = railyard::name(rendered.train.label);
    out["published_label"] = railyard::name(rendered.published);
    out["labelled"] = rendered.labelled;
    out["train"] = to_python(train_json(rendered.train, index));
    out["description"] = format_description({rendered.train.train, rendered.published});
    if (annotations) out["record"] = to_python(to_json(record));
    if (annotations && masks) out["masks"] = part_masks(record);
    return out;
  }

 private:
  // P x H x W, 0/1: part k's visible pixels, decoded from the record's RLE as a reader would.
  static py::array_t<std::uint8_t> part_masks(const SampleRecord& record) {
    int h = record.camera.height, w = record.camera.width;
    py::array_t<std::uint8_t> masks({static_cast<int>(record.parts.size()), h, w});
    std::uint8_t* out = masks.mutable_data();
    py::gil_scoped_release unlocked;
    for (const PartRecord& part : record.parts) {
      Image<std::uint8_t> mask = decode_mask(part.region.mask);
      std::memcpy(out, mask.pixels.data(), mask.pixels.size());
      out += static_cast<std::size_t>(h) * w;
    }
    return masks;
  }

  GeneratorSetup g_;
  std::shared_ptr<TrainSource> trains_;  // the kind's trains (run_kinds.h)
  std::mutex mutex_;
};

}  // namespace

void bind_generator(py::module_& m) {
  m.def(
      "config_keys",
      [] {
        std::vector<std::string> keys;
        for (const auto& setting : dataset_schema().settings()) keys.push_back(setting.key);
        return keys;
      },
      "Every key of a dataset config (dotted for sections), in --print-config order.");
  py::class_<Generator>(m, "Generator")
      .def(py::init<const std::filesystem::path&, const std::vector<std::string>&>(),
           py::arg("config_file"), py::arg("assignments"))
      .def("__len__", &Generator::size)
      .def("sample", &Generator::sample, py::arg("index"), py::arg("annotations") = true,
           py::arg("masks") = true)
      .def_property_readonly("effective_config", &Generator::effective_config)
      .def_property_readonly("dataset_root", &Generator::dataset_root)
      .def_property_readonly("renderer_description", &Generator::renderer_description);
}

}  // namespace railyard::python
