// The stages a rendered sample goes through once its frame is in memory, on a writer thread,
// each timed when asked (`railyard bench write` and `bench pipeline`).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "util/stage_clock.h"

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

// Per stage, summed over the samples written; bytes: of the files an encoding stage made.
struct WriteTimes {
  std::array<StageTime, kWriteStageNames.size()> stages;

  StageTime* operator[](WriteStage stage) { return &stages[static_cast<std::size_t>(stage)]; }
  WriteTimes& operator+=(const WriteTimes& other) {
    for (std::size_t s = 0; s < stages.size(); ++s) stages[s] += other.stages[s];
    return *this;
  }
};

// The stage's time in `times`, or nothing to add to.
inline StageTime* stage_time(WriteTimes* times, WriteStage stage) {
  return times ? (*times)[stage] : nullptr;
}

}  // namespace railyard
