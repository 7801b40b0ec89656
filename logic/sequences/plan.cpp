#include "logic/sequences/plan.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <utility>

#include "util/random.h"

namespace railyard::sequences {
namespace {

// Separates the planner's streams from every other use of (seed, index).
constexpr std::uint64_t kPlanDomain = 0x5e90'0026;

// The reachability table is (max_length + 1) x states x 2 bytes.
constexpr std::uint64_t kMaxTableBytes = std::uint64_t{1} << 28;

enum Kind : std::uint8_t { kSelfLoop = 0, kAcceptingSink = 1, kRejectingSink = 2, kKinds = 3 };

constexpr std::uint8_t kAccepting = 1, kRejecting = 2;

bool valid_rate(double rate) {
  return std::isfinite(rate) && rate >= 0.0;
}

double decay_factor(const DecayRule& rule, std::uint64_t offered) {
  double n = static_cast<double>(offered);
  switch (rule.kind) {
    case Decay::Off: return 1.0;
    case Decay::Linear: return std::max(0.0, 1.0 - rule.rate * n);
    case Decay::Exponential: return std::exp(-rule.rate * n);
  }
  return 1.0;
}

// Up to eight letters, described, then "...".
std::string letter_list(const ltlf::Automaton& automaton,
                        const std::vector<std::uint32_t>& letters) {
  std::string text;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    if (i == 8) return text + ", ...";
    if (i > 0) text += ", ";
    text += describe_letter(automaton, letters[i]);
  }
  return text;
}

}  // namespace

std::string describe_letter(const ltlf::Automaton& automaton, std::uint32_t letter) {
  std::string text;
  for (std::size_t i = 0; i < automaton.atoms().size(); ++i) {
    if (i > 0) text += " & ";
    if (!((letter >> i) & 1u)) text += '!';
    text += automaton.atoms()[i];
  }
  return text.empty() ? "true" : text;
}

SequencePlanner::SequencePlanner(const ltlf::Automaton& automaton, std::vector<double> rates,
                                 PlanOptions options)
    : automaton_(automaton), rates_(std::move(rates)), options_(std::move(options)) {
  std::string name = ltlf::quoted_formula(automaton_.formula());
  std::uint32_t letters = automaton_.letter_count();
  if (rates_.size() != letters)
    throw PlanError(name + ": " + std::to_string(rates_.size()) + " letter rates for " +
                    std::to_string(letters) + " letters");
  if (!std::all_of(rates_.begin(), rates_.end(), valid_rate))
    throw PlanError(name + ": a letter rate is negative or not finite");
  if (options_.min_length < 1 || options_.min_length > options_.max_length)
    throw PlanError(name + ": sequence lengths [" + std::to_string(options_.min_length) + ", " +
                    std::to_string(options_.max_length) + "] are not 1 <= min <= max");
  if (options_.max_length > kMaxTableBytes ||
      (options_.max_length + 1) * automaton_.state_count() * 2 > kMaxTableBytes)
    throw PlanError(name + ": sequences of length " + std::to_string(options_.max_length) +
                    " are too long to plan over " + std::to_string(automaton_.state_count()) +
                    " states");
  for (const DecayRule* rule :
       {&options_.self_loops, &options_.accepting_sinks, &options_.rejecting_sinks})
    if (!valid_rate(rule->rate)) throw PlanError(name + ": a decay rate is negative or not finite");
  auto in_range = [&](std::uint32_t letter) { return letter < letters; };
  if (!std::all_of(options_.excluded.begin(), options_.excluded.end(), in_range) ||
      !std::all_of(options_.required.begin(), options_.required.end(), in_range) ||
      options_.orphans >= letters)
    throw PlanError(name + ": a letter outside the automaton's " + std::to_string(letters) +
                    " letters");
  build_edges();
  build_reachability();
  check_every_length();
}

