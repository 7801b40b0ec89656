// The random numbers one path draws, named by what they decide. At the camera and the first
// vertices they are stratified across the pixel's samples (padded_sobol.h), where that shows in
// the picture: the pixel's area, the sun's disc and the lamps' light at the surface the camera
// sees, the first bounce's direction. Deeper, paths have spread out over the scene, stratification
// buys little and a plain stream (sampler.h) costs less.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>

#include "renderer/embree/padded_sobol.h"
#include "renderer/embree/sampler.h"

namespace railyard::render::embree {

class PathSamples {
 public:
  // What a vertex draws. A next-event sample of the sun or the sky draws from kSunSample or
  // kSkySample; the lamps are points and draw nothing.
  enum Slot : std::uint32_t {
    kBsdfDirection,
    kLobeAndRoulette,
    kLightPick,
    kSunSample,
    kSkySample
  };
  // Vertices (the camera's surface is vertex 0) whose draws are stratified.
  static constexpr int kStratifiedVertices = 2;
  // Dimensions a pixel's PaddedSobol needs: the pixel's area, then each stratified vertex's slots.
  static constexpr std::uint32_t kDimensions = 1 + kStratifiedVertices * (kSkySample + 1);

  PathSamples() = default;
  // `pixel`, made with kDimensions, must outlive the samples; `image_key`: SampleStream's.
  PathSamples(const PaddedSobol& pixel, std::uint64_t image_key, std::uint32_t pixel_index,
              std::uint32_t sample)
      : sobol_(&pixel), sample_(sample), stream_(image_key, pixel_index, sample) {}

  // Where in the pixel the camera ray goes (before the pixel filter).
  glm::vec2 pixel() const { return sobol_->get_2d(sample_, 0); }
  glm::vec2 at_vertex_2d(int depth, std::uint32_t slot) {
    if (depth < kStratifiedVertices) return sobol_->get_2d(sample_, dimension(depth, slot));
    return stream_.next_2d();
  }
  float at_vertex_1d(int depth, std::uint32_t slot) {
    if (depth < kStratifiedVertices) return sobol_->get_1d(sample_, dimension(depth, slot));
    return stream_.next_1d();
  }

 private:
  static std::uint32_t dimension(int depth, std::uint32_t slot) {
    return 1 + static_cast<std::uint32_t>(depth) * (kSkySample + 1) + slot;
  }
  static_assert(kDimensions <= PaddedSobol::kMaxDimensions);

  const PaddedSobol* sobol_ = nullptr;
  PaddedSobol::Sample sample_{0};
  SampleStream stream_;
};

}  // namespace railyard::render::embree
