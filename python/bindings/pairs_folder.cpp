// A finished pairs folder of `railyard intervene` (tools/lib/records/pairs_folder.h): both sides
// opened as DatasetFolders and pairs.jsonl checked against them once, on opening.
#include "tools/lib/records/pairs_folder.h"

#include <pybind11/stl/filesystem.h>

#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"

namespace railyard::python {

void bind_pairs_folder(py::module_& m) {
  py::class_<PairsFolder>(m, "PairsFolder",
                          "A finished pairs folder, checked once on opening (pairs_folder.h); "
                          "pickles as its root, opened again.")
      .def_static(
          "open",
          [](const std::filesystem::path& root) {
            py::gil_scoped_release unlocked;
            return PairsFolder::open(root);
          },
          py::arg("root"),
          "Opens and checks the folder and both its sides (DatasetError naming the file and the "
          "fault).")
      .def_static("is_pairs_folder", &PairsFolder::is_pairs_folder, py::arg("root"),
                  "True when the folder holds pairs.jsonl: a pairs folder, not a dataset.")
      .def_property_readonly("base", &PairsFolder::base,
                             py::return_value_policy::reference_internal)
      .def_property_readonly("intervened", &PairsFolder::intervened,
                             py::return_value_policy::reference_internal)
      .def_property_readonly(
          "manifest", [](const PairsFolder& f) { return to_python(to_json(f.manifest())); },
          "manifest.json as a dict (a new one on each call).")
      .def_property_readonly(
          "pair_lines",
          [](const PairsFolder& f) {
            py::list lines;
            for (const PairRecord& pair : f.pair_records()) lines.append(to_python(to_json(pair)));
            return lines;
          },
          "pairs.jsonl as checked on opening, line p pair p, as dicts.")
      .def(py::pickle([](const PairsFolder& f) { return py::make_tuple(f.root()); },
                      [](const py::tuple& state) {
                        return PairsFolder::open(state[0].cast<std::filesystem::path>());
                      }));
}

}  // namespace railyard::python
