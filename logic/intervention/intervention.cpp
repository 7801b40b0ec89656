// The listed and random modes; flip and preserve are in counterfactual.cpp.
#include "logic/intervention/intervention.h"

#include "logic/intervention/candidates.h"
#include "logic/intervention/changes.h"

namespace railyard {
namespace {

// Separates intervention draws from the sampler's and other per-index streams.
constexpr std::uint64_t kInterventionDomain = 0x696e'7465'7276'0004ULL;

}  // namespace

Expected<Intervention> intervene(const Train& train, std::span<const Operation> operations,
                                 Rule& rule) {
  if (operations.empty()) return Refusal{"no operations to apply"};
  Expected<Train> after = apply_sequence(operations, train);
  if (!after) return Refusal{after.reason()};
  Direction base_label = rule.label(train);
  return record_intervention(train, {operations.begin(), operations.end()}, base_label,
                             rule.label(*after));
}

RandomStream intervention_stream(std::uint64_t seed, std::uint64_t index) {
  return RandomStream(seed, index, 0, kInterventionDomain);
}

Expected<Intervention> intervene_randomly(const Train& train, EditKinds kinds, RandomStream& random,
                                          Rule& rule) {
  if (!is_valid_train(train)) return Refusal{std::string(kNotAValidTrain)};
  std::array<std::int64_t, kEditKinds.size()> count{};
  Train scratch;
  for_each_candidate(train, kinds, scratch, [&](const Operation&, EditKind kind, const Train&) {
    ++count[static_cast<std::size_t>(kind)];
    return true;
  });
  std::vector<EditKind> available;
  for (EditKind kind : kEditKinds)
    if (count[static_cast<std::size_t>(kind)] > 0) available.push_back(kind);
  if (available.empty())
    return Refusal{"no edit of the kinds " + format_edit_kinds(kinds) + " applies to this train"};
  EditKind kind = available[static_cast<std::size_t>(
      random.uniform_int(0, static_cast<std::int64_t>(available.size()) - 1))];
  std::int64_t pick = random.uniform_int(0, count[static_cast<std::size_t>(kind)] - 1);
  Operation chosen;
  Direction label = Direction::West;
  for_each_candidate(train, EditKinds().with(kind), scratch,
                     [&](const Operation& op, EditKind, const Train& result) {
                       if (pick-- > 0) return true;
                       chosen = op;
                       label = rule.label(result);
                       return false;
                     });
  return record_intervention(train, {chosen}, rule.label(train), label);
}

}  // namespace railyard
