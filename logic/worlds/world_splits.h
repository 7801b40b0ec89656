// Splitting worlds into train, val and test by their position in sliding order. The val and
// test blocks sit in the middle of the order, so that concepts a window apart meet only in test
// worlds while each also appears in training worlds on either side: held-out concept pairs,
// GraphLog's compositions never seen in training, at the level of rules.
#pragma once

#include <string>
#include <vector>

#include "logic/worlds/world_spec.h"

namespace railyard::worlds {

enum class WorldRole { Train, Val, Test };
const char* role_name(WorldRole role);

// Train worlds 0..a-1, test a.., val after it, then the rest of train (a = train / 2).
std::vector<WorldRole> world_roles(const WorldSplitCounts& counts);

// The pool positions of world k: [k * stride, k * stride + window).
int first_concept(int world, int stride);

struct ConceptPair {
  int a = 0, b = 0;  // pool positions, a < b
  bool operator==(const ConceptPair&) const = default;
};

// Pairs of concepts that some test world combines and no other world does, each of which
// appears in some training world.
std::vector<ConceptPair> heldout_pairs(const std::vector<WorldRole>& roles, int window, int stride);

}  // namespace railyard::worlds
