// A sample's .glb opened by another program: Debian's Blender imports it with its own glTF
// importer, renders the glb's camera at the dataset's resolution with every object emitting its
// node's part_id (blender_part_ids.py), and each part visible in railyard's record must cover
// the same pixels: IoU >= 0.95 with its mask, every part, however small (none is left out), and
// no pixel showing an id the record does not have. At V-LoL's high-res 1920x1080, where the
// layout draws the full-detail meshes; base_scene (cyclorama) and sky_scene (ground and sky).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "tests/support/run_options.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"
#include "util/child_process.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

constexpr double kMinIoU = 0.95;

struct PartIoU {
  std::uint64_t sample = 0;
  std::uint32_t id = 0;
  std::string what;
  std::uint64_t area = 0;
  double iou = 0.0;
};

class SceneGlbBlenderTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("railyard_scene_glb_blender_" + std::to_string(::getpid()) + "_" + GetParam());
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // The part id of every pixel, rows from the top, as the script writes them.
  std::vector<std::uint32_t> blender_ids(const fs::path& glb, const fs::path& out) {
    ChildResult run =
        run_child(RAILYARD_BLENDER, {"-b", "--factory-startup", "--python-exit-code", "1", "-P",
                                     RAILYARD_SOURCE_DIR "/tests/tools/dataset/blender_part_ids.py",
                                     "--", "--glb", glb.string(), "--out", out.string()});
    EXPECT_EQ(run.exit_code, 0) << "blender (" RAILYARD_BLENDER
                                   ", tools/install-deps.sh "
                                   "installs it) failed:\n"
                                << run.output.substr(
                                       run.output.size() > 4000 ? run.output.size() - 4000 : 0);
    std::string bytes = read_file_text(out);
    std::vector<std::uint32_t> ids(bytes.size() / 4);
    std::memcpy(ids.data(), bytes.data(), ids.size() * 4);  // little-endian, as x86 and ARM are
    return ids;
  }

  fs::path root_;
};

// Each visible part's IoU between railyard's mask and Blender's pixels of its id.
std::vector<PartIoU> compare(const SampleRecord& record, const std::vector<std::uint32_t>& ids) {
  int w = record.camera.width, h = record.camera.height;
  std::vector<PartIoU> out;
  for (const PartRecord& part : record.parts) {
    if (part.region.area == 0) continue;
    Image<std::uint8_t> mask = decode_mask(part.region.mask);
    std::uint64_t both = 0, either = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        bool ours = mask.at(x, y) != 0,
             theirs = ids[static_cast<std::size_t>(y) * w + x] == part.id;
        both += ours && theirs;
        either += ours || theirs;
      }
    out.push_back({record.index, part.id,
                   std::string(part_kind_name(part.kind)) + " of car " + std::to_string(part.car),
                   part.region.area, static_cast<double>(both) / static_cast<double>(either)});
  }
  return out;
}

TEST_P(SceneGlbBlenderTest, EveryPartsSilhouetteMatchesItsMask) {
  DatasetConfig c;
  c.count = 4;
  c.seed = 29;
  c.scene = GetParam();
  c.high_res = true;
  c.splits = {0.5, 0.25, 0.25};
  c.output = root_;
  c.threads = 2;
  c.backend = testing::test_backend();
  c.samples = testing::test_samples();
  c.outputs.depth_exr = c.outputs.depth_png = false;
  c.outputs.scene = SceneFormat::Glb;
  generate_dataset(c, testing::test_run_options());
  DatasetPaths paths(dataset_identity(c, "theoryx", GetParam()));
  std::map<std::string, double> worst;  // per part kind, for the log
  for (std::uint64_t i = 0; i < c.count; ++i) {
    SampleRecord record = read_sample_record(paths.record(i));
    ASSERT_EQ(record.camera.width, 1920);
    std::vector<std::uint32_t> ids = blender_ids(paths.scene_glb(i), root_ / "ids.u32");
    ASSERT_EQ(ids.size(), 1920u * 1080u);
    std::uint32_t largest = *std::max_element(ids.begin(), ids.end());
    EXPECT_LE(largest, record.parts.size()) << "Blender shows a part the record does not have";
    for (const PartIoU& part : compare(record, ids)) {
      EXPECT_GE(part.iou, kMinIoU) << "sample " << part.sample << ", part " << part.id << " ("
                                   << part.what << ", " << part.area << " pixels)";
      std::string kind = part.what.substr(0, part.what.find(' '));
      worst[kind] = worst.count(kind) ? std::min(worst[kind], part.iou) : part.iou;
    }
  }
  for (const auto& [kind, iou] : worst)
    std::printf("%s: lowest IoU of a %s %.4f\n", GetParam(), kind.c_str(), iou);
}

INSTANTIATE_TEST_SUITE_P(Scenes, SceneGlbBlenderTest, ::testing::Values("base_scene", "sky_scene"));

}  // namespace
}  // namespace railyard
