#include "renderer/embree/tiles.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>

namespace railyard::render::embree {

void run_in_arena(int threads, const std::function<void()>& work) {
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute(work);
}

void for_each_tile(int width, int height, int threads,
                   const std::function<void(const Tile&)>& render_tile) {
  int columns = (width + kTileSize - 1) / kTileSize;
  int rows = (height + kTileSize - 1) / kTileSize;
  run_in_arena(threads, [&] {
    tbb::parallel_for(tbb::blocked_range<int>(0, columns * rows, 1), [&](const tbb::blocked_range<
                                                                         int>& range) {
      for (int i = range.begin(); i < range.end(); ++i) {
        int x0 = (i % columns) * kTileSize;
        int y0 = (i / columns) * kTileSize;
        render_tile({x0, y0, std::min(x0 + kTileSize, width), std::min(y0 + kTileSize, height)});
      }
    });
  });
}

}  // namespace railyard::render::embree
