// JSON values (records, train JSON, camera) as Python objects and back, through Python's json
// module: the records already are JSON, so Python sees exactly what the files hold.
#pragma once

#include <nlohmann/json.hpp>

#include "python/bindings/bindings.h"

namespace railyard::python {

py::object to_python(const nlohmann::ordered_json& json);
py::object to_python(const nlohmann::json& json);
nlohmann::json from_python(const py::handle& object);

}  // namespace railyard::python
