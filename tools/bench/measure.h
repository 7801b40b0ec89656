// What every benchmark measures with: wall time since a start, CPU time of every thread of the
// process (renderer threads included), and the process's peak memory.
#pragma once

#include <sys/resource.h>

#include <chrono>

namespace railyard {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// User and system time of the whole process so far, in seconds: on a shared machine the cost of
// a run is steadier in CPU time than in wall time.
inline double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Wall and CPU (cpu_seconds) time since construction.
struct Stopwatch {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double cpu_start = cpu_seconds();
  double wall() const { return seconds_since(start); }
  double cpu() const { return cpu_seconds() - cpu_start; }
};

// Wall and CPU seconds of the call with the least wall time of `repeats` calls of `run`.
struct BestTimes {
  double wall = 1e300, cpu = 0.0;
};
template <class Run>
BestTimes best_of(int repeats, Run run) {
  BestTimes best;
  for (int r = 0; r < repeats; ++r) {
    Stopwatch watch;
    run();
    if (double wall = watch.wall(); wall < best.wall) best = {wall, watch.cpu()};
  }
  return best;
}

// Peak resident memory of this process so far (ru_maxrss), in MiB.
inline double peak_memory_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace railyard
