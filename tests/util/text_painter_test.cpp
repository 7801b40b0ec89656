#include "util/text_painter.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace railyard {
namespace {

TEST(TextPainter, DrawsInkWhereTheTextIsAndNowhereElse) {
  TextPainter text(default_font(), 16);
  EXPECT_EQ(text.line_height(), 16);
  EXPECT_EQ(text.width(""), 0);
  EXPECT_GT(text.width("railyard"), text.width("rail"));
  Image<Rgb8> image(100, 30, Rgb8{255, 255, 255});
  text.draw(image, 5, 20, "Hi", Rgb8{0, 0, 0});
  int inked = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x)
      if (image.at(x, y) != Rgb8{255, 255, 255}) {
        ++inked;
        EXPECT_LT(x, 5 + text.width("Hi") + 2);
        EXPECT_LE(y, 20);
      }
  EXPECT_GT(inked, 10);
  text.draw(image, 90, 25, "clipped at the edge", Rgb8{0, 0, 0});  // no write outside
}

TEST(TextPainter, FittedCutsWithAnEllipsis) {
  TextPainter text(default_font(), 12);
  EXPECT_EQ(text.fitted("short", 1000), "short");
  std::string cut = text.fitted("a caption far too long for its column", 80);
  EXPECT_TRUE(cut.ends_with("...")) << cut;
  EXPECT_LE(text.width(cut), 80);
  EXPECT_GT(cut.size(), 3u);
}

TEST(TextPainter, AMissingFontIsNamed) {
  try {
    TextPainter text("/nonexistent/font.ttf", 12);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/font.ttf"), std::string::npos);
  }
}

}  // namespace
}  // namespace railyard
