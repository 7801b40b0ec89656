// Rule worlds (logic/worlds/, tools/lib/worlds/): the build behind railyard.worlds(). A spec file
// and its overrides go in; the worlds' index (as worlds.json holds it) and each world's rule text
// come out, and with an output folder the folder `railyard worlds` writes. The build runs
// without the GIL. A spec that cannot be met is a WorldsError, an InputError: a ValueError.
// read_worlds(): a worlds.json read through its checked reader (DatasetError naming the key).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/worlds/world_files.h"
#include "tools/lib/worlds/worlds_run.h"

namespace railyard::python {
namespace {

py::tuple build_worlds(const std::string& spec, const std::vector<std::string>& assignments,
                       const std::string& output) {
  WorldsFile file = load_worlds_file(spec, assignments);
  check_dataset_inputs(file);
  if (!output.empty()) check_destination(output, kWorldsFolder);
  worlds::WorldSet set;
  {
    py::gil_scoped_release release;
    set = build_worlds_of(file);
  }
  if (!output.empty()) write_worlds(set, file, output);
  std::vector<std::string> rules;
  for (std::size_t k = 0; k < set.worlds.size(); ++k)
    rules.push_back(world_rule_text(set, k, file.file.filename().string()));
  return py::make_tuple(to_python(record_json(worlds_index(set))), rules);
}

}  // namespace

void bind_worlds(py::module_& module) {
  module.def("build_worlds", &build_worlds, py::arg("spec"), py::arg("assignments"),
             py::arg("output"));
  module.def(
      "read_worlds",
      [](const std::string& file) { return to_python(record_json(read_worlds_index(file))); },
      py::arg("file"));
}

}  // namespace railyard::python
