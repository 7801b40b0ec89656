// What differs between the two pictures of a pair, part by part and pixel by pixel.
//
// Parts are matched through the intervention: a part of the intervened train is the base part of
// the same kind (and payload number) on the car it came from (CarChange::from). A part is
//   added    when it has no such base part (an inserted car, a new roof or payload),
//   removed  when a base part has no twin (a deleted car, a roof taken off),
//   altered  when its label or its shape differs (another roof, another load; the roof of a car
//            made shorter keeps its label but not its shape),
//   moved    when only its place in the world differs (a car behind a longer one).
// The part difference is every pixel one of whose samples (render::Frame::part_samples) sees
// another part in the two pictures, or an added, removed, altered or moved part in either. The
// colour difference is every pixel whose colour differs. With local lighting (no shadows, no
// indirect light) the colour of a sample depends on its part alone, so the colour difference lies
// inside the part difference dilated by the reach of the backend's pixel filter (one pixel for the
// raster's tent, none for the path tracer's samples); with full lighting, the colour difference
// outside it is the lighting's spill (shadows, reflected light).
#pragma once

#include <cstdint>
#include <vector>

#include "logic/intervention/intervention.h"
#include "renderer/renderer.h"
#include "scenes/part.h"
#include "tools/lib/records/pair_record.h"
#include "util/image.h"

namespace railyard {

// One changed part, as the pair's record keeps it (tools/lib/records/pair_record.h).
using PartChange = PairPart;

struct PairDifference {
  std::vector<PartChange> parts;  // removed parts (base id order), then the others (id order)
  Image<std::uint8_t> colour;     // 1 where the colour differs
  Image<std::uint8_t> part;       // 1 where the part differs or a changed part shows
  std::uint64_t colour_area = 0;
  std::uint64_t part_area = 0;
  // Colour-difference pixels outside the part difference dilated by kEdgeMargin: the
  // lighting's share of the difference (0 with local lighting).
  std::uint64_t spill_area = 0;
};

// Both frames need their colour and part-samples passes, of one size and sample count.
PairDifference compare_pair(const TrainScene& base, const render::Frame& base_frame,
                            const TrainScene& twin, const render::Frame& twin_frame,
                            const Intervention& intervention);

inline constexpr int kEdgeMargin = 1;  // pixels; see the top of this file

// The mask grown by `radius` pixels in each of the eight directions (a square neighbourhood).
Image<std::uint8_t> dilate(const Image<std::uint8_t>& mask, int radius);

}  // namespace railyard
