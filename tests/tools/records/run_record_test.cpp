#include "tools/lib/records/run_record.h"

#include <gtest/gtest.h>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/record_errors.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

class RunRecordTest : public testing::ScratchDirTest {};

// The bytes record_run has always written (a key-sorted object).
constexpr const char* kText = R"x({
  "backend": "raster (llvmpipe)",
  "rendered_last_run": 3,
  "shard": "1/4",
  "wall_seconds": 2.5
}
)x";

TEST_F(RunRecordTest, NamedWrittenAndReadBack) {
  RunRecord record{1, 4, 2.5, 3, "raster (llvmpipe)"};
  EXPECT_EQ(run_record_name(1, 4), "shard-1-of-4.json");
  EXPECT_EQ(run_record_text(record), kText);
  write_run_record(dir_ / run_record_name(1, 4), record);
  EXPECT_EQ(read_run_record(dir_ / "shard-1-of-4.json"), record);
}

TEST_F(RunRecordTest, DamagedRecordsNameTheFileAndTheKey) {
  std::filesystem::path path = dir_ / "shard-1-of-4.json";
  std::string file = path.string();
  auto message = [&](const std::string& text) {
    write_text(path, text);
    return input_error_of([&] { read_run_record(path); });
  };
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string text = kText;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  std::string m = message("garbage");
  EXPECT_TRUE(mentions(m, file + ":1: not valid JSON")) << m;
  m = message(std::string(kText).substr(0, 40));
  EXPECT_TRUE(mentions(m, file + ":3: not valid JSON")) << m;
  m = message(edited("\"wall_seconds\": 2.5", "\"wall_seconds\": \"2.5\""));
  EXPECT_EQ(m, file + ": key 'wall_seconds': expected a number, got \"2.5\"");
  m = message(edited("  \"rendered_last_run\": 3,\n", ""));
  EXPECT_EQ(m, file + ": key 'rendered_last_run': missing");
  m = message(edited("\"1/4\"", "\"4/4\""));
  EXPECT_TRUE(mentions(m, file + ": key 'shard': expected \"<index>/<count>\"")) << m;
  m = message(edited("\"1/4\"", "\"0/4\""));
  EXPECT_TRUE(mentions(m, file + ": key 'shard': the record of shard-0-of-4.json")) << m;
  m = message(edited("\"wall_seconds\": 2.5", "\"wall_seconds\": -1"));
  EXPECT_TRUE(mentions(m, "key 'wall_seconds': must not be negative")) << m;
}

}  // namespace
}  // namespace railyard
