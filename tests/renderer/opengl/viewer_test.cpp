// The viewer in a real window (run under Xvfb by CTest): a scripted run saves the window's
// contents, which must be the renderer's own frame of the same scene, in each view mode.
#include "renderer/viewer/viewer.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "renderer/viewer/false_colour.h"
#include "test_scenes.h"
#include "util/png_io.h"

namespace railyard::render {
namespace {

Scene train(int index) {
  if (index > 1) throw std::out_of_range("only two trains");
  Scene scene = testing::benchmark_scene(4000 + 4000 * index);
  scene.camera.width = 320;
  scene.camera.height = 180;
  return scene;
}

// Fraction of pixels whose channels differ by more than 2 levels.
double differing(const Image<Rgb8>& a, const Image<Rgb8>& b) {
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.height, b.height);
  if (a.pixels.size() != b.pixels.size()) return 1.0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i) {
    Rgb8 p = a.pixels[i], q = b.pixels[i];
    if (std::abs(p.r - q.r) > 2 || std::abs(p.g - q.g) > 2 || std::abs(p.b - q.b) > 2) ++n;
  }
  return static_cast<double>(n) / static_cast<double>(a.pixels.size());
}

class ViewerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr) {
      GTEST_SKIP() << "no display; CTest runs this under xvfb-run -a";
    }
    dir_ = std::filesystem::temp_directory_path() /
           ("railyard_viewer_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  Image<Rgb8> screenshot(ViewMode mode) {
    ViewerOptions options;
    options.width = 320;
    options.height = 180;
    options.frames = 2;
    options.view = mode;
    options.screenshot = dir_ / "window.png";
    run_viewer(train, options);
    return read_png_rgb(options.screenshot);
  }

  std::filesystem::path dir_;
};

TEST_F(ViewerTest, WindowShowsTheRenderersFrameInEveryView) {
  Frame frame;
  try {
    frame = OpenGlRenderer().render(train(0), RenderOptions{});
  } catch (const RendererError& e) {
    GTEST_SKIP() << "no headless OpenGL to compare with: " << e.what();
  }
  EXPECT_LT(differing(screenshot(ViewMode::Color), frame.color), 0.01);
  EXPECT_LT(differing(screenshot(ViewMode::PartIds), false_colour_parts(frame.part_ids)), 0.01);
  EXPECT_LT(differing(screenshot(ViewMode::Depth), grey_depth(frame.depth)), 0.01);
}

}  // namespace
}  // namespace railyard::render
