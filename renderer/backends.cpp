#include "renderer/backends.h"

#include <cmath>

#include "renderer/embree/embree_renderer.h"
#include "renderer/opengl/opengl_renderer.h"
#include "renderer/traced_annotations.h"

namespace railyard::render {
namespace {

using Kind = BackendOption::Kind;

double value_of(const BackendSettings& settings, const BackendEntry& entry,
                const std::string& option) {
  auto found = settings.options.find(option);
  if (found != settings.options.end()) return found->second;
  for (const BackendOption& o : entry.options)
    if (o.name == option) return o.default_value;
  return 0.0;
}

BackendEntry raster() {
  BackendEntry entry{"raster",
                     "OpenGL 4.5 through EGL (the GPU, or Mesa's llvmpipe on the CPU); `samples` "
                     "is its MSAA count; fisheye part ids and depth are traced with Embree",
                     {{"shadow_map_size", Kind::Whole, 0, 16384, 0,
                       "sun shadow map texels per side; 0: chosen from the image size"}},
                     {}};
  entry.make = [entry](const BackendSettings& settings) -> std::unique_ptr<Renderer> {
    OpenGlOptions options;
    options.shadow_map_size = static_cast<int>(value_of(settings, entry, "shadow_map_size"));
    EmbreeOptions tracer;
    tracer.threads = static_cast<int>(settings.threads);
    return std::make_unique<TracedAnnotations>(
        make_opengl_renderer(options), [tracer] { return make_embree_renderer(tracer); }, "Embree");
  };
  return entry;
}

BackendEntry pathtrace() {
  BackendEntry entry{
      "pathtrace",
      "Embree path tracer on the CPU; `samples` is its paths per pixel (default 64)",
      {{"bounces", Kind::Whole, 0, 1000, 20, "bounces per path (V-LoL renders with 20)"},
       {"filter_width", Kind::Number, 0.5, 4.0, 1.5,
        "Blackman-Harris pixel filter width in pixels (Cycles' default 1.5)"},
       {"russian_roulette_depth", Kind::Whole, 1, 1000, 3,
        "bounces before Russian roulette may end a path"},
       {"sky_next_event", Kind::Switch, 0, 1, 1,
        "sample the sky directly at every path vertex (less noise per sample)"}},
      {}};
  entry.make = [entry](const BackendSettings& settings) -> std::unique_ptr<Renderer> {
    EmbreeOptions options;
    options.threads = static_cast<int>(settings.threads);
    options.max_bounces = static_cast<int>(value_of(settings, entry, "bounces"));
    options.filter_width = static_cast<float>(value_of(settings, entry, "filter_width"));
    options.russian_roulette_depth =
        static_cast<int>(value_of(settings, entry, "russian_roulette_depth"));
    options.sky_next_event = value_of(settings, entry, "sky_next_event") != 0.0;
    return make_embree_renderer(options);
  };
  return entry;
}

void check_options(const BackendEntry& entry, const BackendOptionValues& values) {
  for (const auto& [name, value] : values) {
    const BackendOption* option = nullptr;
    for (const BackendOption& o : entry.options)
      if (o.name == name) option = &o;
    if (!option) throw RendererError("backend " + entry.name + " has no option '" + name + "'");
    bool whole = option->kind != Kind::Number;
    if (!(value >= option->lo && value <= option->hi) || (whole && value != std::floor(value)))
      throw RendererError("backend " + entry.name + ": option " + name + " = " +
                          std::to_string(value) + " is out of its range");
  }
}

}  // namespace

const std::vector<BackendEntry>& backends() {
  static const std::vector<BackendEntry> entries = {raster(), pathtrace()};
  return entries;
}

const BackendEntry* find_backend(std::string_view name) {
  for (const BackendEntry& entry : backends())
    if (entry.name == name) return &entry;
  return nullptr;
}

std::map<std::string, BackendOptionValues> default_backend_options() {
  std::map<std::string, BackendOptionValues> values;
  for (const BackendEntry& entry : backends())
    for (const BackendOption& option : entry.options)
      values[entry.name][option.name] = option.default_value;
  return values;
}

std::unique_ptr<Renderer> make_renderer(std::string_view name, const BackendSettings& settings) {
  const BackendEntry* entry = find_backend(name);
  if (!entry) {
    std::string known;
    for (const BackendEntry& e : backends()) known += (known.empty() ? "" : ", ") + e.name;
    throw RendererError("no renderer backend named '" + std::string(name) + "' (" + known + ")");
  }
  check_options(*entry, settings.options);
  return entry->make(settings);
}

}  // namespace railyard::render
