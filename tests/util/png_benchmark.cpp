// Times PNG encoding of render-like 480x270 images for each zlib level, filter and strategy, to
// choose PngOptions' defaults. Prints a table; asserts nothing. Usage: png_benchmark [repeats]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "util/png_io.h"

namespace railyard {
namespace {

float Hash(int x, int y) {
  std::uint32_t h =
      static_cast<std::uint32_t>(x) * 374761393u + static_cast<std::uint32_t>(y) * 668265263u;
  h = (h ^ (h >> 13)) * 1274126177u;
  return static_cast<float>((h ^ (h >> 16)) & 0xffff) / 65535.0f;
}

// Smooth value noise with features about `scale` pixels wide.
float Noise(float x, float y, float scale) {
  float fx = x / scale, fy = y / scale;
  int ix = static_cast<int>(std::floor(fx)), iy = static_cast<int>(std::floor(fy));
  float tx = fx - ix, ty = fy - iy;
  float a = Hash(ix, iy), b = Hash(ix + 1, iy), c = Hash(ix, iy + 1), d = Hash(ix + 1, iy + 1);
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
}

std::uint8_t Clamp(float v) {
  return static_cast<std::uint8_t>(std::clamp(v, 0.0f, 255.0f));
}

// Sky gradient, sandy ground, shaded boxes with anti-aliased edges, plus per-pixel noise of the
// given strength (a path tracer's; 0 for the raster backend).
Image<Rgb8> RenderLike(float noise, unsigned seed) {
  const int w = 480, h = 270;
  Image<Rgb8> image(w, h);
  std::mt19937 rng(seed);
  std::normal_distribution<float> grain(0.0f, noise);
  struct Block {
    float x0, y0, x1, y1, r, g, b;
  };
  std::vector<Block> blocks;
  for (int i = 0; i < 14; ++i) {
    float x0 = 40.0f + 30.0f * i + static_cast<float>(rng() % 10),
          y0 = 120.0f + static_cast<float>(rng() % 40);
    blocks.push_back({x0, y0, x0 + 20.0f + static_cast<float>(rng() % 15),
                      y0 + 25.0f + static_cast<float>(rng() % 30), static_cast<float>(rng() % 255),
                      static_cast<float>(rng() % 255), static_cast<float>(rng() % 255)});
  }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float r, g, b;
      if (y < 90) {
        float t = y / 90.0f;
        r = 150 + 60 * t, g = 180 + 40 * t, b = 230 + 10 * t;
      } else {
        float sand = Noise(x, y, 3.0f) * 18 + Noise(x, y, 17.0f) * 25;
        r = 180 + sand, g = 160 + sand, b = 120 + sand * 0.8f;
      }
      for (const Block& k : blocks) {
        float cover =
            std::clamp(std::min({x + 1 - k.x0, k.x1 - x, y + 1 - k.y0, k.y1 - y}), 0.0f, 1.0f);
        if (cover <= 0) continue;
        float shade = 0.6f + 0.4f * (x - k.x0) / (k.x1 - k.x0);
        r = r * (1 - cover) + k.r * shade * cover;
        g = g * (1 - cover) + k.g * shade * cover;
        b = b * (1 - cover) + k.b * shade * cover;
      }
      float n = noise > 0 ? grain(rng) : 0.0f;
      image.at(x, y) = {Clamp(r + n), Clamp(g + n), Clamp(b + n)};
    }
  return image;
}

const char* FilterName(PngFilter f) {
  switch (f) {
    case PngFilter::None: return "none";
    case PngFilter::Sub: return "sub";
    case PngFilter::Up: return "up";
    case PngFilter::Average: return "avg";
    case PngFilter::Paeth: return "paeth";
    case PngFilter::Adaptive: return "all";
  }
  return "?";
}

}  // namespace
}  // namespace railyard

int main(int argc, char** argv) {
  using namespace railyard;
  int repeats = argc > 1 ? std::atoi(argv[1]) : 30;
  for (float noise : {0.0f, 3.0f}) {
    Image<Rgb8> image = RenderLike(noise, 1);
    std::printf("480x270 RGB, noise sigma %.0f\n%-6s %-6s %-5s %10s %10s\n", noise, "level",
                "filter", "rle", "ms/image", "KiB");
    for (int level : {1, 2, 3, 6})
      for (PngFilter filter :
           {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Paeth, PngFilter::Adaptive})
        for (bool rle : {false, true}) {
          PngOptions options{level, filter, rle};
          std::vector<double> times;
          std::size_t size = 0;
          for (int r = 0; r < repeats; ++r) {
            auto start = std::chrono::steady_clock::now();
            size = encode_png(image, options).size();
            times.push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count());
          }
          std::sort(times.begin(), times.end());
          std::printf("%-6d %-6s %-5s %10.2f %10.1f\n", level, FilterName(filter),
                      rle ? "yes" : "no", times[times.size() / 2], size / 1024.0);
        }
  }
}
