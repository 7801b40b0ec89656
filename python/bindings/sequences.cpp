// railyard.SequenceGenerator's engine: sequence i of a sequence dataset config (a `sequence:`
// section, tools/lib/dataset/sequences/), computed exactly as `generate` computes it (the same
// plan, trains, layout, renderer and annotations, through SequenceFactory), handed to Python as an
// image stack and the steps' records instead of files; or, symbolically, its steps without
// pictures.
//
// Its config, inputs, scene and renderer are generator_setup.h's, as railyard.Generator's.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cstring>
#include <mutex>
#include <optional>

#include "logic/vocabulary.h"
#include "python/bindings/bindings.h"
#include "python/bindings/generator_setup.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/dataset/sequences/sequence_factory.h"
#include "tools/lib/dataset/sequences/sequence_model.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/sequence_files.h"
#include "tools/lib/records/formats/train_json.h"

namespace railyard::python {
namespace {

// T x H x W x 3, uint8: the steps' colour images, stacked.
py::array_t<std::uint8_t> image_stack(const std::vector<RenderedSample>& steps) {
  const Image<Rgb8>& first = steps.front().frame.color;
  static_assert(sizeof(Rgb8) == 3);
  std::size_t size = first.pixels.size() * 3;
  py::array_t<std::uint8_t> stack({static_cast<py::ssize_t>(steps.size()),
                                   static_cast<py::ssize_t>(first.height),
                                   static_cast<py::ssize_t>(first.width), py::ssize_t{3}});
  std::uint8_t* out = stack.mutable_data();
  for (const RenderedSample& step : steps) {
    std::memcpy(out, step.frame.color.pixels.data(), size);
    out += size;
  }
  return stack;
}

class SequenceGenerator {
 public:
  SequenceGenerator(const std::filesystem::path& file, const std::vector<std::string>& assignments)
      : g_(file, assignments, "SequenceGenerator"),
        model_(g_.config, g_.inputs) {}  // every refusal of generate, before a renderer starts

  std::uint64_t size() const { return model_.sequence_count(); }
  std::uint64_t sample_count() const { return model_.sample_count(); }
  std::uint64_t length(std::uint64_t index) const { return model_.length(checked(index)); }
  std::string effective_config() const { return emit_config(g_.config); }
  std::filesystem::path dataset_root() const { return g_.output.paths().root(); }
  const std::vector<std::string>& names() const { return model_.names(); }
  const std::string& formula() const { return model_.formula().text(); }
  py::object automaton_file() const { return to_python(model_.automaton_file().to_json()); }
  std::string train_annotations() const {
    return sequence_annotations_name(g_.config.sequence.train_annotations);
  }

  std::string renderer_description() {
    py::gil_scoped_release unlocked;
    std::lock_guard lock(mutex_);
    return g_.renderer().description();
  }

  // Each sequence's label (the formula holds on it), from its plan alone: no train drawn.
  std::vector<bool> labels() const {
    std::vector<bool> out;
    for (std::uint64_t i = 0; i < size(); ++i)
      out.push_back(model_.planner().plan(model_.seed(), i).label);
    return out;
  }

  // Each sequence's split, as the finished dataset has it (sequence_finalize.cpp: stratified by
  // the sequences' labels).
  std::vector<std::string> splits() {
    py::gil_scoped_release unlocked;
    std::vector<std::string> out;
    for (std::uint64_t i = 0; i < size(); ++i) out.push_back(model_.split(i));
    return out;
  }

  py::dict sequence(std::uint64_t index, bool annotations) {
    checked(index);
    std::vector<RenderedSample> rendered;
    std::vector<SampleRecord> records;
    std::string split;
    {
      py::gil_scoped_release unlocked;
      std::lock_guard lock(mutex_);  // one renderer and one set of rule engines per generator
      rendered = factory()(index);
      if (annotations)
        for (const RenderedSample& step : rendered) records.push_back(g_.writer.record(step));
      split = model_.split(index);
    }
    std::vector<SequenceStepRecord> steps;
    std::vector<LabelledTrain> trains;
    for (const RenderedSample& step : rendered) {
      steps.push_back(*step.sequence);
      trains.push_back(step.train);
    }
    py::dict out = describe(index, split, steps, trains);
    out["images"] = image_stack(rendered);
    if (annotations) {
      py::list list;
      for (const SampleRecord& record : records) list.append(to_python(to_json(record)));
      out["records"] = list;
    }
    return out;
  }

