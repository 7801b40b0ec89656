#include "util/atomic_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "tests/support/scratch_dir.h"
#include "util/io_error.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public testing::ScratchDirTest {
 protected:
  static std::string Read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  std::vector<std::string> Names() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_))
      names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  // Runs f, which must throw IoError; returns its message.
  template <class F>
  static std::string IoErrorOf(F f) {
    try {
      f();
    } catch (const IoError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no IoError";
    return {};
  }
};

TEST_F(AtomicFileTest, CommitPutsTheContentInPlace) {
  fs::path path = dir_ / "scene.json";
  AtomicFile file(path);
  EXPECT_EQ(file.temp_path().parent_path(), dir_);
  EXPECT_TRUE(is_temp_file_name(file.temp_path().filename().string()));
  file.write(std::string_view("{\"a\": "));
  file.write(std::string_view("1}"));
  EXPECT_FALSE(fs::exists(path));
  file.commit();
  EXPECT_EQ(Read(path), "{\"a\": 1}");
  EXPECT_EQ(Names(), (std::vector<std::string>{"scene.json"}));
}

TEST_F(AtomicFileTest, ReplacesAnExistingFile) {
  fs::path path = dir_ / "a.txt";
  write_file_atomically(path, std::string_view("old"));
  std::vector<std::uint8_t> bytes = {'n', 'e', 'w', 0, 255};
  write_file_atomically(path, bytes);
  EXPECT_EQ(Read(path), std::string("new\0\xff", 5));
  EXPECT_EQ(Names(), (std::vector<std::string>{"a.txt"}));
}

TEST_F(AtomicFileTest, AbandonedWriteLeavesTheOldFileAndNoTemporary) {
  fs::path path = dir_ / "a.txt";
  write_file_atomically(path, std::string_view("old"));
  {
    AtomicFile file(path);
    file.write(std::string_view("half of the new cont"));
  }
  EXPECT_EQ(Read(path), "old");
  EXPECT_EQ(Names(), (std::vector<std::string>{"a.txt"}));
}

TEST_F(AtomicFileTest, MissingFolderNamesThePathAndTheReason) {
  fs::path path = dir_ / "missing" / "a.png";
  std::string message = IoErrorOf([&] { write_file_atomically(path, std::string_view("x")); });
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
}

TEST_F(AtomicFileTest, FolderThatIsAFile) {
  write_file_atomically(dir_ / "file", std::string_view("x"));
  fs::path path = dir_ / "file" / "a.png";
  std::string message = IoErrorOf([&] { write_file_atomically(path, std::string_view("x")); });
  EXPECT_NE(message.find("Not a directory"), std::string::npos) << message;
}

TEST_F(AtomicFileTest, UnwritableFolder) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only folders";
  fs::path folder = dir_ / "read_only";
  fs::create_directories(folder);
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
  std::string message =
      IoErrorOf([&] { write_file_atomically(folder / "a.png", std::string_view("x")); });
  fs::permissions(folder, fs::perms::owner_all);
  EXPECT_NE(message.find("Permission denied"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_empty(folder));
}

TEST_F(AtomicFileTest, FullDiskKeepsTheOldFile) {
  // A file size limit makes write() fail as a full disk would (EFBIG instead of ENOSPC).
  fs::path path = dir_ / "big.bin";
  write_file_atomically(path, std::string_view("old"));
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  auto saved_handler = ::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string message = IoErrorOf([&] {
    AtomicFile file(path);
    file.write(std::string(100000, 'x'));
    file.commit();
  });
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::signal(SIGXFSZ, saved_handler);
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_NE(message.find("cannot write"), std::string::npos) << message;
  EXPECT_EQ(Read(path), "old");
  EXPECT_EQ(Names(), (std::vector<std::string>{"big.bin"}));
}

