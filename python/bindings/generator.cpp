// railyard.Generator's engine: sample i of a dataset config, computed exactly as `generate`
// computes it (same trains, label noise, layout, renderer and annotations), handed to Python as
// arrays and the sample's record instead of files.
//
// The renderer is made on first use in each process, so DataLoader workers forked from a process
// that has not rendered each get their own renderer (and EGL context). A process forked after
// its parent rendered cannot start one: Mesa's state (threads, locks) does not survive fork, and
// a new context would hang. That case is refused with a RendererError saying what to do.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <unistd.h>

#include <cstring>
#include <mutex>

#include "python/bindings/arrays.h"
#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"
#include "tools/dataset/dataset_run.h"
#include "tools/dataset/run_setup.h"
#include "tools/records/annotations/rle.h"
#include "tools/records/formats/description.h"
#include "tools/records/formats/train_json.h"
#include "util/exr_io.h"

namespace railyard::python {

// The process that started a renderer in this module; 0 before any did.
static pid_t rendering_process = 0;

render::Renderer& renderer_of_this_process(RunSetup& setup) {
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

DatasetConfig single_trains(DatasetConfig config) {
  refuse_sequences(config.sequence, "railyard.Generator", "use railyard.SequenceGenerator");
  return config;
}

class Generator {
 public:
  Generator(const std::filesystem::path& file, const std::vector<std::string>& assignments)
      : config_(single_trains(build_config(file, assignments, "Generator"))),
        inputs_(resolve_inputs(config_, data_root())),
        setup_(config_, inputs_, RunSetup::RendererStart::OnFirstUse),
        output_(config_, inputs_.rule_name, inputs_.scene_name),
        writer_(output_.writer()),
        trains_(sampled_trains(config_, inputs_)) {
    trains_.train(0);  // an unreachable class shows up now, as in generate
  }

  std::uint64_t size() const { return config_.count; }
  std::string effective_config() const { return emit_config(config_); }
  std::filesystem::path dataset_root() const { return output_.paths().root(); }

  std::string renderer_description() {
    std::lock_guard lock(mutex_);
    return renderer().description();
  }

  py::dict sample(std::uint64_t index, bool annotations, bool masks) {
    if (index >= config_.count) {
      throw py::index_error("sample " + std::to_string(index) + ": the dataset has " +
                            std::to_string(config_.count) + " samples");
    }
    RenderedSample rendered;
    SampleRecord record;
    {
      py::gil_scoped_release unlocked;
      std::lock_guard lock(mutex_);  // one renderer and one rule engine per Generator
      rendered = factory()(index);
      if (annotations) record = writer_.record(rendered);
    }
    py::dict out;
    out["index"] = index;
    out["image"] = to_array(rendered.frame.color);
    // As the dataset's EXR holds it, so that g[i] equals generate's files.
    out["depth"] =
        to_array(stored_depth(rendered.frame.depth, config_.outputs.depth_exr_precision));
    out["part_ids"] = to_array(rendered.frame.part_ids);
    out["true_label"] = rendered.train.label == Direction::East ? "east" : "west";
    out["published_label"] = rendered.published == Direction::East ? "east" : "west";
    out["labelled"] = rendered.labelled;
    out["train"] = to_python(train_json(rendered.train, index));
    out["description"] = format_description({rendered.train.train, rendered.published});
    if (annotations) out["record"] = to_python(to_json(record));
    if (annotations && masks) out["masks"] = part_masks(record);
    return out;
  }

 private:
  render::Renderer& renderer() { return renderer_of_this_process(setup_); }

  // generate's factory, its renderer started in this process on first use.
  SampleFactory factory() {
    renderer();
    return setup_.factory(trains_);
  }

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

  DatasetConfig config_;
  DatasetInputs inputs_;
  RunSetup setup_;        // generate's scene, renderer and sample settings
  DatasetOutput output_;  // names the files in records; nothing is written
  SampleWriter writer_;
  SampledTrains trains_;
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
