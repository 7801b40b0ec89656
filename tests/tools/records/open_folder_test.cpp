#include "tools/lib/records/open_folder.h"

#include <gtest/gtest.h>

#include "tests/support/scratch_dir.h"
#include "tests/tools/records/record_errors.h"

namespace railyard {
namespace {

using testing::input_error_of;
using testing::mentions;
using testing::write_text;

class OpenFolderTest : public testing::ScratchDirTest {};

// Each kind is told by the file only it writes; a folder with none of them is read as a dataset,
// whose opener then says what it lacks.
TEST_F(OpenFolderTest, TellsEachKindByTheFileOnlyItWrites) {
  auto kind_with = [&](const std::string& file) {
    std::filesystem::path root = dir_ / file;
    std::filesystem::create_directories((root / file).parent_path());
    write_text(root / file, "{}\n");
    return folder_content(root);
  };
  EXPECT_EQ(kind_with("summary.json"), FolderContent::Suite);
  EXPECT_EQ(kind_with("pairs.jsonl"), FolderContent::Pairs);
  EXPECT_EQ(kind_with("worlds.json"), FolderContent::Worlds);
  EXPECT_EQ(kind_with("score.json"), FolderContent::Score);
  EXPECT_EQ(kind_with("sequences/sequences.jsonl"), FolderContent::SequenceSet);
  EXPECT_EQ(kind_with("manifest.json"), FolderContent::Dataset);
  EXPECT_EQ(kFolderContentNames.name(FolderContent::SequenceSet), "sequences");
}

TEST_F(OpenFolderTest, RefusesWhatIsNotAFolderOrNotOneOfRailyards) {
  write_text(dir_ / "file.txt", "text\n");
  EXPECT_TRUE(mentions(input_error_of([&] { folder_content(dir_ / "file.txt"); }), "not a folder"));
  EXPECT_TRUE(mentions(input_error_of([&] { open_folder(dir_); }), "records/"));
}

// A record folder is its record, checked: a score.json that is not one is refused naming it.
TEST_F(OpenFolderTest, ARecordFolderIsReadThroughItsRecordsReader) {
  write_text(dir_ / "score.json", "{\"railyard_score\": 1}\n");
  std::string error = input_error_of([&] { open_folder(dir_); });
  EXPECT_TRUE(mentions(error, "score.json")) << error;
}

// A suite without its summary is not finished: refused naming summary.json.
TEST_F(OpenFolderTest, ASuiteWithoutItsSummaryIsRefusedNamingIt) {
  EXPECT_TRUE(mentions(input_error_of([&] { SuiteFolder::open(dir_); }), "summary.json"));
}

}  // namespace
}  // namespace railyard
