#include "logic/worlds/concept_labeller.h"

#include "logic/rule.h"

namespace railyard::worlds {

LabelBits ConceptLabeller::labels(const Concept& candidate) const {
  Rule rule = Rule::from_text("concept(T) :- " + candidate.body() + ".\n", "concept", background_,
                              "concept");
  LabelBits bits(trains_.size());
  proofs_ += trains_.size();
  for (std::size_t i = 0; i < trains_.size(); ++i)
    if (rule.proves(trains_[i])) bits.set(i);
  return bits;
}

}  // namespace railyard::worlds
