#include "renderer/embree/frame_render.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <vector>

#include "renderer/embree/camera_rays.h"
#include "renderer/embree/path_samples.h"
#include "renderer/embree/pixel_filter.h"
#include "renderer/embree/tiles.h"
#include "renderer/tone.h"

namespace railyard::render::embree {
namespace {

bool finite(const glm::vec3& c) {
  return std::isfinite(c.r) && std::isfinite(c.g) && std::isfinite(c.b);
}

// What a thread reuses from pixel to pixel: set up once per tile, not once per pixel.
struct PixelBuffers {
  BatchPackets cameras;
  std::array<PathSamples, Integrator::kBatch> samples;
  std::array<glm::vec3, Integrator::kBatch> radiance;
  PathPackets packets;
};

class PixelSampler {
 public:
  PixelSampler(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& integrator,
               const FrameSettings& settings)
      : bvh_(bvh),
        scene_(scene),
        settings_(settings),
        rays_(scene.camera),
        filter_(settings.filter_width),
        integrator_(bvh, scene, integrator),
        stream_key_(SampleStream::image_key(settings.seed,
                                            static_cast<std::uint64_t>(settings.image_index))) {}

  // The sum of the pixel's samples of radiance. `parts`, when given, receives the part each
  // sample's camera ray hits first (0: none).
  glm::vec3 sample(int x, int y, PixelBuffers& buffers, RayCounts& rays,
                   std::vector<Image<std::uint32_t>>* parts = nullptr) const {
    glm::vec3 sum(0.0f);
    auto pixel = static_cast<std::uint32_t>(y * scene_.camera.width + x);
    glm::vec2 centre(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
    // Up to Integrator::kBatch samples at a time: their camera rays go through the BVH as packets,
    // and their paths advance together (Integrator).
    BatchPackets& cameras = buffers.cameras;
    std::array<PathSamples, Integrator::kBatch>& samples = buffers.samples;
    PaddedSobol points(settings_.seed, static_cast<std::uint64_t>(settings_.image_index), pixel,
                       PathSamples::kDimensions);
    for (int first = 0; first < settings_.samples; first += Integrator::kBatch) {
      int count = std::min(Integrator::kBatch, settings_.samples - first);
      for (int i = 0; i < count; ++i) {
        RayPacket& packet = cameras.packet_of(i);
        int lane = BatchPackets::lane_of(i);
        if (lane == 0) packet.clear();
        samples[i] = PathSamples(points, stream_key_, pixel, static_cast<std::uint32_t>(first + i));
        glm::vec2 position = centre + filter_.sample(samples[i].pixel());
        glm::vec3 direction;
        if (rays_.direction(position, direction)) {
          glm::vec2 range = rays_.clip_range(direction);
          packet.add(lane, rays_.origin(), direction, range.x, range.y);
        }
      }
      rays.closest += static_cast<std::uint64_t>(count);
      for (int k = 0; k < BatchPackets::packets_for(count); ++k)
        bvh_.intersect(cameras.packet(k), true);
      if (parts) record_parts(cameras, x, y, first, count, *parts);
      integrator_.radiance(cameras, count, samples, buffers.packets, buffers.radiance, rays);
      for (int i = 0; i < count; ++i) {
        const RayPacket& packet = cameras.packet_of(i);
        int lane = BatchPackets::lane_of(i);
        if (packet.active(lane)) sum += arriving(packet, lane, buffers.radiance[i]);
      }
    }
    return sum;
  }

  const CameraRays& rays() const { return rays_; }

 private:
  void record_parts(const BatchPackets& cameras, int x, int y, int first, int count,
                    std::vector<Image<std::uint32_t>>& parts) const {
    for (int i = 0; i < count; ++i) {
      const RayPacket& packet = cameras.packet_of(i);
      int lane = BatchPackets::lane_of(i);
      parts[static_cast<std::size_t>(first + i)].at(x, y) =
          packet.found(lane) ? bvh_.instance(packet.hit(lane).instance).part : 0u;
    }
  }

  // What camera ray i brings: its path's radiance, or what it sees when it hits nothing.
  glm::vec3 arriving(const RayPacket& packet, int i, const glm::vec3& radiance) const {
    if (!packet.found(i)) {
      // The background colour is display-referred (tone.h); within [0,1] the view transform
      // passes it unchanged.
      if (scene_.background_color) return *scene_.background_color;
      return integrator_.sky(packet.direction(i));
    }
    // A NaN or infinity from a degenerate path counts as black.
    return finite(radiance) ? radiance : glm::vec3(0.0f);
  }

  const SceneBvh& bvh_;
  const Scene& scene_;
  FrameSettings settings_;
  CameraRays rays_;
  PixelFilter filter_;
  Integrator integrator_;
  std::uint64_t stream_key_;  // SampleStream::image_key of the frame
};

// Ray counts gathered per tile, added up once per tile.
class RayTally {
 public:
  void add(const RayCounts& tile) {
    std::lock_guard lock(mutex_);
    total_ += tile;
  }
  const RayCounts& total() const { return total_; }

