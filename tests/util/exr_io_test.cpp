#include "util/exr_io.h"

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfOutputFile.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <random>

#include "renderer/renderer.h"
#include "tests/support/scratch_dir.h"
#include "util/atomic_file.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {

constexpr float kInfinity = std::numeric_limits<float>::infinity();
namespace {

namespace fs = std::filesystem;

Image<float> Depth(int w, int h, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> metres(0.05f, 80.0f);
  Image<float> depth(w, h);
  for (float& d : depth.pixels) d = rng() % 5 == 0 ? kInfinity : metres(rng);
  return depth;
}

using ExrTest = testing::ScratchDirTest;

TEST_F(ExrTest, RoundTripsExactlyIncludingInfinity) {
  for (ExrCompression compression :
       {ExrCompression::Zip, ExrCompression::Zips, ExrCompression::None})
    for (auto [w, h] : {std::pair{1, 1}, std::pair{7, 5}, std::pair{480, 270}}) {
      Image<float> depth = Depth(w, h, static_cast<unsigned>(w * h));
      depth.pixels[0] = kInfinity;
      if (depth.pixels.size() > 2) {
        depth.pixels[1] = 0.0f;
        depth.pixels[2] = std::numeric_limits<float>::denorm_min();
      }
      fs::path path = dir_ / "depth.exr";
      write_depth_exr(path, depth, compression);
      Image<float> back = read_depth_exr(path);
      ASSERT_EQ(back.width, w);
      ASSERT_EQ(back.height, h);
      EXPECT_TRUE(std::isinf(back.pixels[0]));
      EXPECT_EQ(back, depth);  // bit-exact (no NaNs here)
    }
}

// A smooth depth (a render's) compresses: each ZIP chunk is deflated (by libdeflate, in
// OpenEXR's layout) and OpenEXR's own reader gives every value back, at both precisions, in a
// picture whose last chunk is partial (270 lines = 16 chunks of 16 and one of 14).
TEST_F(ExrTest, SmoothDepthIsDeflatedAndReadBackByOpenExr) {
  Image<float> depth(480, 270);
  for (int y = 0; y < depth.height; ++y)
    for (int x = 0; x < depth.width; ++x)
      depth.at(x, y) = y < 60 ? kInfinity : 3.0f + 0.125f * static_cast<float>((x + 2 * y) % 256);
  for (DepthPrecision precision : {DepthPrecision::Half, DepthPrecision::Float})
    for (ExrCompression compression : {ExrCompression::Zip, ExrCompression::Zips}) {
      std::vector<std::uint8_t> zipped = encode_depth_exr(depth, compression, precision);
      EXPECT_LT(zipped.size(), encode_depth_exr(depth, ExrCompression::None, precision).size() / 4);
      write_file_atomically(dir_ / "smooth.exr", zipped);
      EXPECT_EQ(read_depth_exr(dir_ / "smooth.exr"), stored_depth(depth, precision));
    }
}

TEST_F(ExrTest, BytesAreReproducible) {
  Image<float> depth = Depth(64, 32, 9);
  EXPECT_EQ(encode_depth_exr(depth), encode_depth_exr(depth));
  write_depth_exr(dir_ / "a.exr", depth);
  EXPECT_EQ(read_file_bytes(dir_ / "a.exr"), encode_depth_exr(depth));
}

// Half floats round to 11 significant bits: every distance within 2^-11 of itself, relative;
// infinity (the sky) stays infinite, zero stays zero; and the file is smaller.
TEST_F(ExrTest, HalfPrecisionKeepsDistancesWithinTwoToTheMinusEleven) {
  Image<float> depth = Depth(480, 270, 5);
  depth.pixels[1] = 0.0f;
  fs::path path = dir_ / "half.exr";
  write_depth_exr(path, depth, ExrCompression::Zip, DepthPrecision::Half);
  Image<float> back = read_depth_exr(path);
  ASSERT_EQ(back.pixels.size(), depth.pixels.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < depth.pixels.size(); ++i) {
    float d = depth.pixels[i];
    if (std::isinf(d) || d == 0.0f) {
      EXPECT_EQ(back.pixels[i], d) << i;
      continue;
    }
    worst = std::max(worst, std::abs(static_cast<double>(back.pixels[i]) - d) / d);
  }
  EXPECT_LE(worst, std::ldexp(1.0, -11));
  EXPECT_GT(worst, 1e-5);  // really rounded: not a float file
  EXPECT_LT(encode_depth_exr(depth, ExrCompression::Zip, DepthPrecision::Half).size(),
            encode_depth_exr(depth, ExrCompression::Zip, DepthPrecision::Float).size() * 6 / 10);
}

TEST_F(ExrTest, FileWithoutDepthChannelIsAnError) {
  fs::path path = dir_ / "colour.exr";
  {
    Imf::Header header(2, 2);
    header.channels().insert("R", Imf::Channel(Imf::FLOAT));
    float pixels[4] = {1, 2, 3, 4};
    Imf::FrameBuffer frame;
    frame.insert("R", Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(pixels), sizeof(float),
                                 2 * sizeof(float)));
    Imf::OutputFile file(path.c_str(), header);
    file.setFrameBuffer(frame);
    file.writePixels(2);
  }
  try {
    read_depth_exr(path);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("no Z (depth) channel"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
}

TEST_F(ExrTest, UnreadableFilesNameThePath) {
  fs::path text = dir_ / "text.exr";
  write_file_atomically(text, std::string_view("not an image"));
  for (const fs::path& path : {text, dir_ / "missing.exr"}) {
    try {
      read_depth_exr(path);
      FAIL() << "no error for " << path;
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(write_depth_exr(dir_ / "missing" / "d.exr", Depth(2, 2, 1)), IoError);
  EXPECT_THROW(encode_depth_exr(Image<float>()), IoError);
}

}  // namespace
}  // namespace railyard
