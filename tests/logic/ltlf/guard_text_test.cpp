#include "logic/ltlf/guard_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

namespace railyard::ltlf {
namespace {

// Members from a predicate over letters of (p, q, r): bit 0 = p, 1 = q, 2 = r.
template <class Predicate>
std::string text_of(Predicate member) {
  std::vector<char> set(8);
  for (std::uint32_t l = 0; l < 8; ++l) set[l] = member(l & 1u, (l >> 1) & 1u, (l >> 2) & 1u);
  return guard_text(set, {"p", "q", "r"});
}

TEST(GuardText, MinimalSumsOfProducts) {
  EXPECT_EQ(text_of([](bool, bool, bool) { return true; }), "true");
  EXPECT_EQ(text_of([](bool, bool, bool) { return false; }), "false");
  EXPECT_EQ(text_of([](bool p, bool, bool) { return p; }), "p");
  EXPECT_EQ(text_of([](bool p, bool q, bool r) { return (p && !q) || r; }), "p & !q | r");
  EXPECT_EQ(text_of([](bool p, bool q, bool) { return p != q; }), "p & !q | !p & q");
  EXPECT_EQ(text_of([](bool p, bool q, bool r) { return !p && !q && !r; }), "!p & !q & !r");
  EXPECT_EQ(text_of([](bool p, bool q, bool r) { return p || q || r; }), "p | q | r");
}

}  // namespace
}  // namespace railyard::ltlf

namespace railyard::ltlf {
namespace {

std::vector<std::string> names(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back("a" + std::to_string(i));
  return out;
}

// The guard as a predicate again: each term a conjunction of literals over `names`.
bool satisfies(const std::string& guard, const std::vector<std::string>& atoms,
               std::uint32_t letter) {
  if (guard == "true") return true;
  if (guard == "false") return false;
  std::size_t at = 0;
  while (at <= guard.size()) {
    std::size_t end = std::min(guard.find(" | ", at), guard.size());
    std::string term = guard.substr(at, end - at);
    bool all = true;
    for (std::size_t k = 0; k <= term.size() && all;) {
      std::size_t stop = std::min(term.find(" & ", k), term.size());
      std::string literal = term.substr(k, stop - k);
      bool negated = literal[0] == '!';
      if (negated) literal.erase(0, 1);
      auto bit = std::find(atoms.begin(), atoms.end(), literal) - atoms.begin();
      all = ((letter >> bit) & 1u) != negated;
      k = stop + 3;
    }
    if (all) return true;
    at = end + 3;
  }
  return false;
}

// Atoms a transition never tests are left out before the cover: a guard over twelve atoms that
// tests two costs what a guard over two does, and reads the same.
TEST(GuardText, AtomsThatNeverMatterAreLeftOut) {
  std::vector<std::string> atoms = names(12);
  std::vector<char> member(1u << 12);
  for (std::uint32_t l = 0; l < member.size(); ++l) member[l] = (l & 1u) && !(l & 8u);
  EXPECT_EQ(guard_text(member, atoms), "a0 & !a3");
}

// A function with very many prime implicants passes Quine-McCluskey's budget; the cover by
// splitting is then exact, if not the fewest terms.
TEST(GuardText, PastTheBudgetTheCoverIsStillExact) {
  std::vector<std::string> atoms = names(12);
  std::vector<char> member(1u << 12);
  for (std::uint32_t l = 0; l < member.size(); ++l)
    member[l] = std::popcount(l) % 3 != 0 && l % 7 != 3;  // no structure to speak of
  std::string guard = guard_text(member, atoms);
  for (std::uint32_t l = 0; l < member.size(); ++l)
    ASSERT_EQ(satisfies(guard, atoms, l), member[l] != 0) << "letter " << l;
}

}  // namespace
}  // namespace railyard::ltlf