 private:
  std::mutex mutex_;
  RayCounts total_;
};

// Calls shade(sampler, buffers, x, y, tile_rays) for every pixel, tile by tile on the frame's
// threads, and leaves in `rays` the total traced: the loop both frame kinds share, only the shading
// differs.
template <typename Shade>
void for_each_pixel(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& integrator,
                    const FrameSettings& settings, RayCounts& rays, Shade shade) {
  PixelSampler sampler(bvh, scene, integrator, settings);
  RayTally tally;
  for_each_tile(scene.camera.width, scene.camera.height, settings.threads, [&](const Tile& tile) {
    RayCounts tile_rays;
    PixelBuffers buffers;
    for (int y = tile.y0; y < tile.y1; ++y) {
      for (int x = tile.x0; x < tile.x1; ++x) shade(sampler, buffers, x, y, tile_rays);
    }
    tally.add(tile_rays);
  });
  rays = tally.total();
}

}  // namespace

Frame render_frame(const SceneBvh& bvh, const Scene& scene, const IntegratorSettings& integrator,
                   const FrameSettings& settings, RayCounts& rays) {
  const Camera& camera = scene.camera;
  const bool color = settings.passes.has(Pass::Color);
  const bool ids = settings.passes.has(Pass::PartIds), depth = settings.passes.has(Pass::Depth);
  Frame frame;
  if (color) frame.color = Image<Rgb8>(camera.width, camera.height);
  if (ids) frame.part_ids = Image<std::uint32_t>(camera.width, camera.height, 0u);
  if (depth) frame.depth = Image<float>(camera.width, camera.height, kNoDepth);
  std::vector<Image<std::uint32_t>>* parts = nullptr;
  if (settings.passes.has(Pass::PartSamples)) {
    frame.part_samples.assign(static_cast<std::size_t>(settings.samples),
                              Image<std::uint32_t>(camera.width, camera.height, 0u));
    parts = &frame.part_samples;
  }
  float inverse_samples = 1.0f / static_cast<float>(settings.samples);
  for_each_pixel(
      bvh, scene, integrator, settings, rays,
      [&](const PixelSampler& sampler, PixelBuffers& buffers, int x, int y, RayCounts& tile_rays) {
        if (color || parts) {
          glm::vec3 sum = sampler.sample(x, y, buffers, tile_rays, parts);
          if (color)
            frame.color.at(x, y) = tone::encode(tone::display_linear(sum * inverse_samples));
        }
        if (!ids && !depth) return;
        // The passes: the surface through the pixel centre, as the raster backend rasterises it.
        glm::vec3 direction;
        glm::vec2 centre(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
        if (!sampler.rays().direction(centre, direction)) return;
        glm::vec2 clip = sampler.rays().clip_range(direction);
        Hit hit;
        ++tile_rays.closest;
        if (bvh.intersect(sampler.rays().origin(), direction, clip.x, clip.y, hit, true)) {
          if (ids) frame.part_ids.at(x, y) = bvh.instance(hit.instance).part;
          if (depth) frame.depth.at(x, y) = hit.distance;
        }
      });
  return frame;
}

LinearFrame render_linear(const SceneBvh& bvh, const Scene& scene,
                          const IntegratorSettings& integrator, const FrameSettings& settings,
                          RayCounts& rays) {
  const Camera& camera = scene.camera;
  LinearFrame frame{Image<glm::vec3>(camera.width, camera.height, glm::vec3(0.0f)),
                    Image<glm::vec3>(camera.width, camera.height, glm::vec3(0.0f))};
  float inverse_samples = 1.0f / static_cast<float>(settings.samples);
  for_each_pixel(
      bvh, scene, integrator, settings, rays,
      [&](const PixelSampler& sampler, PixelBuffers& buffers, int x, int y, RayCounts& tile_rays) {
        glm::vec3 mean = sampler.sample(x, y, buffers, tile_rays) * inverse_samples;
        frame.radiance.at(x, y) = mean;
        frame.display.at(x, y) = tone::display_linear(mean);
      });
  return frame;
}

}  // namespace railyard::render::embree
