// A finished dataset folder, as the C++ readers see it (tools/lib/records/dataset_folder.h): where
// its files are (DatasetPaths), and the folder opened once and checked once (DatasetFolder), so
// that railyard.reader neither spells the layout nor repeats the checks. Paths are str; records are
// dicts, exactly what records/<i>.json holds. Faults are DatasetErrors naming file and fault.
#include "tools/lib/records/dataset_folder.h"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/records/sample_files.h"

namespace railyard::python {
namespace {

namespace fs = std::filesystem;

// Paths go to Python as str: what os.path takes and what messages show as they are.
using PathOf = fs::path (DatasetPaths::*)(std::uint64_t) const;
using FolderOf = fs::path (DatasetPaths::*)() const;

template <FolderOf folder>
std::string folder_of(const DatasetPaths& paths) {
  return (paths.*folder)().string();
}

template <PathOf file>
std::string file_of(const DatasetPaths& paths, std::uint64_t index) {
  return (paths.*file)(index).string();
}

void bind_dataset_paths(py::module_& m) {
  py::class_<DatasetPaths>(m, "DatasetPaths",
                           "Where each file of a dataset folder lives (dataset_paths.h).")
      .def(py::init<fs::path>(), py::arg("root"))
      .def_property_readonly("splits", &folder_of<&DatasetPaths::splits>)
      .def_property_readonly("coco", &folder_of<&DatasetPaths::coco>)
      .def_property_readonly("manifest", &folder_of<&DatasetPaths::manifest>)
      .def("image", &file_of<&DatasetPaths::image>, py::arg("index"))
      .def("record", &file_of<&DatasetPaths::record>, py::arg("index"))
      .def(
          "split",
          [](const DatasetPaths& p, const std::string& name) { return p.split(name).string(); },
          py::arg("name"), "splits/<name>.txt");
}

SampleRecord read_record(const DatasetFolder& folder, std::uint64_t index) {
  py::gil_scoped_release unlocked;
  return folder.read_record(index);
}

// The record of a sample, and its files by their key in the record ("image", "depth_png",
// "depth_exr", "scene"; those written only), from one reading of records/<index>.json.
py::tuple read_sample(const DatasetFolder& folder, std::uint64_t index) {
  return record_and_files(folder, read_record(folder, index));
}

DatasetFolder open_folder(const fs::path& root) {
  py::gil_scoped_release unlocked;
  return DatasetFolder::open(root);
}

}  // namespace

py::tuple record_and_files(const DatasetFolder& folder, const SampleRecord& record) {
  py::dict files;
  for (const SampleFile& file : sample_files(folder.paths(), record))
    files[file.key] = file.path.string();
  return py::make_tuple(to_python(to_json(record)), files);
}

void bind_dataset_folder(py::module_& m) {
  bind_dataset_paths(m);
  py::class_<DatasetFolder>(m, "DatasetFolder",
                            "A finished dataset folder, checked once on opening "
                            "(dataset_folder.h); pickles as its root, opened again.")
      .def_static("open", &open_folder, py::arg("root"),
                  "Opens and checks the folder (DatasetError naming the file and the fault).")
      .def_property_readonly(
          "paths", [](const DatasetFolder& f) { return f.paths(); }, "Its DatasetPaths.")
      .def_property_readonly("root", [](const DatasetFolder& f) { return f.root().string(); })
      .def_property_readonly("count", &DatasetFolder::count, "The manifest's number of samples.")
      .def_property_readonly(
          "manifest", [](const DatasetFolder& f) { return to_python(to_json(f.manifest())); },
          "manifest.json as a dict (a new one on each call).")
      .def(
          "split_files",
          [](const DatasetFolder& f) {
            py::dict splits;  // train, val, test, then the others as on disk
            for (const SplitFile& split : f.split_files())
              splits[py::str(split.name)] = split.indices;
            return splits;
          },
          "{split name: its sample indices, ascending}, train, val and test first.")
      .def(
          "read_record",
          [](const DatasetFolder& f, std::uint64_t index) {
            return to_python(to_json(read_record(f, index)));
          },
          py::arg("index"),
          "records/<index>.json as a dict (DatasetError naming the file when it is not this "
          "sample's record).")
      .def("read_sample", &read_sample, py::arg("index"),
           "(record, {file key: path}) of the sample: its record and the files it names.")
      .def(py::pickle(
          [](const DatasetFolder& f) { return py::make_tuple(f.root()); },
          [](const py::tuple& state) { return open_folder(state[0].cast<fs::path>()); }));
  m.def(
      "read_split_file",
      [](const fs::path& file) {
        py::gil_scoped_release unlocked;
        return read_split_file(file).indices;
      },
      py::arg("path"),
      "The indices of a split file, ascending (DatasetError naming the file and line).");
}

}  // namespace railyard::python