// Usable letters (positive rate, not excluded) per state, with what the walk needs to know.
void SequencePlanner::build_edges() {
  std::uint32_t letters = automaton_.letter_count();
  std::vector<char> excluded(letters, 0);
  for (std::uint32_t letter : options_.excluded) excluded[letter] = 1;
  std::vector<char> required(letters, 0);
  for (std::uint32_t letter : options_.required) required[letter] = 1;
  for (ltlf::StateId s = 0; s < automaton_.state_count(); ++s) {
    first_edge_.push_back(static_cast<std::uint32_t>(edges_.size()));
    for (std::uint32_t letter = 0; letter < letters; ++letter) {
      if (rates_[letter] <= 0.0 || excluded[letter]) continue;
      Edge e{letter, automaton_.next(s, letter),          rates_[letter],
             0,      static_cast<bool>(required[letter]), automaton_.relevant(s, letter)};
      bool enters_sink = e.target != s && automaton_.is_sink(e.target);
      if (e.target == s) e.kinds |= 1u << kSelfLoop;
      if (enters_sink)
        e.kinds |= 1u << (automaton_.accepting(e.target) ? kAcceptingSink : kRejectingSink);
      edges_.push_back(e);
    }
  }
  first_edge_.push_back(static_cast<std::uint32_t>(edges_.size()));
}

void SequencePlanner::build_reachability() {
  std::uint32_t states = automaton_.state_count();
  reach_.assign((options_.max_length + 1) * states * 2, 0);
  for (ltlf::StateId s = 0; s < states; ++s)
    reach_[s * 2 + 1] = automaton_.accepting(s) ? kAccepting : kRejecting;
  for (std::uint64_t k = 1; k <= options_.max_length; ++k)
    for (ltlf::StateId s = 0; s < states; ++s)
      for (int seen = 0; seen < 2; ++seen) {
        std::uint8_t endings_here = 0;
        for (std::uint32_t e = first_edge_[s]; e < first_edge_[s + 1]; ++e)
          endings_here |= endings(k - 1, edges_[e].target, seen || edges_[e].required);
        reach_[(k * states + s) * 2 + seen] = endings_here;
      }
}

std::uint8_t SequencePlanner::wanted_endings(std::uint64_t index) const {
  switch (options_.labels) {
    case LabelMode::Balanced: return index % 2 == 1 ? kAccepting : kRejecting;
    case LabelMode::Positive: return kAccepting;
    case LabelMode::Natural: return kAccepting | kRejecting;
  }
  return kAccepting | kRejecting;
}

void SequencePlanner::check_every_length() const {
  bool seen = options_.required.empty();
  for (std::uint64_t length = options_.min_length; length <= options_.max_length; ++length) {
    std::uint8_t possible = endings(length, automaton_.initial(), seen);
    bool balanced = options_.labels == LabelMode::Balanced;
    if (options_.labels != LabelMode::Natural && !(possible & kAccepting))
      refuse("positive", length);
    if (balanced && !(possible & kRejecting)) refuse("negative", length);
    if (possible == 0) refuse("", length);
  }
}

void SequencePlanner::refuse(const char* label, std::uint64_t length) const {
  std::vector<std::uint32_t> unused;
  for (std::uint32_t letter = 0; letter < rates_.size(); ++letter)
    if (rates_[letter] <= 0.0) unused.push_back(letter);
  std::string why = unused.empty() ? "every letter has a positive rate"
                                   : "letters of rate 0: " + letter_list(automaton_, unused);
  if (!options_.excluded.empty())
    why += "; letters excluded: " + letter_list(automaton_, options_.excluded);
  if (!options_.required.empty())
    why += "; each sequence needs one of: " + letter_list(automaton_, options_.required);
  std::string what = *label ? std::string(label) + " sequence" : std::string("sequence");
  throw PlanError(ltlf::quoted_formula(automaton_.formula()) + ": no " + what + " of length " +
                  std::to_string(length) + " with the predicates' measured rates (" + why + ")");
}

namespace {

std::uint64_t draw_length(RandomStream& stream, const PlanOptions& options) {
  return static_cast<std::uint64_t>(
      stream.uniform_int(static_cast<std::int64_t>(options.min_length),
                         static_cast<std::int64_t>(options.max_length)));
}

}  // namespace

