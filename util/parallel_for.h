// Independent work on several cores, with the error of a serial loop: body(i) for every i of
// [0, count) on up to `threads` threads (TBB's scheduler), and when bodies throw, the exception
// of the lowest index is rethrown once every body has run, so the message a user sees does not
// depend on the threads' timing.
#pragma once

#include <cstddef>
#include <functional>

namespace railyard {

void parallel_for(std::size_t count, unsigned threads,
                  const std::function<void(std::size_t)>& body);

}  // namespace railyard
