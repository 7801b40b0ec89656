// The image cut into square tiles, rendered across threads. Tiles keep neighbouring rays together
// (coherent BVH traversal and caches); the work of a pixel never depends on which thread takes its
// tile, so results do not depend on the thread count.
#pragma once

#include <functional>

namespace railyard::render::embree {

struct Tile {
  int x0, y0, x1, y1;  // pixel range [x0, x1) x [y0, y1)
};

inline constexpr int kTileSize = 16;

// Calls render_tile once per tile of a width x height image on up to `threads` threads (0: all
// cores), and returns when all are done.
void for_each_tile(int width, int height, int threads,
                   const std::function<void(const Tile&)>& render_tile);

// Runs `work` in the same thread arena for_each_tile would use, so that Embree's BVH builds, which
// run on TBB, respect the thread limit too.
void run_in_arena(int threads, const std::function<void()>& work);

}  // namespace railyard::render::embree