  // The sequence's steps as its records would hold them, without rendering.
  py::dict symbolic(std::uint64_t index) {
    checked(index);
    SymbolicSequence sequence;
    std::string split;
    {
      py::gil_scoped_release unlocked;
      std::lock_guard lock(mutex_);
      if (!symbolic_) symbolic_.emplace(model_.sampler());
      sequence = symbolic_->sequence(index, model_.redraw(index));
      split = model_.split(index);
    }
    std::vector<SequenceStepRecord> steps;
    std::vector<LabelledTrain> trains;
    for (std::size_t t = 0; t < sequence.steps.size(); ++t) {
      steps.push_back(step_record(model_, sequence.plan, index, t, sequence.steps[t]));
      trains.push_back(sequence.steps[t].train);
    }
    return describe(index, split, steps, trains);
  }

 private:
  std::uint64_t checked(std::uint64_t index) const {
    if (index >= size())
      throw py::index_error("sequence " + std::to_string(index) + ": the dataset has " +
                            std::to_string(size()) + " sequences");
    return index;
  }

  // Sequence `index`: its samples, its line of sequences.jsonl as the finished dataset has it
  // (sequence_files.h), its steps' records, trains and labels.
  py::dict describe(std::uint64_t index, const std::string& split,
                    const std::vector<SequenceStepRecord>& steps,
                    const std::vector<LabelledTrain>& trains) const {
    std::uint64_t first = model_.first_sample(index);
    py::list samples, step_list, train_list, labels;
    std::vector<Direction> step_labels;
    for (std::size_t t = 0; t < steps.size(); ++t) {
      samples.append(first + t);
      step_list.append(to_python(to_json(steps[t])));
      train_list.append(to_python(train_json(trains[t], first + t)));
      labels.append(railyard::name(trains[t].label));
      step_labels.push_back(trains[t].label);
    }
    SequenceSteps sequence{first, steps, step_labels, {}};
    py::dict out;
    out["index"] = index;
    out["samples"] = samples;
    out["published"] = to_python(
        to_json(sequence_line(sequence, index, split, g_.config.sequence.train_annotations)));
    out["steps"] = step_list;
    out["trains"] = train_list;
    out["step_labels"] = labels;
    return out;
  }

  // generate's sequence factory, its renderer started in this process on first use.
  SequenceFactory& factory() {
    g_.renderer();
    if (!factory_) factory_.emplace(g_.setup, model_);
    return *factory_;
  }

  GeneratorSetup g_;
  SequenceModel model_;
  std::optional<SequenceFactory> factory_;   // made where it first renders
  std::optional<SequenceSampler> symbolic_;  // symbolic(): trains without pictures
  std::mutex mutex_;
};

}  // namespace

void bind_sequences(py::module_& m) {
  py::class_<SequenceGenerator>(m, "SequenceGenerator")
      .def(py::init<const std::filesystem::path&, const std::vector<std::string>&>(),
           py::arg("config_file"), py::arg("assignments"))
      .def("__len__", &SequenceGenerator::size)
      .def("sequence", &SequenceGenerator::sequence, py::arg("index"),
           py::arg("annotations") = true)
      .def("symbolic", &SequenceGenerator::symbolic, py::arg("index"))
      .def("labels", &SequenceGenerator::labels)
      .def("splits", &SequenceGenerator::splits)
      .def("length", &SequenceGenerator::length, py::arg("index"))
      .def_property_readonly("sample_count", &SequenceGenerator::sample_count)
      .def_property_readonly("names", &SequenceGenerator::names)
      .def_property_readonly("formula", &SequenceGenerator::formula)
      .def_property_readonly("automaton_file", &SequenceGenerator::automaton_file)
      .def_property_readonly("train_annotations", &SequenceGenerator::train_annotations)
      .def_property_readonly("effective_config", &SequenceGenerator::effective_config)
      .def_property_readonly("dataset_root", &SequenceGenerator::dataset_root)
      .def_property_readonly("renderer_description", &SequenceGenerator::renderer_description);
  m.def(
      "record_train",
      [](const py::handle& record, const std::string& source) {
        SampleRecord read = sample_record_from_json(from_python(record), source);
        return to_python(train_json(read.train, read.index));
      },
      py::arg("record"), py::arg("source"),
      "A record's train in train_json's form (all three vocabularies, index and label), as "
      "SequenceGenerator gives it (DatasetError naming `source` and the key).");
}

}  // namespace railyard::python
