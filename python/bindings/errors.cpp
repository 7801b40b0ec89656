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
  // static: the translator below outlives this call; the module keeps the classes alive.
  static py::exception<InputError> input(module, "InputError", PyExc_ValueError);
  static py::exception<ConfigError> config(module, "ConfigError", input.ptr());
  static py::exception<RuleError> rule(module, "RuleError", input.ptr());
  static py::exception<SceneError> scene(module, "SceneError", input.ptr());
  static py::exception<DescriptionError> description(module, "DescriptionError", input.ptr());
  static py::exception<DatasetError> dataset(module, "DatasetError", input.ptr());
  dataset.attr("__doc__") =
      "A dataset, pairs or suite folder whose files disagree with each other or are not what "
      "railyard writes (a record missing or of another sample, a split listing an index twice or "
      "in two splits, a manifest that is not railyard's, a truncated pairs.jsonl): the message "
      "names the file and the fault. An InputError, so a ValueError.";
  static py::exception<InterventionError> intervention(module, "InterventionError", input.ptr());
  static py::exception<UnreachableClassError> unreachable(module, "UnreachableClassError",
                                                          PyExc_ValueError);
  static py::exception<prolog::PrologError> prolog_error(module, "PrologError", PyExc_ValueError);
  static py::exception<render::RendererError> renderer(module, "RendererError", PyExc_RuntimeError);
  static py::exception<IoError> io(module, "IoError", PyExc_OSError);
  // Most derived first: the first matching catch wins.
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const ConfigError& e) {
      config(e.what());
    } catch (const RuleError& e) {
      rule(e.what());
    } catch (const SceneError& e) {
      scene(e.what());
    } catch (const DescriptionError& e) {
      description(e.what());
    } catch (const DatasetError& e) {
      dataset(e.what());
    } catch (const InterventionError& e) {
      intervention(e.what());
    } catch (const InputError& e) {
      input(e.what());
    } catch (const UnreachableClassError& e) {
      unreachable(e.what());
    } catch (const prolog::PrologError& e) {
      prolog_error(e.what());
    } catch (const render::RendererError& e) {
      renderer(e.what());
    } catch (const IoError& e) {
      io(e.what());
    }
  });
}

}  // namespace railyard::python
