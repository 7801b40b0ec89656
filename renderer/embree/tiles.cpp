#include "renderer/embree/tiles.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

namespace railyard::render::embree {
namespace {

// While a thread renders tiles, floats too small to be normal are flushed to zero, as Embree's
// documentation asks of threads that trace: a denormal operand costs some hundred cycles, and
// shading makes them (squared densities of narrow lobes, throughputs after many bounces). The
// thread's previous mode comes back afterwards, since TBB lends it to other work.
class FlushDenormals {
 public:
#if defined(__x86_64__) || defined(__i386__)
  FlushDenormals() : saved_(_mm_getcsr()) {
    _mm_setcsr(saved_ | kFlushToZero | kDenormalsAreZero);
  }
  ~FlushDenormals() {
    _mm_setcsr(saved_);
  }

 private:
  static constexpr unsigned kFlushToZero = 0x8000, kDenormalsAreZero = 0x0040;
  unsigned saved_;
#endif
};

}  // namespace

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
      FlushDenormals flush;
      for (int i = range.begin(); i < range.end(); ++i) {
        int x0 = (i % columns) * kTileSize;
        int y0 = (i / columns) * kTileSize;
        render_tile({x0, y0, std::min(x0 + kTileSize, width), std::min(y0 + kTileSize, height)});
      }
    });
  });
}

}  // namespace railyard::render::embree
