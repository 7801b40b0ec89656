#include "logic/worlds/world_builder.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

#include "logic/worlds/concept_labeller.h"
#include "util/random.h"

namespace railyard::worlds {
namespace {

constexpr std::uint64_t kProbeDomain = 0x70726f6265ULL;  // "probe"
constexpr std::uint64_t kShareDomain = 0x7368617265ULL;  // "share"

std::vector<Train> draw_trains(const WorldSpec& spec, std::uint64_t domain, std::uint64_t n) {
  TrainSampler sampler(spec.sampler);
  std::uint64_t seed = mix64(spec.seed ^ domain);
  std::vector<Train> trains;
  trains.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) trains.push_back(sampler.sample(seed, i));
  return trains;
}

std::string count_text(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

class Builder {
 public:
  Builder(const WorldSpec& spec, const prolog::Engine& background)
      : probe_(background, probe_trains(spec)),
        fresh_(background, share_trains(spec)),
        grammar_(spec.grammar),
        z_(z_for_confidence(spec.confidence)) {
    set_.spec = spec;
    roles_ = world_roles(spec.split);
  }

  WorldSet run() {
    const WorldSpec& spec = set_.spec;
    for (int position = 0; position < spec.pool; ++position) place(position);
    set_.heldout = heldout_pairs(roles_, spec.window, spec.stride);
    set_.probe_trains = probe_.trains();
    set_.proofs = probe_.proofs() + fresh_.proofs();
    return std::move(set_);
  }

 private:
  void place(int position) {
    const WorldSpec& spec = set_.spec;
    for (std::uint64_t attempt = 0; attempt < spec.patience; ++attempt) {
      ++set_.candidates;
      std::optional<Rejection> why = try_candidate(grammar_.draw(spec.seed, position, attempt));
      if (!why) return;
      ++set_.rejections[static_cast<std::size_t>(*why)];
    }
    throw WorldsError(give_up_message(position));
  }

  std::optional<Rejection> try_candidate(const Concept& drawn) {
    PoolConcept candidate;
    if (auto why = admit_concept(drawn, candidate)) return why;
    candidate.fresh = fresh_.labels(drawn);
    set_.pool.push_back(std::move(candidate));
    if (auto why = admit_world()) {
      set_.pool.pop_back();
      return why;
    }
    return std::nullopt;
  }

  std::optional<Rejection> admit_concept(const Concept& drawn, PoolConcept& out) {
    const WorldSpec& spec = set_.spec;
    if (static_cast<int>(drawn.literals.size()) < spec.grammar.literals.min)
      return Rejection::RepeatedLiteral;
    if (!drawn.every_car_used()) return Rejection::UnusedCar;
    if (!seen_.insert(drawn.body()).second) return Rejection::SameText;
    out.clause = drawn;
    out.probe = probe_.labels(drawn);
    double share = out.probe.share();
    if (share < spec.concept_share.low || share > spec.concept_share.high)
      return Rejection::ConceptShare;
    for (const PoolConcept& kept : set_.pool)
      if (out.probe.distance(kept.probe) < spec.min_distance) return Rejection::SameMeaning;
    // A literal must matter as much as two concepts must differ.
    double needed = std::max(1.0, spec.min_distance * static_cast<double>(out.probe.size()));
    for (std::size_t i = 0; i < drawn.literals.size(); ++i) {
      out.literal_changes.push_back(out.probe.differences(probe_.labels(drawn.without(i))));
      if (static_cast<double>(out.literal_changes.back()) < needed) return Rejection::IdleLiteral;
    }
    return std::nullopt;
  }

  // Checks the newest concept against the earliest world it joins: that world's concepts so far
  // must each still label some probe train alone and must not already overshoot the band (more
  // concepts only take sole trains away and add east ones). When the world is complete, it is
  // checked whole and kept.
  std::optional<Rejection> admit_world() {
    const WorldSpec& spec = set_.spec;
    int last = static_cast<int>(set_.pool.size()) - 1;
    int world = std::max(0, (last - spec.window + spec.stride) / spec.stride);
    int first = world * spec.stride;
    World candidate;
    candidate.first = first;
    candidate.role = roles_[static_cast<std::size_t>(world)];
    candidate.probe = LabelBits(probe_.trains().size());
    LabelBits fresh(fresh_.trains().size());
    std::vector<const LabelBits*> members;
    for (int p = first; p <= last; ++p) {
      const PoolConcept& c = set_.pool[static_cast<std::size_t>(p)];
      candidate.probe |= c.probe;
      fresh |= c.fresh;
      members.push_back(&c.probe);
    }
    candidate.sole = sole_counts(members);
    for (std::size_t n : candidate.sole)
      if (n == 0) return Rejection::IdleConcept;
    candidate.east = fresh.count();
    candidate.share = fresh.share();
    candidate.interval = wilson_interval(candidate.east, fresh.size(), z_);
    if (candidate.interval.low > spec.world_share.high) return Rejection::WorldShare;
    if (last - first + 1 < spec.window) return std::nullopt;
    if (!candidate.interval.inside(spec.world_share.low, spec.world_share.high))
      return Rejection::WorldShare;
    for (const World& kept : set_.worlds)
      if (candidate.probe.distance(kept.probe) < spec.min_distance) return Rejection::SameWorld;
    set_.worlds.push_back(std::move(candidate));
    return std::nullopt;
  }

  std::string give_up_message(int position) const {
    const WorldSpec& spec = set_.spec;
    std::string counts;
    for (std::size_t r = 0; r < set_.rejections.size(); ++r) {
      if (set_.rejections[r] == 0) continue;
      counts += (counts.empty() ? "" : ", ") +
                std::string(rejection_name(static_cast<Rejection>(r))) + " " +
                count_text(set_.rejections[r]);
    }
    return "worlds spec '" + spec.name + "' cannot be met: found " + std::to_string(position) +
           " concepts of the " + std::to_string(spec.pool) + " needed (" +
           std::to_string(spec.worlds()) + " worlds of " + std::to_string(spec.window) +
           " at stride " + std::to_string(spec.stride) + ", " + std::to_string(set_.worlds.size()) +
           " worlds so far); " + count_text(spec.patience) + " candidates for pool position " +
           std::to_string(position) + " (patience: " + count_text(spec.patience) +
           ") all failed. Rejected candidates: " + counts +
           ". Raise patience, widen concepts (cars, literals, kinds, share) or worlds.share, "
           "lower probe.min_distance, or ask for fewer concepts";
  }

  ConceptLabeller probe_, fresh_;
  ConceptGrammar grammar_;
  double z_;
  WorldSet set_;
  std::vector<WorldRole> roles_;
  std::unordered_set<std::string> seen_;
};

}  // namespace

const char* rejection_name(Rejection r) {
  switch (r) {
    case Rejection::RepeatedLiteral: return "repeated literal";
    case Rejection::UnusedCar: return "unused car";
    case Rejection::SameText: return "same text";
    case Rejection::ConceptShare: return "concept share";
    case Rejection::SameMeaning: return "same meaning";
    case Rejection::IdleLiteral: return "idle literal";
    case Rejection::SameWorld: return "same world meaning";
    case Rejection::IdleConcept: return "idle concept in world";
    case Rejection::WorldShare: return "world share";
    case Rejection::kCount: break;
  }
  return "?";
}

int WorldSet::shared(std::size_t i, std::size_t j) const {
  int a = worlds[i].first, b = worlds[j].first;
  int overlap = spec.window - (a > b ? a - b : b - a);
  return overlap > 0 ? overlap : 0;
}

std::vector<Train> probe_trains(const WorldSpec& spec) {
  return draw_trains(spec, kProbeDomain, spec.probe_trains);
}

std::vector<Train> share_trains(const WorldSpec& spec) {
  return draw_trains(spec, kShareDomain, spec.share_trains);
}

WorldSet build_worlds(const WorldSpec& spec, const prolog::Engine& background) {
  check_spec(spec);
  return Builder(spec, background).run();
}

}  // namespace railyard::worlds
