#include "renderer/registry/backends.h"

#include <cmath>
#include <type_traits>
#include <utility>

#include "renderer/embree/embree_renderer.h"
#include "renderer/opengl/opengl_renderer.h"
#include "renderer/registry/traced_annotations.h"

namespace railyard::render {
namespace {

using Kind = BackendOption::Kind;

// The options of one backend, each bound to a member of the backend's own options struct
// (EmbreeOptions, OpenGlOptions): the option's kind follows the member's type, its default is
// the struct's own (stated once, there), and read() gives the struct typed, from the values the
// config or a command set by name.
template <class Options>
class OptionTable {
 public:
  template <class T>
  OptionTable& add(std::string name, T Options::*member, double lo, double hi, std::string help) {
    BackendOption option;
    option.name = std::move(name);
    option.kind = std::is_same_v<T, bool> ? Kind::Switch
                  : std::is_integral_v<T> ? Kind::Whole
                                          : Kind::Number;
    option.lo = std::is_same_v<T, bool> ? 0.0 : lo;
    option.hi = std::is_same_v<T, bool> ? 1.0 : hi;
    option.default_value = static_cast<double>(Options{}.*member);
    option.help = std::move(help);
    options_.push_back(std::move(option));
    write_.push_back([member](Options& options, double value) {
      if constexpr (std::is_same_v<T, bool>)
        options.*member = value != 0.0;
      else
        options.*member = static_cast<T>(value);
    });
    return *this;
  }

  const std::vector<BackendOption>& options() const { return options_; }

  // The struct's defaults, then every option `values` names (checked by check_options).
  Options read(const BackendOptionValues& values) const {
    Options options;
    for (std::size_t i = 0; i < options_.size(); ++i)
      if (auto found = values.find(options_[i].name); found != values.end())
        write_[i](options, found->second);
    return options;
  }

 private:
  std::vector<BackendOption> options_;
  std::vector<std::function<void(Options&, double)>> write_;
};

const OptionTable<OpenGlOptions>& raster_options() {
  static const OptionTable<OpenGlOptions> table = OptionTable<OpenGlOptions>().add(
      "shadow_map_size", &OpenGlOptions::shadow_map_size, 0, 16384,
      "sun shadow map texels per side; 0: chosen from the image size");
  return table;
}

const OptionTable<EmbreeOptions>& pathtrace_options() {
  static const OptionTable<EmbreeOptions> table =
      OptionTable<EmbreeOptions>()
          .add("bounces", &EmbreeOptions::max_bounces, 0, 1000,
               "bounces per path (V-LoL renders with 20)")
          .add("filter_width", &EmbreeOptions::filter_width, 0.5, 4.0,
               "Blackman-Harris pixel filter width in pixels (Cycles' default 1.5)")
          .add("russian_roulette_depth", &EmbreeOptions::russian_roulette_depth, 1, 1000,
               "bounces before Russian roulette may end a path")
          .add("sky_next_event", &EmbreeOptions::sky_next_event, 0, 1,
               "sample the sky directly at every path vertex (less noise per sample)");
  return table;
}

BackendEntry raster() {
  BackendEntry entry{"raster",
                     "OpenGL 4.5 through EGL (the GPU, or Mesa's llvmpipe on the CPU); `samples` "
                     "is its MSAA count; fisheye part ids and depth are traced with Embree",
                     raster_options().options(),
                     {}};
  entry.make = [](const BackendSettings& settings) -> std::unique_ptr<Renderer> {
    OpenGlOptions options = raster_options().read(settings.options);
    EmbreeOptions tracer;
    tracer.threads = static_cast<int>(settings.threads);
    return std::make_unique<TracedAnnotations>(
        make_opengl_renderer(options), [tracer] { return make_embree_renderer(tracer); }, "Embree");
  };
  return entry;
}

BackendEntry pathtrace() {
  BackendEntry entry{"pathtrace",
                     "Embree path tracer on the CPU; `samples` is its paths per pixel (default 64)",
                     pathtrace_options().options(),
                     {}};
  entry.make = [](const BackendSettings& settings) -> std::unique_ptr<Renderer> {
    EmbreeOptions options = pathtrace_options().read(settings.options);
    options.threads = static_cast<int>(settings.threads);
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
