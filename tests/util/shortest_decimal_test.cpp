#include "util/shortest_decimal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace railyard {
namespace {

TEST(ShortestDecimal, FloatsPrintAsTheirShortestRoundTrip) {
  EXPECT_EQ(shortest_decimal(0.1f), "0.1");
  EXPECT_EQ(shortest_decimal(40.0f), "40");
  EXPECT_EQ(shortest_decimal(-2.5f), "-2.5");
  EXPECT_EQ(shortest_decimal(1e-7f), "1e-07");
  EXPECT_EQ(shortest_decimal(0.1), "0.1");
  EXPECT_EQ(shortest_decimal(0.1 + 0.2), "0.30000000000000004");
  std::string out = "x=";
  append_shortest_decimal(out, 0.25f);
  append_shortest_decimal(out, 3.0);
  EXPECT_EQ(out, "x=0.253");
}

TEST(ShortestDecimal, ExtremesFit) {
  using Float = std::numeric_limits<float>;
  for (float v : {Float::max(), Float::lowest(), Float::denorm_min(), -Float::min()})
    EXPECT_EQ(static_cast<float>(shortest_double(v)), v) << shortest_decimal(v);
  EXPECT_EQ(shortest_decimal(-std::numeric_limits<double>::min()), "-2.2250738585072014e-308");
  EXPECT_EQ(shortest_decimal(Float::infinity()), "inf");
}

TEST(ShortestDecimal, ShortestDoubleNamesTheFloatsDecimal) {
  EXPECT_EQ(shortest_double(0.1f), 0.1);
  EXPECT_EQ(shortest_double(-3.75f), -3.75);
  EXPECT_TRUE(std::isnan(shortest_double(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(shortest_double(-std::numeric_limits<float>::infinity()),
            -std::numeric_limits<double>::infinity());
  std::mt19937 random(7);
  std::uniform_real_distribution<float> any(-1000.0f, 1000.0f);
  for (int i = 0; i < 10000; ++i) {
    float v = any(random);
    double d = shortest_double(v);
    EXPECT_EQ(static_cast<float>(d), v);                  // the same float back
    EXPECT_EQ(shortest_decimal(d), shortest_decimal(v));  // and the same short text
  }
}

}  // namespace
}  // namespace railyard
