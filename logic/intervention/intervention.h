// Interventions and counterfactuals on symbolic trains: the engine that base/intervened pairs of
// a dataset come from. Four modes, each a function of one train (and, for random, its stream):
//   listed    apply given operations in order, e.g. "swap_loads(1,3); set(2, roof=none)";
//   random    one edit of the given kinds, drawn from the train's own stream;
//   flip      the smallest edit sequence (1..k edits) that changes the rule's label;
//   preserve  the single edits that change the picture but keep the label.
// Every intervened train is relabelled by the rule, and the result says which cars changed how.
//
// Operations and their textual form: operation.h. Edit kinds, their costs and order:
// edit_kinds.h. Candidate order within a train: candidates.h.
//
// Search order (the tie-break of flip, and the order preserve returns): sequences are tried by
// length (1, then 2, ... up to k); among equally long ones by total cost (edit_kinds.h: roofs,
// loads and deleting a car cost 1, rearranging and restyling 2, inserting 4); among equal costs by
// the first edit's place in the train's candidate order (candidates.h), then the second edit's
// place in the candidate order of the train the first one produced, and so on. A sequence whose
// train an earlier sequence already produced is skipped. The first flip in this order is the
// answer.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "logic/intervention/edit_kinds.h"
#include "logic/intervention/operation.h"
#include "logic/rule.h"
#include "util/random.h"

namespace railyard {

// What became of one car of the intervened train, for the renderer: which parts may differ from
// the base picture.
struct CarChange {
  int position = 1;          // in the intervened train
  int from = 0;              // its position in the base train; 0 for an inserted car
  std::uint8_t altered = 0;  // bit (1 << Descriptor) for each descriptor that differs from car
                             // `from` (a load shape counts as none on a car without loads)

  bool added() const { return from == 0; }
  bool moved() const { return from != 0 && from != position; }
  bool changed(Descriptor d) const { return altered & (1u << static_cast<unsigned>(d)); }
  bool unchanged() const { return !added() && !moved() && altered == 0; }
  bool operator==(const CarChange&) const = default;
};

struct Intervention {
  std::vector<Operation> operations;  // as applied, in order
  Train train;                        // the intervened train
  Direction base_label = Direction::West;
  Direction label = Direction::West;  // of `train`, by the rule
  std::vector<CarChange> cars;        // one per car of `train`, front to back
  std::vector<int> removed;           // positions in the base train of deleted cars, ascending

  bool flipped() const { return label != base_label; }
};

// "car 1: load_shape, load_count; car 2 (was car 3); car 4 added; car 3 removed", or "no change".
std::string format_changes(const Intervention& intervention);

// listed: the operations in order. Refused when one of them is; the reason names it and its place.
Expected<Intervention> intervene(const Train& train, std::span<const Operation> operations,
                                 Rule& rule);

// The random stream of the interventions of one dataset index, apart from the sampler's.
RandomStream intervention_stream(std::uint64_t seed, std::uint64_t index);

// random: one edit of `kinds`: first a kind, uniformly among those with an edit that applies to
// this train, then one of that kind's edits, uniformly. Refused when none applies.
Expected<Intervention> intervene_randomly(const Train& train, EditKinds kinds, RandomStream& random,
                                          Rule& rule);

struct SearchOptions {
  int max_edits = 1;                              // k, 1..3
  EditKinds kinds = EditKinds::search_default();  // the edits a search may use
  // Candidate trains one search may build before it gives up (and says so): bounds time and
  // memory whatever the train's length and k.
  std::uint64_t max_candidates = 1'000'000;
};

// flip and preserve. Holds scratch space that searches reuse, so one per thread; each call depends
// only on its train (and the rule and options).
class CounterfactualSearch {
 public:
  // Throws InterventionError when max_edits is not 1..3, kinds is empty or max_candidates is 0.
  CounterfactualSearch(Rule& rule, SearchOptions options);
  ~CounterfactualSearch();
  CounterfactualSearch(CounterfactualSearch&&) noexcept;

  // flip: the first flip in search order. Refused, saying so, when no sequence of up to k edits
  // flips the label, when the candidate budget ran out first, or when the train is not a valid
  // train (cars outside the visual constraints, positions not 1..N).
  Expected<Intervention> flip(const Train& train);

  // preserve: every single edit of the kinds whose train keeps the label, in candidate order
  // (an edit giving the same train as an earlier one is left out). Empty when the train is not a
  // valid train; cut short (stats().out_of_budget) when the candidate budget runs out.
  std::vector<Intervention> preserving(const Train& train);

  // What the last call did, for benchmarks and reports.
  struct Stats {
    std::uint64_t built = 0;     // candidate trains built
    std::uint64_t labelled = 0;  // trains labelled by the rule, the base train included
    bool out_of_budget = false;  // stopped at max_candidates
  };
  Stats stats() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace railyard
