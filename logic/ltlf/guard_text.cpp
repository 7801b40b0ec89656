#include "logic/ltlf/guard_text.h"

#include <algorithm>
#include <bit>
#include <set>

namespace railyard::ltlf {
namespace {

// A product term: the letters that agree with `value` on every bit outside `free`.
struct Cube {
  std::uint32_t value = 0;  // bits under `free` are 0
  std::uint32_t free = 0;
  bool covers(std::uint32_t letter) const { return (letter & ~free) == value; }
  auto operator<=>(const Cube&) const = default;
};

std::vector<Cube> prime_implicants(const std::vector<std::uint32_t>& minterms, std::uint32_t bits) {
  std::set<Cube> level;
  for (std::uint32_t m : minterms) level.insert({m, 0});
  std::vector<Cube> primes;
  while (!level.empty()) {
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

// Literals in atom order: positive before negative before absent, term by term.
std::vector<int> order_key(const Cube& c, std::uint32_t bits) {
  std::vector<int> key;
  for (std::uint32_t b = 0; b < bits; ++b)
    key.push_back((c.free >> b) & 1u ? 2 : ((c.value >> b) & 1u ? 0 : 1));
  return key;
}

}  // namespace

std::string guard_text(const std::vector<char>& member, const std::vector<std::string>& names) {
  std::vector<std::uint32_t> minterms;
  for (std::uint32_t letter = 0; letter < member.size(); ++letter)
    if (member[letter]) minterms.push_back(letter);
  if (minterms.empty()) return "false";
  if (minterms.size() == member.size()) return "true";
  auto bits = static_cast<std::uint32_t>(names.size());
  std::vector<Cube> terms = cover(minterms, prime_implicants(minterms, bits));
  std::sort(terms.begin(), terms.end(),
            [&](const Cube& a, const Cube& b) { return order_key(a, bits) < order_key(b, bits); });
  std::string text;
  for (const Cube& c : terms) {
    if (!text.empty()) text += " | ";
    std::string term;
    for (std::uint32_t b = 0; b < bits; ++b) {
      if ((c.free >> b) & 1u) continue;
      if (!term.empty()) term += " & ";
      if (!((c.value >> b) & 1u)) term += '!';
      term += names[b];
    }
    text += term;
  }
  return text;
}

}  // namespace railyard::ltlf
