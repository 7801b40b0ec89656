// The opener of railyard's folders (tools/lib/records/open_folder.h): what a folder is, and the
// checked views of a suite and a sequence set. Their records cross as dicts made by the records'
// to_json, after the C++ reader has checked them: Python reads no file of these by key itself.
#include "tools/lib/records/open_folder.h"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"

namespace railyard::python {

namespace {

template <class View>
View open_released(const std::filesystem::path& root) {
  py::gil_scoped_release unlocked;
  return View::open(root);
}

void bind_suite_folder(py::module_& m) {
  py::class_<SuiteFolder>(m, "SuiteFolder",
                          "A finished suite: summary.json read and checked on opening.")
      .def_static("open", &open_released<SuiteFolder>, py::arg("root"),
                  "Opens the suite (DatasetError naming summary.json and the key).")
      .def_property_readonly(
          "variants",
          [](const SuiteFolder& f) {
            std::vector<std::pair<std::string, std::string>> out;
            for (std::size_t v = 0; v < f.summary().variants.size(); ++v)
              out.emplace_back(f.summary().variants[v].name, f.variant_root(v).string());
            return out;
          },
          "[(variant name, its dataset folder)] in the suite file's order.")
      .def(py::pickle([](const SuiteFolder& f) { return py::make_tuple(f.root()); },
                      [](const py::tuple& state) {
                        return SuiteFolder::open(state[0].cast<std::filesystem::path>());
                      }));
}

void bind_sequence_set(py::module_& m) {
  py::class_<SequenceSet>(m, "SequenceSet",
                          "A sequence set: the dataset, sequences/automaton.json and "
                          "sequences.jsonl checked against each other on opening.")
      .def_static("open", &open_released<SequenceSet>, py::arg("root"),
                  "Opens the set (DatasetError naming the file, line and key).")
      .def_property_readonly("dataset", &SequenceSet::dataset,
                             py::return_value_policy::reference_internal)
      .def_property_readonly(
          "automaton_file", [](const SequenceSet& s) { return to_python(s.automaton().to_json()); },
          "sequences/automaton.json as a dict.")
      .def_property_readonly(
          "lines",
          [](const SequenceSet& s) {
            py::list lines;
            for (const SequenceLine& line : s.lines()) lines.append(to_python(to_json(line)));
            return lines;
          },
          "sequences.jsonl, line k sequence k, as dicts.")
      .def(
          "sequences_in",
          [](const SequenceSet& s, const std::string& split) {
            py::gil_scoped_release unlocked;
            return s.sequences_in(split);
          },
          py::arg("split"),
          "The sequences split file `split` lists, in order (DatasetError when it holds part of "
          "one).")
      .def(
          "read_steps",
          [](const SequenceSet& s, std::uint64_t index) {
            std::vector<SampleRecord> records;
            {
              py::gil_scoped_release unlocked;
              records = s.read_steps(index);
            }
            py::list steps;
            for (const SampleRecord& record : records)
              steps.append(record_and_files(s.dataset(), record));
            return steps;
          },
          py::arg("index"),
          "[(record, {file key: path})] of sequence `index`'s steps, each checked against its "
          "line and the automaton (DatasetError naming an edited record).")
      .def(py::pickle([](const SequenceSet& s) { return py::make_tuple(s.dataset().root()); },
                      [](const py::tuple& state) {
                        return SequenceSet::open(state[0].cast<std::filesystem::path>());
                      }));
}

}  // namespace

void bind_open_folder(py::module_& m) {
  m.def(
      "folder_content",
      [](const std::filesystem::path& root) {
        return std::string(kFolderContentNames.name(folder_content(root)));
      },
      py::arg("root"),
      "What a folder railyard wrote is: 'dataset', 'sequences', 'pairs', 'suite', 'worlds' or "
      "'score' "
      "(DatasetError when it is none of them).");
  bind_suite_folder(m);
  bind_sequence_set(m);
}

}  // namespace railyard::python
