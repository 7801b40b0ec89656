#include "tools/lib/records/pair_record.h"

#include <gtest/gtest.h>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/record_errors.h"
#include "tools/lib/records/json/dataset_error.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

Rle mask(int height, int width, int ones_from) {
  Image<std::uint8_t> image(width, height, 0);
  for (int y = 0; y < height; ++y)
    for (int x = ones_from; x < width; ++x) image.at(x, y) = 1;
  return encode_mask(image);
}

PairRecord Record(std::uint64_t pair = 3) {
  PairRecord r;
  r.pair = r.base = r.intervened = pair;
  r.train = 11;
  r.operations = "swap_loads(1,3)";
  r.kinds = {"swap_loads"};
  r.base_label = Direction::West;
  r.label = Direction::East;
  r.flipped = true;
  r.changes = "car 1: load_shape";
  r.parts = {{PartChangeKind::Altered, PartKind::Payload, 1, 0, 7, 7},
             {PartChangeKind::Added, PartKind::Roof, 2, -1, 0, 9}};
  r.colour_difference = {mask(2, 3, 1), 4};
  r.spill_area = 1;
  r.part_difference = {mask(2, 3, 2), 2};
  return r;
}

// The bytes the pairs run has always written (pair_json before the typed record).
constexpr const char* kLine =
    R"x({"pair":3,"train":11,"base":3,"intervened":3,"operations":"swap_loads(1,3)",)x"
    R"x("kinds":["swap_loads"],"base_label":"west","label":"east","flipped":true,)x"
    R"x("changes":"car 1: load_shape","parts":[{"change":"altered","kind":"payload","car":1,)x"
    R"x("payload":0,"base_id":7,"id":7},{"change":"added","kind":"roof","car":2,"payload":-1,)x"
    R"x("base_id":0,"id":9}],"colour_difference":{"size":[2,3],"counts":"24","area":4,)x"
    R"x("spill_area":1},"part_difference":{"size":[2,3],"counts":"42","area":2}})x";

class PairRecordTest : public testing::ScratchDirTest {};

TEST_F(PairRecordTest, WritesTheBytesOfTheFormat) {
  EXPECT_EQ(pair_record_text(Record()), std::string(kLine) + "\n");
}

TEST_F(PairRecordTest, ReadsBackWhatItWrote) {
  write_text(dir_ / "3.json", pair_record_text(Record()));
  PairRecord back = read_pair_record(dir_ / "3.json", 3);
  EXPECT_EQ(back, Record());
  EXPECT_EQ(pair_record_text(back), std::string(kLine) + "\n");
  EXPECT_EQ(pair_record_from_line(kLine, dir_ / "pairs.jsonl", 4), Record());
}

TEST_F(PairRecordTest, DamagedFilesNameTheFileAndTheKey) {
  auto message = [&](const std::string& text, std::uint64_t pair = 3) {
    write_text(dir_ / "3.json", text);
    return input_error_of([&] { read_pair_record(dir_ / "3.json", pair); });
  };
  std::string file = (dir_ / "3.json").string();
  std::string line = kLine;
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = line;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  std::string m = message("garbage");
  EXPECT_TRUE(mentions(m, file + ":1: not valid JSON")) << m;
  m = message(line.substr(0, 150));  // truncated
  EXPECT_TRUE(mentions(m, file + ":1: not valid JSON")) << m;
  m = message("{\n\"pair\": 3,\n\"train\": \n}");  // a whole file: the line of the fault
  EXPECT_TRUE(mentions(m, file + ":4: not valid JSON")) << m;
  m = message(edited("\"train\":11,", ""));
  EXPECT_EQ(m, file + ": key 'train': missing");
  m = message(edited("\"train\":11", "\"train\":\"11\""));
  EXPECT_EQ(m, file + ": key 'train': expected a whole number of 0 or more, got \"11\"");
  m = message(edited("\"area\":2}", "\"area\":[2]}"));
  EXPECT_TRUE(mentions(m, file + ": key 'part_difference.area'")) << m;
  m = message(edited("\"change\":\"added\"", "\"change\":\"grown\""));
  EXPECT_TRUE(mentions(m, "key 'parts[1].change': expected one of added, removed")) << m;
  m = message(edited("\"kind\":\"roof\"", "\"kind\":\"chimney\""));
  EXPECT_TRUE(mentions(m,
                       "key 'parts[1].kind': expected one of locomotive, rail, body, wall, roof, "
                       "wheels, payload, got 'chimney'"))
      << m;
  m = message(edited("\"counts\":\"42\"", "\"counts\":\"~~\""));
  EXPECT_TRUE(mentions(m, "key 'part_difference.counts'")) << m;
  m = message(edited("\"flipped\":true", "\"flipped\":false"));
  EXPECT_TRUE(mentions(m, "key 'flipped': contradicts the labels")) << m;
  m = message(edited("\"kinds\":[\"swap_loads\"]", "\"kinds\":[1]"));
  EXPECT_TRUE(mentions(m, "key 'kinds[0]': expected a string")) << m;
  m = message(line, 4);  // another pair's record
  EXPECT_TRUE(mentions(m, file + ": key 'pair': is 3: not the record of pair 4")) << m;
  m = message("[]");
  EXPECT_TRUE(mentions(m, file + ": expected an object")) << m;
  EXPECT_THROW(read_pair_record(dir_ / "missing.json", 0), std::exception);
}

TEST_F(PairRecordTest, ABadLineOfPairsJsonlIsNamedByItsLine) {
  std::string good = kLine, bad = good;
  bad.replace(bad.find("\"label\":\"east\""), 14, "\"label\":\"north\"");
  std::string text = good + "\n" + good + "\n" + bad + "\n" + good + "\n";
  write_text(dir_ / "pairs.jsonl", text);
  std::string message = input_error_of([&] {
    std::size_t start = 0, number = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      pair_record_from_line(std::string_view(text).substr(start, end - start), dir_ / "pairs.jsonl",
                            ++number);
      start = end + 1;
    }
  });
  EXPECT_EQ(message, (dir_ / "pairs.jsonl").string() +
                         ":3: key 'label': expected one of east, west, got 'north'");
  message = input_error_of([&] { pair_record_from_line("{\"pair\": 1", "pairs.jsonl", 3); });
  EXPECT_TRUE(mentions(message, "pairs.jsonl:3: not valid JSON")) << message;
}

TEST_F(PairRecordTest, ErrorsAreDatasetErrors) {
  EXPECT_THROW(pair_record_from_line("{}", "pairs.jsonl", 1), DatasetError);
}

// unpaired.jsonl: its lines read back; a line of another shape is named by its line and key.
TEST(UnpairedLine, ReadsBackAndNamesABadLine) {
  UnpairedTrain unpaired{41, "no operation applies: car 2 has no roof"};
  std::string line = unpaired_line(unpaired);
  ASSERT_EQ(line.back(), '\n');
  line.pop_back();
  EXPECT_EQ(unpaired_from_line(line, "unpaired.jsonl", 3), unpaired);
  try {
    unpaired_from_line(R"({"train": -1, "reason": "x"})", "unpaired.jsonl", 3);
    ADD_FAILURE() << "a negative train was read";
  } catch (const DatasetError& e) {
    EXPECT_NE(std::string(e.what()).find("unpaired.jsonl:3: key 'train'"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace railyard
