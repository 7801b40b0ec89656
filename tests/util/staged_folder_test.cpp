// A staged folder (util/staged_folder.h): it appears whole or not at all, and replaces only a
// folder of its own kind that it wrote and nobody changed since.
#include "util/staged_folder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>

#include "tests/support/scratch_dir.h"
#include "util/content_hash.h"
#include "util/io_error.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

constexpr FolderKind kTests{"railyard tests", ".railyard-tests"};
constexpr FolderKind kOthers{"railyard others", ".railyard-others"};

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Every file under `folder` with its content, by relative path.
std::map<std::string, std::string> tree(const fs::path& folder) {
  std::map<std::string, std::string> files;
  if (!fs::exists(folder)) return files;
  if (!fs::is_directory(folder)) return {{"", read_text(folder)}};
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (!entry.is_directory() || entry.is_symlink())
      files[entry.path().lexically_relative(folder).generic_string()] =
          entry.is_symlink() ? "-> link" : read_text(entry.path());
  return files;
}

// The message of the InputError or IoError f throws, or "" when it throws none.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  } catch (const IoError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class StagedFolderTest : public testing::ScratchDirTest {
 protected:
  // A folder of `kind` holding a.txt and sub/b.txt, written through StagedFolder.
  void write(const fs::path& folder, const FolderKind& kind = kTests, const char* a = "a") {
    StagedFolder staged(folder, kind);
    staged.write("a.txt", a);
    staged.write("sub/b.txt", "b");
    staged.commit();
  }
  // Refused naming the folder and `part`, the folder as it was.
  void expect_refused(const fs::path& folder, const std::string& part) {
    auto before = tree(folder);
    std::string message = error_of([&] { write(folder); });
    EXPECT_TRUE(contains(message, folder.string()) && contains(message, part)) << message;
    EXPECT_EQ(tree(folder), before);
  }
};

TEST_F(StagedFolderTest, MarkerListsEveryFileWithItsSha256) {
  write(dir_ / "out");
  std::string marker = read_text(dir_ / "out" / ".railyard-tests");
  EXPECT_TRUE(marker.starts_with("# made by railyard tests:")) << marker;
  EXPECT_TRUE(contains(marker, "\n" + sha256_hex("a") + "  a.txt\n")) << marker;
  EXPECT_TRUE(contains(marker, "\n" + sha256_hex("b") + "  sub/b.txt\n")) << marker;
}

TEST_F(StagedFolderTest, ReplacesItsOwnUnchangedFolderWhole) {
  write(dir_ / "out", kTests, "first");
  write(dir_ / "out", kTests, "second");
  EXPECT_EQ(read_text(dir_ / "out" / "a.txt"), "second");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1)
      << "a temporary folder was left behind";
}

TEST_F(StagedFolderTest, TakesAMissingOrEmptyFolder) {
  fs::create_directories(dir_ / "empty");
  write(dir_ / "empty");
  write(dir_ / "new" / "deeper");
  EXPECT_EQ(read_text(dir_ / "empty" / "a.txt"), "a");
  EXPECT_EQ(read_text(dir_ / "new" / "deeper" / "sub" / "b.txt"), "b");
}

// Whatever it did not make, or what was changed since, stays as it is.
TEST_F(StagedFolderTest, NeverReplacesWhatItDidNotMakeOrWhatChanged) {
  fs::create_directories(dir_ / "dataset" / "records");
  std::ofstream(dir_ / "dataset" / "records" / "0.json") << "{}";
  expect_refused(dir_ / "dataset", "not made by railyard tests");

  fs::create_directories(dir_ / "planted");  // a planted file of a known name proves nothing
  std::ofstream(dir_ / "planted" / "score.json") << "{}";
  expect_refused(dir_ / "planted", "not made by railyard tests");

  write(dir_ / "added");
  std::ofstream(dir_ / "added" / "sub" / "notes.txt") << "my notes";
  expect_refused(dir_ / "added", "'sub/notes.txt'");

  write(dir_ / "edited");
  std::ofstream(dir_ / "edited" / "a.txt") << "edited by hand";
  expect_refused(dir_ / "edited", "'a.txt' was changed");

  write(dir_ / "linked");
  fs::create_directory_symlink(dir_ / "dataset", dir_ / "linked" / "data");
  expect_refused(dir_ / "linked", "'data'");

  write(dir_ / "forged");
  std::ofstream(dir_ / "forged" / ".railyard-tests") << "a.txt\nsub/b.txt\n";
  expect_refused(dir_ / "forged", "not made by railyard tests");

  write(dir_ / "other", kOthers);
  expect_refused(dir_ / "other", "made by railyard others, not by railyard tests");

  fs::create_directory_symlink(dir_ / "dataset", dir_ / "link");
  expect_refused(dir_ / "link", "it is a link");

  std::ofstream(dir_ / "file") << "a file";
  expect_refused(dir_ / "file", "exists and is not a folder");
}

