// What a family of worlds is made from: the concept grammar's bounds, the pool and its sliding
// window (GraphLog: a pool of 76 rules, windows of 20 at stride 1, 57 worlds), the checks'
// thresholds, the base distribution of trains, and the worlds' split.
#pragma once

#include <cstdint>
#include <string>

#include "logic/sampler.h"
#include "logic/worlds/concept_grammar.h"
#include "util/input_error.h"

namespace railyard::worlds {

// A spec that cannot be met, or is inconsistent. Nothing has been written when it is thrown.
class WorldsError : public InputError {
 public:
  using InputError::InputError;
};

struct Band {
  double low = 0.0, high = 1.0;
};

// Worlds by their position in sliding order: train, then val and test blocks in the middle.
struct WorldSplitCounts {
  int train = 3, val = 1, test = 1;
};

struct WorldSpec {
  std::string name = "worlds";  // the family's name (rule files, the suite)
  std::uint64_t seed = 0;
  int pool = 8;    // concepts in the pool
  int window = 4;  // concepts per world (w)
  int stride = 1;  // s: neighbouring worlds share w - s concepts
  GrammarBounds grammar;
  Band concept_share{0.02, 0.3};       // each concept's east share alone (probe set)
  Band world_share{0.3, 0.7};          // each world's east share: its whole interval inside
  double confidence = 0.99;            // of the world share's Wilson interval
  std::uint64_t probe_trains = 4000;   // the fixed set on which meanings are compared
  std::uint64_t share_trains = 20000;  // the fresh set on which world shares are measured
  double min_distance = 0.01;     // least share of probe trains two concepts (two worlds) differ on
  std::uint64_t patience = 2000;  // candidates per pool position before the spec is given up
  SamplerConfig sampler;          // the base distribution (Michalski, 2..4 cars)
  WorldSplitCounts split;

  int worlds() const { return (pool - window) / stride + 1; }
};

// Throws WorldsError naming the key when the numbers do not fit together (a pool that no
// window and stride tile, a split that does not sum to the worlds, an empty band, ...).
void check_spec(const WorldSpec& spec);

}  // namespace railyard::worlds
