// Reading what `generate` writes, for the Python readers: colour PNGs, metric depth EXRs, COCO RLE
// masks and the typed sample records (checked as the pipeline checks them).
#include <pybind11/stl/filesystem.h>

#include "python/bindings/arrays.h"
#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/formats/sample_record.h"
#include "util/exr_io.h"
#include "util/png_io.h"

namespace railyard::python {
namespace {

// A mask larger than any image railyard renders (16k x 16k) is refused rather than allocated.
constexpr long long kMaxMaskPixels = 1ll << 28;

py::array_t<std::uint8_t> decode_rle(const std::string& counts, int height, int width) {
  if (height < 0 || width < 0 || static_cast<long long>(height) * width > kMaxMaskPixels) {
    throw py::value_error("RLE mask of " + std::to_string(height) + " x " + std::to_string(width) +
                          " pixels: size out of range");
  }
  Rle rle;
  {
    py::gil_scoped_release unlocked;
    rle = rle_from_string(counts, height, width);  // std::invalid_argument: ValueError
  }
  return to_array(decode_mask(rle));
}

}  // namespace

void bind_dataset_files(py::module_& m) {
  m.def(
      "read_image", [](const std::filesystem::path& path) { return to_array(read_png_rgb(path)); },
      py::arg("path"), "A PNG as an H x W x 3 uint8 array (IoError naming the file).");
  m.def(
      "read_depth_exr",
      [](const std::filesystem::path& path) { return to_array(read_depth_exr(path)); },
      py::arg("path"), "Metric depth (the EXR's Z channel) as an H x W float32 array.");
  m.def("decode_rle", &decode_rle, py::arg("counts"), py::arg("height"), py::arg("width"),
        "A COCO compressed RLE string as an H x W uint8 mask (0/1).");
  m.def(
      "read_record",
      [](const std::filesystem::path& path) {
        return to_python(to_json(read_sample_record(path)));
      },
      py::arg("path"), "records/<i>.json, checked, as a dict (InputError naming file and key).");
}

}  // namespace railyard::python
