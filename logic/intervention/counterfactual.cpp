// flip and preserve: searches over edit sequences in the order intervention.h documents.
//
// Labelling a candidate train (a Prolog proof) costs a few hundred nanoseconds, building one a
// few tens, so the search spends its effort on labelling less: the edits that most often decide
// a rule come first (edit_kinds.h), each (length, total cost) pass only generates edits whose
// cost still fits, edits that change nothing are never offered, every train built is looked up
// in the set of trains already labelled or expanded, and an edit that could only rebuild a train
// of an earlier sequence (repeats_earlier) is not even built. Scratch trains, the path and the
// set live in State and are reused: after the first searches, only results allocate.
#include <array>

#include "logic/intervention/candidates.h"
#include "logic/intervention/changes.h"
#include "logic/intervention/intervention.h"
#include "logic/intervention/train_set.h"
#include "logic/sampler.h"

namespace railyard {
namespace {

constexpr int kMostEdits = 3;

// The set's tag of a train: 0 for a labelled train, else the search still to run from it.
std::uint16_t expansion_tag(int edits_left, int cost_left) {
  return static_cast<std::uint16_t>(edits_left << 8 | cost_left);
}

// Where a set edit stands in candidate order (candidates.h): kind, car, value; set_load_count
// on an empty car orders by count, then load shape.
std::array<int, 4> set_order(const Operation& op, EditKind kind, Descriptor d) {
  int shape = kind == EditKind::SetLoadCount ? op.assigned(Descriptor::LoadShape).value_or(-1) : -1;
  return {static_cast<int>(kind), op.first, *op.assigned(d), shape};
}

// Set kinds that no visual constraint involves: setting them never decides whether another set
// of the same car applies.
constexpr bool unconstrained(EditKind kind) {
  return kind == EditKind::SetRoof || kind == EditKind::SetShape || kind == EditKind::SetWall;
}

// Whether edit `b`, offered right after edit `a` in a sequence, can only rebuild a train that an
// earlier sequence of the search built, so that building it again is wasted:
// - two sets of the same single descriptor of one car leave what one set, or nothing, did;
// - sets of different cars, or of one car when either is unconstrained, commute and each applies
//   whatever the other did, so when b comes before a in candidate order, the sequence with b
//   first and a second came earlier.
bool repeats_earlier(const Operation& a, EditKind a_kind, const Operation& b, EditKind b_kind) {
  std::optional<Descriptor> da = set_descriptor(a_kind), db = set_descriptor(b_kind);
  if (!da || !db) return false;
  bool same_car = a.first == b.first;
  if (same_car && a_kind == b_kind) return a_kind != EditKind::SetLoadCount;
  if (same_car && !unconstrained(a_kind) && !unconstrained(b_kind)) return false;
  return set_order(b, b_kind, *db) < set_order(a, a_kind, *da);
}

SearchOptions validated(SearchOptions options) {
  if (options.max_edits < 1 || options.max_edits > kMostEdits)
    throw InterventionError("a counterfactual search takes 1 to 3 edits (k), not " +
                            std::to_string(options.max_edits));
  if (options.kinds.empty()) throw InterventionError("a counterfactual search needs edit kinds");
  if (options.max_candidates == 0)
    throw InterventionError("a counterfactual search needs a candidate budget above 0");
  return options;
}

}  // namespace

struct CounterfactualSearch::State {
  Rule& rule;
  SearchOptions options;
  int min_cost = 0, max_cost = 0;  // over options.kinds

  TrainSet seen;
  std::array<Train, kMostEdits> scratch;   // the train after edit d of the current path
  std::array<Operation, kMostEdits> path;  // the edits of the sequence being built
  std::array<EditKind, kMostEdits> path_kinds{};
  Direction base_label = Direction::West;
  std::uint64_t built = 0, labelled = 0;
  bool found = false, out_of_budget = false;

  State(Rule& r, SearchOptions o) : rule(r), options(validated(o)) {
    min_cost = 1 << 30;
    for (EditKind kind : kEditKinds) {
      if (!options.kinds.contains(kind)) continue;
      min_cost = std::min(min_cost, edit_cost(kind));
      max_cost = std::max(max_cost, edit_cost(kind));
    }
    // Trains grow by inserts; room for the longest keeps copies into scratch off the heap.
    for (Train& train : scratch) train.cars.reserve(kMaxCars + kMostEdits);
  }

