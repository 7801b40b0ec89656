#include "logic/ltlf/guard_text.h"

#include <gtest/gtest.h>

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
