#include "tools/lib/records/formats/sample_record.h"

#include <gtest/gtest.h>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/formats/box_train.h"
#include "util/input_error.h"

namespace railyard {
namespace {

using render::testing::RayCast;

SampleRecord BoxRecord() {
  testing::BoxTrain t = testing::MakeBoxTrain();
  return testing::MakeRecord(t.train, RayCast(t.train.scene.camera, t.boxes));
}

class SampleRecordTest : public testing::ScratchDirTest {};

TEST_F(SampleRecordTest, ReadsBackWhatItWrote) {
  SampleRecord record = BoxRecord();
  record.published = Direction::West;  // label noise: truth and published differ
  write_sample_record(dir_ / "12.json", record);
  SampleRecord back = read_sample_record(dir_ / "12.json");
  EXPECT_EQ(back, record);
  EXPECT_EQ(to_json(back).dump(), to_json(record).dump());
}

TEST_F(SampleRecordTest, HoldsEveryPartWithItsIdKindAndLabel) {
  SampleRecord record = BoxRecord();
  ASSERT_EQ(record.parts.size(), 11u);
  for (std::size_t k = 0; k < record.parts.size(); ++k) EXPECT_EQ(record.parts[k].id, k + 1);
  const PartRecord* vase = record.find(PartKind::Payload, 1, 1);
  ASSERT_NE(vase, nullptr);
  EXPECT_EQ(vase->label, "golden_vase");
  EXPECT_GT(vase->region.area, 0u);
  EXPECT_EQ(rle_area(vase->region.mask), vase->region.area);
  EXPECT_EQ(record.find(PartKind::Roof, 2), nullptr);  // car 2 has no roof
  ASSERT_EQ(record.cars.size(), 2u);
}

TEST_F(SampleRecordTest, KeysComeInTheDocumentedOrder) {
  nlohmann::ordered_json json = to_json(BoxRecord());
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"index", "label", "published_label", "train", "scene",
                                            "camera", "files", "file_checks", "parts", "cars"}));
  EXPECT_EQ(json["train"]["cars"][1]["load_shape"], "none");
  EXPECT_EQ(json["parts"][6]["kind"], "payload");
}

TEST_F(SampleRecordTest, DamagedRecordsNameTheFileAndTheKey) {
  nlohmann::json json = to_json(BoxRecord());
  auto message = [&](const nlohmann::json& broken) {
    try {
      sample_record_from_json(broken, "records/12.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  nlohmann::json no_scene = json;
  no_scene.erase("scene");
  EXPECT_NE(message(no_scene).find("records/12.json"), std::string::npos) << message(no_scene);
  EXPECT_NE(message(no_scene).find("scene"), std::string::npos);
  nlohmann::json bad_box = json;
  bad_box["parts"][3]["full_box"] = {1, 2};
  EXPECT_NE(message(bad_box).find("parts[3].full_box"), std::string::npos) << message(bad_box);
  nlohmann::json bad_mask = json;
  bad_mask["cars"][0]["mask"]["counts"] = "~~~";
  EXPECT_NE(message(bad_mask).find("cars[0].mask"), std::string::npos) << message(bad_mask);
  nlohmann::json bad_car = json;
  bad_car["train"]["cars"][0]["roof"] = "gable";
  EXPECT_NE(message(bad_car).find("train.cars[0].roof"), std::string::npos) << message(bad_car);
  nlohmann::json impossible = json;
  impossible["train"]["cars"][1]["axles"] = 3;  // a short car with 3 axles
  EXPECT_NE(message(impossible).find("visual constraints"), std::string::npos);
  EXPECT_THROW(read_sample_record(dir_ / "missing.json"), std::exception);
  // The checks of the files: each written file has one, with a size and a SHA-256.
  auto check_message = [&](auto change) {
    nlohmann::json broken = json;
    change(broken);
    return message(broken);
  };
  EXPECT_NE(check_message([](auto& j) {
              j["file_checks"]["image"]["bytes"] = -1;
            }).find("file_checks.image.bytes"),
            std::string::npos);
  EXPECT_NE(check_message([](auto& j) {
              j["file_checks"]["depth_exr"]["sha256"] = "ABC";
            }).find("file_checks.depth_exr.sha256"),
            std::string::npos);
  EXPECT_NE(check_message([](auto& j) {
              j["file_checks"].erase("depth_png");
            }).find("'12_m_train.png' has no check"),
            std::string::npos);
  EXPECT_NE(check_message([](auto& j) {
              j["files"]["depth_exr"] = "";
            }).find("a check for a file that was not written"),
            std::string::npos);
  EXPECT_NE(check_message([](auto& j) {
              j["file_checks"]["normals"] = j["file_checks"]["image"];
            }).find("file_checks.normals"),
            std::string::npos);
  // A record from before checks were kept reads, without them.
  nlohmann::json old = json;
  old.erase("file_checks");
  EXPECT_EQ(message(old), "accepted");
}

}  // namespace
}  // namespace railyard
