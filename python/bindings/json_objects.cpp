#include "python/bindings/json_objects.h"

namespace railyard::python {
namespace {

py::object json_module() {
  return py::module_::import("json");
}

}  // namespace

py::object to_python(const nlohmann::ordered_json& json) {
  return json_module().attr("loads")(json.dump());
}

py::object to_python(const nlohmann::json& json) {
  return json_module().attr("loads")(json.dump());
}

nlohmann::json from_python(const py::handle& object) {
  std::string text = py::str(json_module().attr("dumps")(object));
  return nlohmann::json::parse(text);
}

}  // namespace railyard::python
