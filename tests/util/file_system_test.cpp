// File system calls whose failures are railyard's IoError naming the path (util/file_system.h),
// and whole-file reading that refuses what is not a regular file (util/read_file.h).
#include "util/file_system.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "tests/support/scratch_dir.h"
#include "util/content_hash.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

class FileSystemTest : public testing::ScratchDirTest {};

template <typename F>
std::string io_error_of(F f) {
  try {
    f();
  } catch (const IoError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(FileSystemTest, AbsentIsAnAnswerThroughAFileToo) {
  std::ofstream(dir_ / "file.txt") << "x";
  EXPECT_TRUE(file_system::exists(dir_ / "file.txt"));
  EXPECT_TRUE(file_system::is_regular_file(dir_ / "file.txt"));
  EXPECT_FALSE(file_system::is_directory(dir_ / "file.txt"));
  EXPECT_FALSE(file_system::exists(dir_ / "missing"));
  EXPECT_FALSE(file_system::exists(dir_ / "file.txt" / "sub"));  // ENOTDIR: absent
  EXPECT_FALSE(file_system::is_empty_folder(dir_ / "file.txt"));
}

TEST_F(FileSystemTest, WhatTheOsCannotTellIsAnIoErrorNamingThePath) {
  fs::path long_name = dir_ / std::string(300, 'n');
  fs::create_symlink(dir_ / "loop", dir_ / "loop");
  for (const fs::path& path : {long_name, dir_ / "loop" / "x"}) {
    std::string message = io_error_of([&] { file_system::exists(path); });
    EXPECT_TRUE(contains(message, path.string())) << message;
    EXPECT_FALSE(contains(message, "filesystem error")) << message;
  }
  EXPECT_TRUE(contains(io_error_of([&] { file_system::is_regular_file(long_name); }),
                       "File name too long"));
}

TEST_F(FileSystemTest, ChangesThatFailNameThePath) {
  std::ofstream(dir_ / "file.txt") << "x";
  std::string message = io_error_of([&] { file_system::create_folders(dir_ / "file.txt" / "d"); });
  EXPECT_TRUE(contains(message, (dir_ / "file.txt" / "d").string())) << message;
  message = io_error_of([&] { file_system::list_folder(dir_ / "file.txt"); });
  EXPECT_TRUE(contains(message, "cannot list the folder")) << message;
  message = io_error_of([&] { file_system::rename(dir_ / "missing", dir_ / "there"); });
  EXPECT_TRUE(contains(message, (dir_ / "missing").string())) << message;
  message = io_error_of([&] { file_system::file_size(dir_ / "missing"); });
  EXPECT_TRUE(contains(message, "cannot read its size")) << message;
}

TEST_F(FileSystemTest, ListsAFolderInNameOrder) {
  for (const char* name : {"b", "a", "c"}) std::ofstream(dir_ / name) << name;
  std::vector<fs::path> entries = file_system::list_folder(dir_);
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].filename(), "a");
  EXPECT_EQ(entries[2].filename(), "c");
}

// A folder, a device or a fifo is never read whole: /dev/zero would never end, a fifo would
// wait for a writer forever.
TEST_F(FileSystemTest, ReadsOnlyRegularFiles) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  std::pair<fs::path, const char*> refused[] = {{dir_, "a folder, not a regular file"},
                                                {"/dev/zero", "a character device"},
                                                {dir_ / "fifo", "a fifo"}};
  for (const auto& [path, what] : refused) {
    std::string message = io_error_of([&] { read_file_bytes(path); });
    EXPECT_TRUE(contains(message, path.string()) && contains(message, what)) << message;
    message = io_error_of([&] { sha256_hex_of_file(path); });
    EXPECT_TRUE(contains(message, what)) << message;
  }
}

TEST_F(FileSystemTest, HashesAFileInPieces) {
  std::string text(200'000, 'x');
  std::ofstream(dir_ / "big") << text;
  EXPECT_EQ(sha256_hex_of_file(dir_ / "big"), sha256_hex(text));
  Sha256 pieces;
  pieces.update(text.substr(0, 7));
  pieces.update(text.substr(7));
  EXPECT_EQ(pieces.hex(), sha256_hex(text));
}

}  // namespace
}  // namespace railyard
