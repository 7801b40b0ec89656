#include "logic/ltlf/guard_text.h"

#include <algorithm>
#include <bit>
#include <set>
#include <span>

namespace railyard::ltlf {
namespace {

// A product term: the letters that agree with `value` on every bit outside `free`.
struct Cube {
  std::uint32_t value = 0;  // bits under `free` are 0
  std::uint32_t free = 0;
  bool covers(std::uint32_t letter) const { return (letter & ~free) == value; }
  auto operator<=>(const Cube&) const = default;
};

// Cubes Quine-McCluskey may build for one guard before it gives way to split_cover.
constexpr std::size_t kCubeBudget = 50'000;

// The prime implicants, or nothing when building them passes kCubeBudget.
std::vector<Cube> prime_implicants(const std::vector<std::uint32_t>& minterms, std::uint32_t bits) {
  std::set<Cube> level;
  for (std::uint32_t m : minterms) level.insert({m, 0});
  std::vector<Cube> primes;
  std::size_t built = level.size();
  while (!level.empty()) {
    if ((built += level.size()) > kCubeBudget) return {};
    std::set<Cube> merged, next;
    for (const Cube& c : level)
      for (std::uint32_t b = 0; b < bits; ++b) {
        std::uint32_t bit = 1u << b;
        if ((c.free & bit) || (c.value & bit)) continue;
        if (!level.count({c.value | bit, c.free})) continue;
        next.insert({c.value, c.free | bit});
        merged.insert(c);
        merged.insert({c.value | bit, c.free});
      }
    for (const Cube& c : level)
      if (!merged.count(c)) primes.push_back(c);
    level = std::move(next);
  }
  return primes;
}

std::vector<Cube> cover(const std::vector<std::uint32_t>& minterms, std::vector<Cube> primes) {
  std::vector<Cube> chosen;
  std::vector<char> covered(minterms.size(), 0);
  auto take = [&](const Cube& c) {
    chosen.push_back(c);
    for (std::size_t i = 0; i < minterms.size(); ++i)
      if (c.covers(minterms[i])) covered[i] = 1;
  };
  // Essential primes: the only cover of some minterm.
  for (std::size_t i = 0; i < minterms.size(); ++i) {
    const Cube* only = nullptr;
    int count = 0;
    for (const Cube& c : primes)
      if (c.covers(minterms[i])) ++count, only = &c;
    if (count == 1 && !covered[i]) take(*only);
  }
  while (std::count(covered.begin(), covered.end(), 0) > 0) {
    const Cube* best = nullptr;
    std::size_t best_gain = 0;
    for (const Cube& c : primes) {
      std::size_t gain = 0;
      for (std::size_t i = 0; i < minterms.size(); ++i)
        gain += !covered[i] && c.covers(minterms[i]);
      // Ties go to fewer literals (more free bits), then to the first in order.
      bool better = gain > best_gain || (gain == best_gain && gain > 0 &&
                                         std::popcount(c.free) > std::popcount(best->free));
      if (better) best = &c, best_gain = gain;
    }
    take(*best);
  }
  return chosen;
}

// An exact cover by Shannon expansion: split on the lowest bit that matters, recurse into both
// halves; a half that is all members is one cube. At most one cube per minterm.
void split_cover(const std::vector<std::uint32_t>& minterms, std::uint32_t bits, std::uint32_t bit,
                 Cube cube, std::vector<Cube>& out) {
  if (minterms.empty()) return;
  std::uint32_t left = bits - bit;  // bits not yet fixed: bit..bits-1
  if (minterms.size() == (std::size_t{1} << left)) {
    cube.free |= ((std::uint32_t{1} << bits) - 1) & ~((std::uint32_t{1} << bit) - 1);
    out.push_back(cube);
    return;
  }
  std::vector<std::uint32_t> zero, one;
  for (std::uint32_t m : minterms) ((m >> bit) & 1u ? one : zero).push_back(m);
  std::vector<std::uint32_t> one_lowered;
  for (std::uint32_t m : one) one_lowered.push_back(m & ~(1u << bit));
  if (zero == one_lowered) {  // this bit does not matter here
    cube.free |= 1u << bit;
    split_cover(zero, bits, bit + 1, cube, out);
    return;
  }
  split_cover(zero, bits, bit + 1, cube, out);
  cube.value |= 1u << bit;
  split_cover(one, bits, bit + 1, cube, out);
}

// Literals in atom order: positive before negative before absent, term by term.
std::vector<int> order_key(const Cube& c, std::uint32_t bits) {
  std::vector<int> key;
  for (std::uint32_t b = 0; b < bits; ++b)
    key.push_back((c.free >> b) & 1u ? 2 : ((c.value >> b) & 1u ? 0 : 1));
  return key;
}

// The bits whose flip changes membership somewhere, ascending.
std::vector<std::uint32_t> relevant_bits(std::span<const char> member,
                                         std::span<const std::uint32_t> minterms,
                                         std::uint32_t bits) {
  std::vector<std::uint32_t> relevant;
  for (std::uint32_t b = 0; b < bits; ++b)
    for (std::uint32_t m : minterms)
      if (!member[m ^ (1u << b)]) {
        relevant.push_back(b);
        break;
      }
  return relevant;
}

// Terms over the relevant bits only (bit j of a projected letter = relevant[j]).
std::vector<Cube> terms_of(std::span<const std::uint32_t> minterms,
                           const std::vector<std::uint32_t>& relevant) {
  auto bits = static_cast<std::uint32_t>(relevant.size());
  std::vector<std::uint32_t> projected;
  for (std::uint32_t m : minterms) {
    std::uint32_t p = 0;
    for (std::uint32_t j = 0; j < bits; ++j) p |= ((m >> relevant[j]) & 1u) << j;
    projected.push_back(p);
  }
  std::sort(projected.begin(), projected.end());
  projected.erase(std::unique(projected.begin(), projected.end()), projected.end());
  std::vector<Cube> primes = prime_implicants(projected, bits);
  if (!primes.empty()) return cover(projected, std::move(primes));
  std::vector<Cube> terms;
  split_cover(projected, bits, 0, {}, terms);
  return terms;
}

}  // namespace

std::string guard_text(const std::vector<char>& member, const std::vector<std::string>& names) {
  std::vector<std::uint32_t> minterms;
  for (std::uint32_t letter = 0; letter < member.size(); ++letter)
    if (member[letter]) minterms.push_back(letter);
  return guard_text(member, minterms, names);
}

std::vector<GuardTerm> guard_terms(std::span<const char> member,
                                   std::span<const std::uint32_t> minterms,
                                   std::uint32_t atom_count) {
  if (minterms.empty()) return {};
  if (minterms.size() == member.size()) return {GuardTerm{}};
  std::vector<std::uint32_t> relevant = relevant_bits(member, minterms, atom_count);
  auto bits = static_cast<std::uint32_t>(relevant.size());
  std::vector<Cube> cubes = terms_of(minterms, relevant);
  std::sort(cubes.begin(), cubes.end(),
            [&](const Cube& a, const Cube& b) { return order_key(a, bits) < order_key(b, bits); });
  std::vector<GuardTerm> terms;
  for (const Cube& c : cubes) {
    GuardTerm& term = terms.emplace_back();
    for (std::uint32_t j = 0; j < bits; ++j)
      if (!((c.free >> j) & 1u)) term.push_back({relevant[j], ((c.value >> j) & 1u) != 0});
  }
  return terms;
}

std::string guard_text(const std::vector<GuardTerm>& terms, const std::vector<std::string>& names) {
  if (terms.empty()) return "false";
  if (terms.size() == 1 && terms[0].empty()) return "true";
  std::string text;
  for (const GuardTerm& term : terms) {
    if (!text.empty()) text += " | ";
    for (std::size_t k = 0; k < term.size(); ++k) {
      if (k) text += " & ";
      if (!term[k].positive) text += '!';
      text += names[term[k].atom];
    }
  }
  return text;
}

std::string guard_text(std::span<const char> member, std::span<const std::uint32_t> minterms,
                       const std::vector<std::string>& names) {
  return guard_text(guard_terms(member, minterms, static_cast<std::uint32_t>(names.size())), names);
}

}  // namespace railyard::ltlf
