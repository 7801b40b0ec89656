// A gtest fixture with an empty directory of its own, for the tests that write files.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace railyard::testing {

// dir_ is emptied before each test and removed after it. Its name carries the process id and the
// test's name, so tests running side by side (ctest -j) never share one.
class ScratchDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("railyard_" + std::string(test->test_suite_name()) + "_" + std::to_string(::getpid()) +
            "_" + test->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path dir_;
};

}  // namespace railyard::testing
