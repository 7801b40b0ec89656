// Reading what `generate` writes, for the Python readers: colour PNGs, metric depth EXRs, COCO RLE
// masks and the typed sample records (checked as the pipeline checks them).
#include <pybind11/stl/filesystem.h>

#include "python/bindings/arrays.h"
#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/records/formats/shard_index.h"
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

// A bytes object's content, valid while the object lives.
std::span<const std::uint8_t> bytes_of(const py::bytes& data) {
  char* buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data.ptr(), &buffer, &size) != 0) throw py::error_already_set();
  return {reinterpret_cast<const std::uint8_t*>(buffer), static_cast<std::size_t>(size)};
}

std::string_view text_of(const py::bytes& data) {
  auto bytes = bytes_of(data);
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// The members of a tar shard (tools/lib/shards/shard_layout.h), decoded as the files are.
void bind_shard_members(py::module_& m) {
  m.def(
      "decode_image",
      [](const py::bytes& data, const std::string& source) {
        auto bytes = bytes_of(data);
        Image<Rgb8> image;
        {
          py::gil_scoped_release unlocked;
          image = decode_png_rgb(bytes, source);
        }
        return to_array(image);
      },
      py::arg("data"), py::arg("source"),
      "A PNG's bytes as an H x W x 3 uint8 array (IoError naming `source`).");
  m.def(
      "decode_depth_exr",
      [](const py::bytes& data, const std::string& source) {
        auto bytes = bytes_of(data);
        Image<float> depth;
        {
          py::gil_scoped_release unlocked;
          depth = decode_depth_exr(bytes, source);
        }
        return to_array(depth);
      },
      py::arg("data"), py::arg("source"), "A depth EXR's bytes as an H x W float32 array.");
  m.def(
      "parse_record",
      [](const py::bytes& data, const std::string& source) {
        JsonOrigin origin{source};
        std::string_view text = text_of(data);
        SampleRecord record;
        {
          py::gil_scoped_release unlocked;
          record = sample_record_from_json(parse_json(text, origin), origin);
        }
        return to_python(to_json(record));
      },
      py::arg("data"), py::arg("source"),
      "A sample record's bytes, checked, as a dict (DatasetError naming `source` and the key).");
  m.def(
      "read_shard_index",
      [](const std::filesystem::path& file) {
        return to_python(record_json(read_shard_index(file)));
      },
      py::arg("path"), "shards.json, checked, as a dict (DatasetError naming the file and key).");
}

}  // namespace

void bind_dataset_files(py::module_& m) {
  bind_shard_members(m);
  m.def(
      "read_image", [](const std::filesystem::path& path) { return to_array(read_png_rgb(path)); },
      py::arg("path"), "A PNG as an H x W x 3 uint8 array (IoError naming the file).");
  m.def(
      "read_depth_exr",
      [](const std::filesystem::path& path) { return to_array(read_depth_exr(path)); },
      py::arg("path"), "Metric depth (the EXR's Z channel) as an H x W float32 array.");
  m.def("decode_rle", &decode_rle, py::arg("counts"), py::arg("height"), py::arg("width"),
        "A COCO compressed RLE string as an H x W uint8 mask (0/1).");
}

}  // namespace railyard::python
