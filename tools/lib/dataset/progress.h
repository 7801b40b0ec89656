// Progress of a long run: on a terminal a bar with rate and ETA redrawn in place; otherwise
// (logs, Slurm output files) a plain line every few seconds, so logs stay readable.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

namespace railyard {

class Progress {
 public:
  // total: items this process will do; label: what they are ("images"); out null: silent.
  Progress(std::uint64_t total, std::string label, std::FILE* out = stderr);
  // Without a known total (intervene, whose pair count is known once its plan is walked): the
  // count done, the rate and the time so far, no bar or ETA.
  explicit Progress(std::string label, std::FILE* out = stderr);

  void advance(std::uint64_t done_now = 1);  // thread-compatible: call from one thread
  void finish();                             // final line with the overall rate

  double elapsed_seconds() const;

 private:
  void draw(bool final);

  std::uint64_t total_ = 0, done_ = 0;
  bool open_ended_ = false;
  std::string label_;
  std::FILE* out_;
  bool terminal_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

// "1h02m", "4m10s", "12s"
std::string format_duration(double seconds);

}  // namespace railyard
