#include "util/parallel_for.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <exception>
#include <vector>

namespace railyard {

void parallel_for(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t)>& body) {
  std::vector<std::exception_ptr> errors(count);
  tbb::task_arena arena(static_cast<int>(std::max(1u, threads)));
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, count, [&](std::size_t i) {
      try {
        body(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  });
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
}

}  // namespace railyard
