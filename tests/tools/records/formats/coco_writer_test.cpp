#include "tools/lib/records/formats/coco_writer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/formats/box_train.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using render::testing::RayCast;

class CocoFile : public testing::ScratchDirTest {
 protected:
  void SetUp() override {
    testing::ScratchDirTest::SetUp();
    testing::BoxTrain t = testing::MakeBoxTrain();
    record_ = testing::MakeRecord(t.train, RayCast(t.train.scene.camera, t.boxes));
  }

  // The COCO file of the box train's record added twice, as samples 12 and 13.
  nlohmann::json Written(bool masks) {
    std::filesystem::path path = dir_ / "coco.json";
    CocoWriter writer(path, "boxes", "30/11/2026", "0.1", masks);
    writer.add_sample(record_);
    SampleRecord next = record_;
    next.index = 13;
    writer.add(coco_sample(next, masks));  // made apart from the writer, as finalize does
    writer.finish();
    return nlohmann::json::parse(read_file_text(path));
  }

  SampleRecord record_;
};

TEST_F(CocoFile, AnnotationsAreNumberedInTheOrderTheyAreAdded) {
  nlohmann::json coco = Written(true);
  const nlohmann::json& annotations = coco["annotations"];
  CocoSample sample = coco_sample(record_, true);
  ASSERT_FALSE(sample.annotations.empty());
  ASSERT_EQ(annotations.size(), 2 * sample.annotations.size());
  for (std::size_t k = 0; k < annotations.size(); ++k) {
    EXPECT_EQ(annotations[k]["id"], k + 1);
    EXPECT_EQ(annotations[k]["image_id"], k < sample.annotations.size() ? 12 : 13);
    EXPECT_TRUE(annotations[k].contains("segmentation"));
  }
  ASSERT_EQ(coco["images"].size(), 2u);
  EXPECT_EQ(coco["images"][1]["id"], 13);
  EXPECT_EQ(coco["images"][1]["file_name"], record_.files.image);
}

// The text around the id is the annotation's own JSON, cut where the id belongs: the file reads
// as nlohmann would dump the whole object, keys sorted, byte for byte.
TEST_F(CocoFile, AnAnnotationIsTheDumpOfItsWholeObject) {
  for (bool masks : {true, false}) {
    CocoSample sample = coco_sample(record_, masks);
    for (std::size_t k = 0; k < sample.annotations.size(); ++k) {
      const CocoSample::Annotation& a = sample.annotations[k];
      std::string text = a.before_id + std::to_string(k + 7) + a.after_id;
      nlohmann::json parsed = nlohmann::json::parse(text);
      EXPECT_EQ(parsed.dump(), text);
      EXPECT_EQ(parsed["id"], k + 7);
      EXPECT_EQ(parsed.contains("segmentation"), masks);
    }
  }
}

}  // namespace
}  // namespace railyard