TEST_F(AtomicFileTest, KilledWriterLeavesNoFinalFile) {
  fs::path path = dir_ / "image.png";
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Writes forever without committing, until killed.
    AtomicFile file(path);
    std::string chunk(1 << 16, 'x');
    for (;;) file.write(chunk);
  }
  // Wait until the child's temporary has content, then kill it mid-write.
  bool started = false;
  for (int i = 0; i < 2000 && !started; ++i) {
    for (const auto& entry : fs::directory_iterator(dir_))
      if (is_temp_file_name(entry.path().filename().string()) && fs::file_size(entry) > 0)
        started = true;
    if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(started);
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(remove_stale_temp_files(dir_), 1);
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(AtomicFileTest, RemoveStaleTempFilesKeepsOtherFiles) {
  write_file_atomically(dir_ / "1_m_train.png", std::string_view("x"));
  write_file_atomically(dir_ / ".hidden", std::string_view("x"));
  write_file_atomically(dir_ / ".1_m_train.png.railyard-tmp-99-0", std::string_view("x"));
  EXPECT_EQ(remove_stale_temp_files(dir_), 1);
  EXPECT_EQ(Names(), (std::vector<std::string>{".hidden", "1_m_train.png"}));
  EXPECT_EQ(remove_stale_temp_files(dir_ / "missing"), 0);
}

TEST_F(AtomicFileTest, RemoveStaleTempFilesOfOneNameOnly) {
  write_file_atomically(dir_ / ".a.txt.railyard-tmp-99-0", std::string_view("x"));
  write_file_atomically(dir_ / ".b.txt.railyard-tmp-99-0", std::string_view("x"));
  write_file_atomically(dir_ / ".a.txt.jsonl.railyard-tmp-99-0", std::string_view("x"));
  EXPECT_EQ(remove_stale_temp_files(dir_, "a.txt"), 1);
  EXPECT_EQ(Names(), (std::vector<std::string>{".a.txt.jsonl.railyard-tmp-99-0",
                                               ".b.txt.railyard-tmp-99-0"}));
}

TEST_F(AtomicFileTest, RemoveStaleTemporariesUnderEveryFolder) {
  fs::create_directories(dir_ / "a" / "b" / "c");
  fs::create_directories(dir_ / ".export.railyard-tmp-99-0" / "train");
  fs::create_directories(dir_ / "outside");
  for (const fs::path& file :
       {dir_ / ".m.json.railyard-tmp-1-0", dir_ / "a" / ".x.railyard-tmp-1-1",
        dir_ / "a" / "b" / "c" / ".y.railyard-tmp-1-2",
        dir_ / ".export.railyard-tmp-99-0" / "train" / "bk.pl",
        dir_ / "outside" / ".z.railyard-tmp-1-3"})
    write_file_atomically(file, std::string_view("x"));
  write_file_atomically(dir_ / "a" / "b" / "kept.json", std::string_view("x"));
  // A link to a folder elsewhere is not followed: what it points at is not ours to clean.
  fs::create_directories(dir_ / "root");
  fs::rename(dir_ / "a", dir_ / "root" / "a");
  fs::rename(dir_ / ".m.json.railyard-tmp-1-0", dir_ / "root" / ".m.json.railyard-tmp-1-0");
  fs::rename(dir_ / ".export.railyard-tmp-99-0", dir_ / "root" / ".export.railyard-tmp-99-0");
  fs::create_directory_symlink(dir_ / "outside", dir_ / "root" / "link");
  EXPECT_EQ(remove_stale_temporaries_under(dir_ / "root"), 4);
  std::vector<std::string> left;
  for (const auto& entry : fs::recursive_directory_iterator(dir_))
    if (entry.is_regular_file()) left.push_back(fs::relative(entry.path(), dir_).string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"outside/.z.railyard-tmp-1-3", "root/a/b/kept.json"}));
  EXPECT_EQ(remove_stale_temporaries_under(dir_ / "missing"), 0);
}

TEST_F(AtomicFileTest, CommitTwiceIsAnError) {
  AtomicFile file(dir_ / "a.txt");
  file.commit();
  EXPECT_THROW(file.commit(), IoError);
  EXPECT_THROW(file.write(std::string_view("x")), IoError);
}

}  // namespace
}  // namespace railyard
