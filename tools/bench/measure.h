// What every benchmark measures with: wall time since a start, and the process's peak memory.
#pragma once

#include <sys/resource.h>

#include <chrono>

namespace railyard {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Peak resident memory of this process so far (ru_maxrss), in MiB.
inline double peak_memory_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace railyard