  void start(const Train& train) {
    seen.clear();
    built = labelled = 0;
    found = out_of_budget = false;
    base_label = label(train);
    seen.insert(train, 0);
  }

  Direction label(const Train& train) {
    ++labelled;
    return rule.label(train);
  }

  // Counts a candidate train against the budget; false once it is spent.
  bool charge() {
    if (built == options.max_candidates) {
      out_of_budget = true;
      return false;
    }
    ++built;
    return true;
  }

  // Tries every sequence of exactly `edits` edits costing exactly `cost` in total from `train`,
  // whose path starts at depth `depth`. Stops at the first flip (found) or when out of budget.
  void extend(const Train& train, int depth, int edits, int cost) {
    int rest = edits - 1;  // edits after this one
    auto d = static_cast<std::size_t>(depth);
    EditKinds kinds = options.kinds.costing(cost - rest * max_cost, cost - rest * min_cost);
    auto visit = [&](const Operation& op, EditKind kind, const Train& result) {
      if (!charge()) return false;
      path[d] = op;
      path_kinds[d] = kind;
      int cost_left = cost - edit_cost(kind);
      if (rest == 0) {
        if (seen.insert(result, 0) && label(result) != base_label) found = true;
      } else if (seen.insert(result, expansion_tag(rest, cost_left))) {
        extend(result, depth + 1, rest, cost_left);
      }
      return !found && !out_of_budget;
    };
    auto skip = [&](const Operation& op, EditKind kind) {
      return d > 0 && repeats_earlier(path[d - 1], path_kinds[d - 1], op, kind);
    };
    for_each_candidate(train, kinds, scratch[d], visit, skip);
  }

  Intervention result(const Train& base, int edits) {
    std::vector<Operation> ops(path.begin(), path.begin() + edits);
    Direction flipped = base_label == Direction::East ? Direction::West : Direction::East;
    return record_intervention(base, std::move(ops), base_label, flipped);
  }
};

CounterfactualSearch::CounterfactualSearch(Rule& rule, SearchOptions options)
    : state_(std::make_unique<State>(rule, options)) {}
CounterfactualSearch::~CounterfactualSearch() = default;
CounterfactualSearch::CounterfactualSearch(CounterfactualSearch&&) noexcept = default;

Expected<Intervention> CounterfactualSearch::flip(const Train& train) {
  State& s = *state_;
  if (!is_valid_train(train)) return Refusal{std::string(kNotAValidTrain)};
  s.start(train);
  for (int edits = 1; edits <= s.options.max_edits; ++edits) {
    for (int cost = edits * s.min_cost; cost <= edits * s.max_cost; ++cost) {
      s.extend(train, 0, edits, cost);
      if (s.found) return s.result(train, edits);
      if (s.out_of_budget)
        return Refusal{"no flip found before the budget of " +
                       std::to_string(s.options.max_candidates) + " candidate trains ran out"};
    }
  }
  int k = s.options.max_edits;
  return Refusal{"no flip within " + std::to_string(k) + (k == 1 ? " edit" : " edits") +
                 " of the kinds " + format_edit_kinds(s.options.kinds)};
}

std::vector<Intervention> CounterfactualSearch::preserving(const Train& train) {
  State& s = *state_;
  std::vector<Intervention> out;
  if (!is_valid_train(train)) return out;
  s.start(train);
  std::vector<Operation> keep;
  for_each_candidate(train, s.options.kinds, s.scratch[0],
                     [&](const Operation& op, EditKind, const Train& result) {
                       if (!s.charge()) return false;
                       if (s.seen.insert(result, 0) && s.label(result) == s.base_label)
                         keep.push_back(op);
                       return true;
                     });
  for (const Operation& op : keep)
    out.push_back(record_intervention(train, {op}, s.base_label, s.base_label));
  return out;
}

CounterfactualSearch::Stats CounterfactualSearch::stats() const {
  return {state_->built, state_->labelled, state_->out_of_budget};
}

}  // namespace railyard
