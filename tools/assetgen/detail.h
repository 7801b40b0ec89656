// Levels of detail. railyard-assetgen writes every model twice: at full detail, and a coarse
// copy for images in which the train is small (under kCoarseFolder, named in the manifest's
// detail_levels). The coarse copy gives each smooth round outline only as many segments as keep
// it within kCoarseError of the full model, and leaves bevels that small sharp; the layout uses it
// wherever kCoarseError stays under half a pixel. Faceted shapes (prisms, the gem, the barrel's
// staves) keep their facets at every level: they are the shape, not an approximation of it.
#pragma once

#include <string_view>

namespace railyard::assetgen {

// The largest distance between the coarse copy and the full model, in model units at S = 1.
inline constexpr float kCoarseError = 0.02f;
inline constexpr std::string_view kCoarseFolder = "coarse";
// Fewest segments of a smooth round outline: adjacent facets 30 degrees apart stay under every
// smooth crease angle of the assets (35 degrees and up), so they still shade smooth.
inline constexpr int kMinRoundSegments = 12;

// While one exists, the primitives build the coarse copy (railyard-assetgen is single-threaded).
class CoarseDetail {
 public:
  CoarseDetail();
  ~CoarseDetail();
  CoarseDetail(const CoarseDetail&) = delete;
  CoarseDetail& operator=(const CoarseDetail&) = delete;
};

// Segments for a smooth round outline of `radius` that has `full` segments at full detail.
int round_segments(int full, float radius);
// A bevel of `radius` with `segments` facets per 45 degrees at full detail: at the coarse level,
// sharp (radius 0) when its corner stays within kCoarseError, else a single facet per 45 degrees.
struct Bevel {
  float radius;
  int segments;
};
Bevel bevel(float radius, int segments);

}  // namespace railyard::assetgen
