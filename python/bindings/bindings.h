// The parts of the `railyard._native` extension, one concept per file: errors, JSON values,
// dataset files, dataset and pairs folders, the image generator, the symbolic API, LTLf formulas
// the sequence generator, rule worlds and scoring. module.cpp calls each bind_* once.
#pragma once

#include <pybind11/pybind11.h>

namespace railyard {
class DatasetFolder;
struct SampleRecord;
}  // namespace railyard

namespace railyard::python {

namespace py = pybind11;

// (record as a dict, {file key: path}) of a sample of `folder`: its record and the files it
// names ("image", "depth_png", "depth_exr", "scene"; those written only). dataset_folder.cpp.
py::tuple record_and_files(const DatasetFolder& folder, const SampleRecord& record);

void bind_errors(py::module_& module);          // errors.cpp
void bind_dataset_files(py::module_& module);   // dataset_files.cpp
void bind_dataset_folder(py::module_& module);  // dataset_folder.cpp
void bind_pairs_folder(py::module_& module);    // pairs_folder.cpp
void bind_open_folder(py::module_& module);     // open_folder.cpp (after the folders)
void bind_generator(py::module_& module);       // generator.cpp
void bind_symbolic(py::module_& module);        // symbolic.cpp
void bind_ltlf(py::module_& module);            // ltlf.cpp (after bind_errors)
void bind_sequences(py::module_& module);       // sequences.cpp
void bind_worlds(py::module_& module);          // worlds.cpp
void bind_score(py::module_& module);           // score.cpp

}  // namespace railyard::python
