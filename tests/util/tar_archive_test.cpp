// Tar archives: reproducible bytes, read back member by member, and damaged archives refused
// naming the archive and the member.
#include "util/tar_archive.h"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/scratch_dir.h"
#include "util/content_hash.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

using TarArchiveTest = testing::ScratchDirTest;

std::string archive_bytes(const std::filesystem::path& file_member) {
  std::string bytes;
  TarWriter tar("test.tar", [&](std::string_view piece) { bytes.append(piece); });
  tar.add("000001.json", "{\"index\": 1}\n");
  tar.add_file("000001.png", file_member);
  tar.add("000002.json", "");
  tar.close();
  EXPECT_EQ(tar.bytes(), bytes.size());
  return bytes;
}

void write(const std::filesystem::path& file, std::string_view bytes) {
  std::ofstream(file, std::ios::binary) << bytes;
}

TEST_F(TarArchiveTest, SameMembersGiveSameBytesAndReadBack) {
  std::string image(300000, '\0');
  for (std::size_t i = 0; i < image.size(); ++i) image[i] = static_cast<char>(i * 7919 % 251);
  write(dir_ / "image.png", image);
  std::string first = archive_bytes(dir_ / "image.png");
  std::filesystem::last_write_time(dir_ / "image.png",
                                   std::filesystem::file_time_type::clock::now());
  EXPECT_EQ(archive_bytes(dir_ / "image.png"), first);  // the file's time is not in the archive
  EXPECT_EQ(first.size() % 10240, 0u);                  // padded to tar's record size

  write(dir_ / "a.tar", first);
  TarReader reader(dir_ / "a.tar");
  std::vector<std::pair<std::string, std::string>> members;
  while (auto member = reader.next()) members.emplace_back(member->name, reader.read_all(1 << 20));
  ASSERT_EQ(members.size(), 3u);
  EXPECT_EQ(members[0], (std::pair<std::string, std::string>{"000001.json", "{\"index\": 1}\n"}));
  EXPECT_EQ(members[1].first, "000001.png");
  EXPECT_EQ(members[1].second, image);
  EXPECT_EQ(members[2].second, "");
  EXPECT_EQ(reader.file_bytes(), first.size());
  EXPECT_EQ(reader.file_sha256(), sha256_hex(first));
}

TEST_F(TarArchiveTest, TruncatedArchiveNamesTheMember) {
  write(dir_ / "image.png", std::string(5000, 'x'));
  std::string bytes = archive_bytes(dir_ / "image.png");
  write(dir_ / "cut.tar", bytes.substr(0, 2000));
  TarReader reader(dir_ / "cut.tar");
  ASSERT_TRUE(reader.next());
  reader.read_all(100);
  ASSERT_TRUE(reader.next());
  try {
    reader.read([](std::string_view) {});
    FAIL() << "a truncated member was read whole";
  } catch (const ArchiveError& e) {
    EXPECT_NE(std::string(e.what()).find("cut.tar: in member '000001.png'"), std::string::npos)
        << e.what();
  }
}

TEST_F(TarArchiveTest, GarbageAndOversizedMembersAreRefused) {
  write(dir_ / "garbage.tar", std::string(4096, 'g'));
  EXPECT_THROW(TarReader(dir_ / "garbage.tar").next(), ArchiveError);

  write(dir_ / "image.png", std::string(5000, 'x'));
  write(dir_ / "a.tar", archive_bytes(dir_ / "image.png"));
  TarReader reader(dir_ / "a.tar");
  reader.next();
  reader.next();
  EXPECT_THROW(reader.read_all(4999), ArchiveError);  // claims more than a caller allows

  EXPECT_THROW(TarReader(dir_ / "missing.tar"), IoError);
}

TEST_F(TarArchiveTest, SinkFailureReachesTheCaller) {
  TarWriter tar("full.tar", [](std::string_view) { throw IoError("full.tar: disk full"); });
  EXPECT_THROW(
      {
        tar.add("a.json", std::string(20000, 'a'));
        tar.close();
      },
      IoError);
}

}  // namespace
}  // namespace railyard