TEST_F(StagedFolderTest, ChecksTheDestinationAgainAtCommit) {
  StagedFolder staged(dir_ / "out", kTests);
  staged.write("kept.txt", "kept");
  fs::create_directories(dir_ / "out");
  std::ofstream(dir_ / "out" / "meanwhile.txt") << "written while the command ran";
  std::string message = error_of([&] { staged.commit(); });
  EXPECT_TRUE(contains(message, "not made by railyard tests")) << message;
  EXPECT_EQ(read_text(dir_ / "out" / "meanwhile.txt"), "written while the command ran");
}

TEST_F(StagedFolderTest, ClearsTemporaryFoldersOfDeadRunsOnly) {
  // A run killed mid-write leaves its temporary folder; its process id no longer exists.
  fs::path stale = dir_ / ".out.railyard-tmp-2147483646-0";
  fs::path live = dir_ / (".out.railyard-tmp-" + std::to_string(::getpid()) + "-999");
  fs::path other = dir_ / ".another.railyard-tmp-2147483646-0";
  for (const fs::path& folder : {stale, live, other}) fs::create_directories(folder / "sub");
  write(dir_ / "out");
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live)) << "a running process's folder was removed";
  EXPECT_TRUE(fs::exists(other)) << "another destination's folder was removed";
}

TEST_F(StagedFolderTest, ClearsEarlierVersionsTemporariesOfDeadRunsToo) {
  constexpr FolderKind kScored{"railyard scored", ".railyard-scored", {".partial-", ".old-"}};
  fs::path partial = dir_ / ".out.partial-2147483646", old = dir_ / ".out.old-2147483646";
  fs::path live = dir_ / (".out.partial-" + std::to_string(::getpid()));
  for (const fs::path& folder : {partial, old, live}) fs::create_directories(folder);
  StagedFolder staged(dir_ / "out", kScored);
  staged.commit();
  EXPECT_FALSE(fs::exists(partial));
  EXPECT_FALSE(fs::exists(old));
  EXPECT_TRUE(fs::exists(live));
}

TEST_F(StagedFolderTest, FilesWrittenByPathAreListedToo) {
  StagedFolder staged(dir_ / "out", kTests);
  std::ofstream(staged.path_for("plots/p.png")) << "png";
  staged.commit();
  EXPECT_TRUE(contains(read_text(dir_ / "out" / ".railyard-tests"), "  plots/p.png\n"));
  write(dir_ / "out");  // and so the folder is still its own
}

TEST_F(StagedFolderTest, CommitsOnlyClosedFiles) {
  StagedFolder staged(dir_ / "out", kTests);
  staged.write("kept.txt", "kept");
  {
    StagedFile open(staged, "sub/dropped.txt");
    open.write("half");
    std::string message = error_of([&] { staged.commit(); });
    EXPECT_TRUE(contains(message, "still being written")) << message;
  }  // destroyed without close(): left out
  staged.commit();
  auto files = tree(dir_ / "out");
  EXPECT_EQ(files.size(), 2u);
  EXPECT_EQ(files["kept.txt"], "kept");
  EXPECT_FALSE(contains(files[".railyard-tests"], "dropped")) << files[".railyard-tests"];
}

TEST_F(StagedFolderTest, MessagesNameTheDestinationNotTheTemporaryFolder) {
  StagedFolder staged(dir_ / "out", kTests);
  std::ofstream(staged.staging() / "sub") << "a file where a folder is wanted";
  std::string message = error_of([&] { staged.write("sub/x.txt", "x"); });
  EXPECT_TRUE(contains(message, (dir_ / "out" / "sub").string())) << message;
  EXPECT_FALSE(contains(message, "railyard-tmp")) << message;
}

}  // namespace
}  // namespace railyard
