#include "util/png_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.h"
#include "util/atomic_file.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

Image<Rgb8> RandomRgb(int w, int h, unsigned seed) {
  std::mt19937 rng(seed);
  Image<Rgb8> image(w, h);
  for (Rgb8& p : image.pixels)
    p = {static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
         static_cast<std::uint8_t>(rng())};
  return image;
}

// The chunk types of a PNG stream, in order.
std::vector<std::string> Chunks(const std::vector<std::uint8_t>& png) {
  std::vector<std::string> types;
  for (std::size_t p = 8; p + 8 <= png.size();) {
    std::size_t length = (std::size_t{png[p]} << 24) | (std::size_t{png[p + 1]} << 16) |
                         (std::size_t{png[p + 2]} << 8) | png[p + 3];
    types.emplace_back(reinterpret_cast<const char*>(&png[p + 4]), 4);
    p += 12 + length;
  }
  return types;
}

using PngTest = testing::ScratchDirTest;

TEST_F(PngTest, RgbRoundTripsWithEveryFilterAndLevel) {
  Image<Rgb8> image = RandomRgb(37, 23, 1);
  for (PngFilter filter : {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Average,
                           PngFilter::Paeth, PngFilter::Adaptive})
    for (int level : {0, 1, 2, 6, 9})
      for (bool rle : {false, true}) {
        PngOptions options{level, filter, rle};
        EXPECT_EQ(decode_png_rgb(encode_png(image, options), "memory"), image)
            << "filter " << static_cast<int>(filter) << " level " << level;
      }
}

// libdeflate's path filters the rows itself: every filter and depth decodes to the image, with
// the chunks libpng writes (one IDAT), and the same pixels as zlib's path.
TEST_F(PngTest, LibdeflateRoundTripsWithEveryFilterAndDepth) {
  Image<Rgb8> image = RandomRgb(37, 23, 1);
  Image<std::uint8_t> grey(33, 9);
  Image<std::uint16_t> deep(17, 5);
  for (std::size_t i = 0; i < grey.pixels.size(); ++i)
    grey.pixels[i] = static_cast<std::uint8_t>(i * 37 % 251);
  for (std::size_t i = 0; i < deep.pixels.size(); ++i)
    deep.pixels[i] = static_cast<std::uint16_t>(i * 4099 % 65521);
  for (PngFilter filter :
       {PngFilter::None, PngFilter::Sub, PngFilter::Up, PngFilter::Average, PngFilter::Paeth})
    for (int level : {1, 6, 12}) {
      PngOptions options{.filter = filter, .libdeflate_level = level};
      std::vector<std::uint8_t> png = encode_png(image, options);
      EXPECT_EQ(Chunks(png), (std::vector<std::string>{"IHDR", "IDAT", "IEND"}));
      EXPECT_EQ(decode_png_rgb(png, "memory"), image)
          << "filter " << static_cast<int>(filter) << " level " << level;
      EXPECT_EQ(decode_png_grey8(encode_png(grey, options), "memory"), grey);
      EXPECT_EQ(decode_png_grey16(encode_png(deep, options), "memory"), deep);
    }
  EXPECT_THROW(encode_png(image, PngOptions{.libdeflate_level = 13}), IoError);
  EXPECT_THROW(encode_png(image, PngOptions{.filter = PngFilter::Adaptive, .libdeflate_level = 1}),
               IoError);
}

TEST_F(PngTest, GreyRoundTrips) {
  Image<std::uint8_t> grey(5, 3);
  for (std::size_t i = 0; i < grey.pixels.size(); ++i)
    grey.pixels[i] = static_cast<std::uint8_t>(i * 17);
  write_png(dir_ / "grey.png", grey);
  EXPECT_EQ(read_png_grey8(dir_ / "grey.png"), grey);

  Image<std::uint16_t> deep(4, 2);
  deep.pixels = {0, 1, 255, 256, 4095, 32768, 65534, 65535};
  write_png(dir_ / "deep.png", deep);
  EXPECT_EQ(read_png_grey16(dir_ / "deep.png"), deep);
}

TEST_F(PngTest, RgbReaderExpandsGrey) {
  Image<std::uint8_t> grey(2, 1);
  grey.pixels = {10, 200};
  Image<Rgb8> rgb = decode_png_rgb(encode_png(grey), "memory");
  EXPECT_EQ(rgb.pixels, (std::vector<Rgb8>{{10, 10, 10}, {200, 200, 200}}));
}

TEST_F(PngTest, BytesAreReproducibleAndCarryNoMetadata) {
  Image<Rgb8> image = RandomRgb(64, 48, 2);
  write_png(dir_ / "a.png", image);
  write_png(dir_ / "b.png", image);
  std::vector<std::uint8_t> a = read_file_bytes(dir_ / "a.png");
  EXPECT_EQ(a, read_file_bytes(dir_ / "b.png"));
  EXPECT_EQ(a, encode_png(image));
  std::vector<std::string> chunks = Chunks(a);
  ASSERT_GE(chunks.size(), 3u);
  EXPECT_EQ(chunks.front(), "IHDR");
  EXPECT_EQ(chunks.back(), "IEND");
  for (std::size_t i = 1; i + 1 < chunks.size(); ++i) EXPECT_EQ(chunks[i], "IDAT");
}

TEST_F(PngTest, WrongFormatSaysWhatItFound) {
  fs::path path = dir_ / "colour.png";
  write_png(path, RandomRgb(3, 3, 3));
  try {
    read_png_grey8(path);
    FAIL() << "no error";
  } catch (const IoError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find(path.string()), std::string::npos) << message;
    EXPECT_NE(message.find("expected an 8-bit grey PNG, found 8-bit RGB"), std::string::npos)
        << message;
  }
  EXPECT_THROW(read_png_grey16(path), IoError);
}

TEST_F(PngTest, DamagedFilesAreErrorsNamingThePath) {
  std::vector<std::uint8_t> png = encode_png(RandomRgb(40, 40, 4));
  fs::path truncated = dir_ / "truncated.png";
  write_file_atomically(truncated, std::span(png).first(png.size() / 2));
  try {
    read_png_rgb(truncated);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(truncated.string()), std::string::npos) << e.what();
  }
  fs::path text = dir_ / "text.png";
  write_file_atomically(text, std::string_view("hello, I am not a PNG"));
  try {
    read_png_rgb(text);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("not a PNG file"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_png_rgb(dir_ / "missing.png"), IoError);
}

TEST_F(PngTest, BadArgumentsAreErrors) {
  EXPECT_THROW(encode_png(Image<Rgb8>()), IoError);
  EXPECT_THROW(encode_png(RandomRgb(2, 2, 5), PngOptions{10, PngFilter::Up, true}), IoError);
  EXPECT_THROW(write_png(dir_ / "missing" / "a.png", RandomRgb(2, 2, 5)), IoError);
}

}  // namespace
}  // namespace railyard
