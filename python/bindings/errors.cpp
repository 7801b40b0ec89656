// C++ errors as Python exceptions. Each railyard error type gets a Python class that derives from
// the built-in a Python user expects: input mistakes are ValueErrors, file failures OSErrors,
// renderer start-up failures RuntimeErrors. The message (naming file, line and key) is kept.
#include "logic/errors.h"

#include <pybind11/pybind11.h>

#include "logic/balanced_set.h"
#include "logic/intervention/operation.h"
#include "logic/prolog/errors.h"
#include "logic/rule.h"
#include "python/bindings/bindings.h"
#include "renderer/renderer.h"
#include "scenes/scene_error.h"
#include "tools/lib/records/json/dataset_error.h"
#include "util/input_error.h"
#include "util/io_error.h"

namespace railyard::python {

void bind_errors(py::module_& module) {
  // InputError before its subclasses: pybind11 tries the most recently registered first.
  auto input = py::register_exception<InputError>(module, "InputError", PyExc_ValueError);
  py::register_exception<ConfigError>(module, "ConfigError", input);
  py::register_exception<RuleError>(module, "RuleError", input);
  py::register_exception<SceneError>(module, "SceneError", input);
  py::register_exception<DescriptionError>(module, "DescriptionError", input);
  py::register_exception<DatasetError>(module, "DatasetError", input).attr("__doc__") =
      "A dataset, pairs or suite folder whose files disagree with each other or are not what "
      "railyard writes (a record missing or of another sample, a split listing an index twice or "
      "in two splits, a manifest that is not railyard's, a truncated pairs.jsonl): the message "
      "names the file and the fault. An InputError, so a ValueError.";
  py::register_exception<InterventionError>(module, "InterventionError", input);
  py::register_exception<UnreachableClassError>(module, "UnreachableClassError", PyExc_ValueError);
  py::register_exception<prolog::PrologError>(module, "PrologError", PyExc_ValueError);
  py::register_exception<render::RendererError>(module, "RendererError", PyExc_RuntimeError);
  py::register_exception<IoError>(module, "IoError", PyExc_OSError);
}

}  // namespace railyard::python
