// The renderer backends, registered by name (Mitsuba-style): each says what it is and which
// options it takes, and is made from its name. This is the one place that knows every backend;
// the config, the commands and the tests choose one by name. A new backend is a folder of its
// own plus one entry in backends.cpp.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/renderer.h"

namespace railyard::render {

// One option of a backend: a number (whole or not) or a switch, with its range and default. Each
// is declared once in backends.cpp, bound to a member of the backend's options struct
// (EmbreeOptions::max_bounces): its kind follows the member's type and its default is the
// struct's own, and the backend reads its options back as that struct, typed. The dataset config
// makes each the key backend_options.<backend>.<option>.
struct BackendOption {
  enum class Kind { Whole, Number, Switch };
  std::string name;
  Kind kind = Kind::Number;
  double lo = 0.0, hi = 0.0, default_value = 0.0;
  std::string help;
};

using BackendOptionValues = std::map<std::string, double>;  // by option name

struct BackendSettings {
  unsigned threads = 0;         // worker threads of backends that use the CPU; 0: all cores
  BackendOptionValues options;  // absent options take their defaults
};

struct BackendEntry {
  std::string name;     // raster, pathtrace
  std::string summary;  // one line, for --help
  std::vector<BackendOption> options;
  // Throws RendererError when the backend cannot start.
  std::function<std::unique_ptr<Renderer>(const BackendSettings&)> make;
};

// Every backend, in a fixed order (the first is the default).
const std::vector<BackendEntry>& backends();
const BackendEntry* find_backend(std::string_view name);
// Every option of every backend at its default: {backend: {option: value}}.
std::map<std::string, BackendOptionValues> default_backend_options();

// Throws RendererError for an unknown name, an option the backend does not have or a value out
// of its range, and when the backend cannot start here.
std::unique_ptr<Renderer> make_renderer(std::string_view name,
                                        const BackendSettings& settings = {});

}  // namespace railyard::render
