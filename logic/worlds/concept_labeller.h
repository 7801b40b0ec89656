// Labels concepts on a fixed set of trains with railyard's Prolog engine: each concept becomes
// the clause concept(T) :- Body over the background file, as it will be in a world's rule file.
#pragma once

#include <string>
#include <vector>

#include "logic/prolog/engine.h"
#include "logic/train.h"
#include "logic/worlds/concept.h"
#include "logic/worlds/label_bits.h"

namespace railyard::worlds {

class ConceptLabeller {
 public:
  // `background` has background.pl loaded; it is copied once per concept.
  ConceptLabeller(const prolog::Engine& background, std::vector<Train> trains)
      : background_(background), trains_(std::move(trains)) {}

  // Throws RuleError when the body does not load or run (a bug of the grammar, not the user's).
  LabelBits labels(const Concept& candidate) const;
  const std::vector<Train>& trains() const { return trains_; }
  // Proofs made so far: labels() calls times trains.
  std::uint64_t proofs() const { return proofs_; }

 private:
  const prolog::Engine& background_;
  std::vector<Train> trains_;
  mutable std::uint64_t proofs_ = 0;
};

}  // namespace railyard::worlds
