#include "tools/bench/pathtrace_quality.h"

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfOutputFile.h>

#include <cstdlib>
#include <stdexcept>

#include "renderer/tone.h"
#include "util/file_system.h"

namespace railyard {
namespace {

// R, G, B slices over an Image<glm::vec3>'s interleaved floats.
Imf::FrameBuffer rgb_slices(Image<glm::vec3>& image, const Imath::Box2i& window) {
  static_assert(sizeof(glm::vec3) == 3 * sizeof(float));
  Imf::FrameBuffer frame;
  auto* base = reinterpret_cast<char*>(image.pixels.data());
  std::size_t row = sizeof(glm::vec3) * static_cast<std::size_t>(image.width);
  const char* names[] = {"R", "G", "B"};
  for (int c = 0; c < 3; ++c)
    frame.insert(names[c], Imf::Slice::Make(Imf::FLOAT, base + c * sizeof(float), window,
                                            sizeof(glm::vec3), row));
  return frame;
}

}  // namespace

Image<glm::vec3> encoded_picture(const Image<glm::vec3>& radiance) {
  Image<glm::vec3> out(radiance.width, radiance.height);
  for (std::size_t i = 0; i < radiance.pixels.size(); ++i) {
    glm::vec3 display = render::tone::display_linear(radiance.pixels[i]);
    out.pixels[i] = {render::tone::srgb_encode(display.r), render::tone::srgb_encode(display.g),
                     render::tone::srgb_encode(display.b)};
  }
  return out;
}

double mean_squared_error(const Image<glm::vec3>& a, const Image<glm::vec3>& b) {
  if (a.width != b.width || a.height != b.height)
    throw std::runtime_error("mean_squared_error: images of different sizes");
  double sum = 0.0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) {
    glm::dvec3 d = glm::dvec3(a.pixels[i]) - glm::dvec3(b.pixels[i]);
    sum += glm::dot(d, d);
  }
  return sum / (3.0 * static_cast<double>(a.pixels.size()));
}

double error_per_sample(double mse, int samples, int reference_samples) {
  return mse / (1.0 / samples + 1.0 / reference_samples);
}

void write_rgb_exr(const std::filesystem::path& path, const Image<glm::vec3>& image) {
  try {
    Imf::Header header(image.width, image.height);
    for (const char* name : {"R", "G", "B"})
      header.channels().insert(name, Imf::Channel(Imf::FLOAT));
    Imf::OutputFile file(path.c_str(), header);
    Image<glm::vec3> copy = image;  // Slice wants a mutable base
    file.setFrameBuffer(rgb_slices(copy, header.dataWindow()));
    file.writePixels(image.height);
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot write " + path.string() + ": " + e.what());
  }
}

Image<glm::vec3> read_rgb_exr(const std::filesystem::path& path) {
  try {
    Imf::InputFile file(path.c_str());
    Imath::Box2i window = file.header().dataWindow();
    Image<glm::vec3> image(window.max.x - window.min.x + 1, window.max.y - window.min.y + 1);
    file.setFrameBuffer(rgb_slices(image, window));
    file.readPixels(window.min.y, window.max.y);
    return image;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot read " + path.string() + ": " + e.what());
  }
}

std::filesystem::path default_reference_cache() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path root = xdg && *xdg     ? std::filesystem::path(xdg)
                               : home && *home ? std::filesystem::path(home) / ".cache"
                                               : file_system::temp_folder();
  return root / "railyard" / "pathtrace";
}

}  // namespace railyard
