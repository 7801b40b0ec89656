// Builds a family of worlds: draws the pool of concepts in sliding order and checks each
// candidate where it would go, so every window is a world that passes:
//   - a concept keeps to its share bounds, differs in meaning (its labels on the probe set) by at
//     least min_distance from every concept kept before, and needs every literal (dropping one
//     changes at least min_distance of the probe labels, at least one);
//   - when a candidate completes a window, that world differs in meaning from every world before
//     it, needs every concept (each labels some probe train east alone), and its east share on
//     fresh trains has its whole confidence interval inside the band.
// A rejected candidate is counted by reason and another is drawn for the same position; after
// `patience` candidates at one position the spec is given up (WorldsError, with the counts).
// Drawing the pool in window order is what a shuffled pool is, with the checks steering it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "logic/prolog/engine.h"
#include "logic/worlds/concept.h"
#include "logic/worlds/label_bits.h"
#include "logic/worlds/world_spec.h"
#include "logic/worlds/world_splits.h"
#include "util/wilson.h"

namespace railyard::worlds {

enum class Rejection {
  RepeatedLiteral,  // the draw repeated a literal, leaving fewer than the minimum
  UnusedCar,        // a car variable no literal tests or links
  SameText,         // the same clause as a candidate seen before
  ConceptShare,     // east share alone outside concepts.share
  SameMeaning,      // within min_distance of a kept concept on the probe set
  IdleLiteral,      // dropping a literal changes fewer than min_distance of the probe labels
  SameWorld,        // the world it completes means what an earlier world means
  IdleConcept,      // some concept of that world labels no probe train east alone
  WorldShare,       // that world's share interval leaves worlds.share
  kCount
};
const char* rejection_name(Rejection r);
using Rejections = std::array<std::uint64_t, static_cast<std::size_t>(Rejection::kCount)>;

struct PoolConcept {
  Concept clause;
  LabelBits probe;                           // labels on the probe set
  LabelBits fresh;                           // labels on the share set
  std::vector<std::size_t> literal_changes;  // probe labels each literal's removal changes
};

struct World {
  int first = 0;  // pool position of its first concept
  WorldRole role = WorldRole::Train;
  LabelBits probe;
  std::size_t east = 0;  // of spec.share_trains fresh trains
  double share = 0.0;
  Interval interval;
  std::vector<std::size_t> sole;  // per concept: probe trains only it labels east
};

struct WorldSet {
  WorldSpec spec;
  std::vector<Train> probe_trains;
  std::vector<PoolConcept> pool;  // in sliding order
  std::vector<World> worlds;      // world k holds pool[first, first + window)
  std::vector<ConceptPair> heldout;
  Rejections rejections{};
  std::uint64_t candidates = 0;
  std::uint64_t proofs = 0;  // (concept, train) pairs labelled by the engine

  // Concepts worlds i and j share (GraphLog's similarity).
  int shared(std::size_t i, std::size_t j) const;
  // Share of probe trains the two worlds label differently.
  double distance(std::size_t i, std::size_t j) const {
    return worlds[i].probe.distance(worlds[j].probe);
  }
};

// The base distribution's trains for the probe set and the share set (seeds derived from the
// spec's, one stream each).
std::vector<Train> probe_trains(const WorldSpec& spec);
std::vector<Train> share_trains(const WorldSpec& spec);

// `background` has background.pl loaded. Throws WorldsError when the spec cannot be met.
WorldSet build_worlds(const WorldSpec& spec, const prolog::Engine& background);

}  // namespace railyard::worlds
