// railyard._native: the compiled half of the Python package (python/railyard/ is the other).
#include "python/bindings/bindings.h"

PYBIND11_MODULE(_native, module) {
  module.doc() = "railyard's libraries from Python; use the `railyard` package, not this module";
  railyard::python::bind_errors(module);
  railyard::python::bind_dataset_files(module);
  railyard::python::bind_dataset_folder(module);
  railyard::python::bind_pairs_folder(module);
  railyard::python::bind_open_folder(module);
  railyard::python::bind_generator(module);
  railyard::python::bind_symbolic(module);
  railyard::python::bind_ltlf(module);
  railyard::python::bind_sequences(module);
  railyard::python::bind_worlds(module);
  railyard::python::bind_score(module);
}
