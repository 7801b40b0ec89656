// The stages a rendered sample goes through once its frame is in memory, each timed in CPU time
// of the writing thread when asked (`railyard bench write`); a run passes no times and pays one
// branch per stage.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string_view>

namespace railyard {

enum class WriteStage : std::uint8_t {
  Annotations,  // masks, boxes and areas cut from the part-id pass, RLE-encoded
  ColourPng,
  DepthPng,  // V-LoL's 8-bit depth picture
  DepthExr,
  Scene,      // the .glb of outputs.scene
  Checksums,  // SHA-256 of every file for the record
  Record,     // the record's JSON text
  Files,      // writing and renaming into place
};
inline constexpr std::array<std::string_view, 8> kWriteStageNames = {
    "annotations", "colour PNG", "depth PNG",   "depth EXR",
    "scene .glb",  "checksums",  "record JSON", "files"};

// CPU seconds per stage, and the bytes of the files an encoding stage made, summed over the
// samples written.
struct WriteTimes {
  std::array<double, kWriteStageNames.size()> cpu_seconds{};
  std::array<std::uint64_t, kWriteStageNames.size()> bytes{};
};

// Adds this thread's CPU time from construction to destruction to one stage of `times`, when
// there are times to add to.
class StageClock {
 public:
  StageClock(WriteTimes* times, WriteStage stage) : times_(times), stage_(stage) {
    if (times_) start_ = thread_cpu_seconds();
  }
  ~StageClock() {
    if (times_)
      times_->cpu_seconds[static_cast<std::size_t>(stage_)] += thread_cpu_seconds() - start_;
  }
  StageClock(const StageClock&) = delete;
  StageClock& operator=(const StageClock&) = delete;

  static double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
  }

 private:
  WriteTimes* times_;
  WriteStage stage_;
  double start_ = 0.0;
};

}  // namespace railyard
