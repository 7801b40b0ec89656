// to_half must give Imath's half(float) bit for bit (round to nearest even, overflow to infinity,
// subnormals), on the F16C path and on the tail it converts one by one.
#include "util/half_float.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace railyard {
namespace {

std::vector<half> converted(const std::vector<float>& in) {
  std::vector<half> out(in.size());
  to_half(in, out);
  return out;
}

void expect_as_imath(const std::vector<float>& in) {
  std::vector<half> out = converted(in);
  for (std::size_t i = 0; i < in.size(); ++i) {
    ASSERT_EQ(out[i].bits(), half(in[i]).bits()) << "float " << in[i] << " (bits 0x" << std::hex
                                                 << std::bit_cast<std::uint32_t>(in[i]) << ")";
  }
}

TEST(HalfFloat, EveryFloatClassRoundsAsImathDoes) {
  std::vector<float> in = {0.0f,
                           -0.0f,
                           1.0f,
                           65504.0f,   // the largest half
                           65519.99f,  // rounds down to it
                           65520.0f,   // rounds up to infinity
                           1e9f,
                           -1e9f,
                           std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(),
                           6.1035156e-5f,    // the smallest normal half
                           5.9604645e-8f,    // the smallest subnormal half
                           2.9802322e-8f,    // half of it: a tie, to even (zero)
                           8.940697e-8f,     // 1.5 of it: a tie, to even (two)
                           1.0f + 0x1p-11f,  // a tie between 1 and its successor: to even
                           1.0f + 0x3p-11f,
                           11.7f,
                           3.14159265f};
  expect_as_imath(in);
}

// Float bit patterns across the whole range (NaNs aside: their payloads are not depth), in
// arrays of every length modulo 8 so that both paths run.
TEST(HalfFloat, FloatsAcrossTheRangeMatchImath) {
  std::vector<float> in;
  for (std::uint64_t bits = 0; bits <= 0xffffffffu; bits += 65521) {
    float f = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    if (!std::isnan(f)) in.push_back(f);
  }
  for (std::size_t tail = 0; tail < 8; ++tail) {
    expect_as_imath(std::vector<float>(in.begin(), in.end() - static_cast<std::ptrdiff_t>(tail)));
  }
}

}  // namespace
}  // namespace railyard
