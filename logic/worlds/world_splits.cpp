#include "logic/worlds/world_splits.h"

#include <algorithm>

namespace railyard::worlds {

const char* role_name(WorldRole role) {
  switch (role) {
    case WorldRole::Train: return "train";
    case WorldRole::Val: return "val";
    case WorldRole::Test: break;
  }
  return "test";
}

std::vector<WorldRole> world_roles(const WorldSplitCounts& counts) {
  int before = counts.train / 2;
  std::vector<WorldRole> roles(static_cast<std::size_t>(before), WorldRole::Train);
  roles.insert(roles.end(), static_cast<std::size_t>(counts.test), WorldRole::Test);
  roles.insert(roles.end(), static_cast<std::size_t>(counts.val), WorldRole::Val);
  roles.insert(roles.end(), static_cast<std::size_t>(counts.train - before), WorldRole::Train);
  return roles;
}

int first_concept(int world, int stride) {
  return world * stride;
}

std::vector<ConceptPair> heldout_pairs(const std::vector<WorldRole>& roles, int window,
                                       int stride) {
  int worlds = static_cast<int>(roles.size());
  int pool = worlds == 0 ? 0 : first_concept(worlds - 1, stride) + window;
  auto in = [&](int world, int position) {
    int first = first_concept(world, stride);
    return first <= position && position < first + window;
  };
  auto in_training = [&](int position) {
    for (int k = 0; k < worlds; ++k)
      if (roles[static_cast<std::size_t>(k)] == WorldRole::Train && in(k, position)) return true;
    return false;
  };
  std::vector<ConceptPair> pairs;
  for (int a = 0; a < pool; ++a) {
    for (int b = a + 1; b < std::min(pool, a + window); ++b) {
      bool in_test = false, elsewhere = false;
      for (int k = 0; k < worlds; ++k) {
        if (!in(k, a) || !in(k, b)) continue;
        (roles[static_cast<std::size_t>(k)] == WorldRole::Test ? in_test : elsewhere) = true;
      }
      if (in_test && !elsewhere && in_training(a) && in_training(b)) pairs.push_back({a, b});
    }
  }
  return pairs;
}

}  // namespace railyard::worlds