std::uint64_t SequencePlanner::length(std::uint64_t seed, std::uint64_t index) const {
  RandomStream stream(seed, index, 0, kPlanDomain);
  return draw_length(stream, options_);
}

std::optional<bool> SequencePlanner::fixed_label(std::uint64_t index) const {
  if (options_.labels == LabelMode::Natural) return std::nullopt;
  return wanted_endings(index) == kAccepting;
}

SequencePlan SequencePlanner::plan(std::uint64_t seed, std::uint64_t index) const {
  RandomStream stream(seed, index, 0, kPlanDomain);
  std::uint64_t length = draw_length(stream, options_);
  std::uint8_t wanted = wanted_endings(index);
  SequencePlan plan;
  plan.index = index;
  plan.letters.reserve(length);
  plan.relevant.reserve(length);
  plan.states.reserve(length + 1);
  plan.states.push_back(automaton_.initial());

  const std::array<const DecayRule*, kKinds> rules = {
      &options_.self_loops, &options_.accepting_sinks, &options_.rejecting_sinks};
  std::array<std::uint64_t, kKinds> offered{};
  std::uint32_t orphans = options_.show_orphans ? options_.orphans : 0;
  std::uint32_t unshown_true = orphans, unshown_false = orphans;
  ltlf::StateId s = automaton_.initial();
  bool seen = options_.required.empty();

  for (std::uint64_t step = 0; step < length; ++step) {
    std::uint64_t left = length - step - 1;  // steps after this one
    auto keeps_label = [&](const Edge& e) {
      return (endings(left, e.target, seen || e.required) & wanted) != 0;
    };
    // Pairs (orphan, value) this letter shows for the first time.
    auto shows = [&](const Edge& e) {
      return std::popcount(e.letter & unshown_true) + std::popcount(~e.letter & unshown_false);
    };
    auto first = edges_.begin() + first_edge_[s], last = edges_.begin() + first_edge_[s + 1];

    // Near the end, only letters that still show an unshown pair, when one keeps the label.
    int unshown = std::popcount(unshown_true) + std::popcount(unshown_false);
    bool only_showing =
        unshown > 0 && length - step <= static_cast<std::uint64_t>(unshown) &&
        std::any_of(first, last, [&](const Edge& e) { return keeps_label(e) && shows(e) > 0; });
    auto allowed = [&](const Edge& e) { return keeps_label(e) && (!only_showing || shows(e) > 0); };

    std::array<double, kKinds> factor;
    for (int k = 0; k < kKinds; ++k) factor[k] = decay_factor(*rules[k], offered[k]);
    auto weight = [&](const Edge& e) {
      double w = e.rate * (1.0 + shows(e));
      for (int k = 0; k < kKinds; ++k)
        if ((e.kinds >> k) & 1u) w *= factor[k];
      return w;
    };

    double total = 0.0;
    std::uint8_t offered_kinds = 0;
    for (auto e = first; e != last; ++e)
      if (allowed(*e)) total += weight(*e), offered_kinds |= e->kinds;
    // Decay may silence every letter; plain rates then, never a dead end.
    bool plain = !(total > 0.0);
    if (plain)
      for (auto e = first; e != last; ++e)
        if (allowed(*e)) total += e->rate;
    for (int k = 0; k < kKinds; ++k) offered[k] += (offered_kinds >> k) & 1u;

    double target = stream.uniform() * total;
    const Edge* chosen = nullptr;
    for (auto e = first; e != last; ++e) {
      if (!allowed(*e)) continue;
      double w = plain ? e->rate : weight(*e);
      if (w <= 0.0) continue;
      chosen = &*e;  // the last positive one absorbs rounding
      if ((target -= w) < 0.0) break;
    }

    plan.letters.push_back(chosen->letter);
    plan.relevant.push_back(chosen->relevant);
    s = chosen->target;
    plan.states.push_back(s);
    seen = seen || chosen->required;
    unshown_true &= ~chosen->letter;
    unshown_false &= chosen->letter;
  }
  plan.label = automaton_.accepting(s);
  return plan;
}

}  // namespace railyard::sequences
