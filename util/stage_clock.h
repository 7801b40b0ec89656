// Where the time of a pipeline goes, stage by stage: a StageClock adds the calling thread's CPU
// time and the wall time from its construction to its destruction to a StageTime, when it has
// one to add to (benchmarks pass one; a run passes none and pays a branch).
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>

namespace railyard {

struct StageTime {
  double cpu_seconds = 0.0;   // of the thread that ran the stage
  double wall_seconds = 0.0;  // elapsed, waits included
  std::uint64_t bytes = 0;    // what the stage made, where it makes bytes

  StageTime& operator+=(const StageTime& other) {
    cpu_seconds += other.cpu_seconds;
    wall_seconds += other.wall_seconds;
    bytes += other.bytes;
    return *this;
  }
};

class StageClock {
 public:
  explicit StageClock(StageTime* time) : time_(time) {
    if (time_) cpu_start_ = thread_cpu_seconds(), wall_start_ = wall_seconds();
  }
  ~StageClock() {
    if (!time_) return;
    time_->cpu_seconds += thread_cpu_seconds() - cpu_start_;
    time_->wall_seconds += wall_seconds() - wall_start_;
  }
  StageClock(const StageClock&) = delete;
  StageClock& operator=(const StageClock&) = delete;

  static double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
  }
  static double wall_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }

 private:
  StageTime* time_;
  double cpu_start_ = 0.0, wall_start_ = 0.0;
};

}  // namespace railyard
