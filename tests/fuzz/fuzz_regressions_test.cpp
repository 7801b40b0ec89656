// Every input committed under tests/fuzz/regressions/<target>/ (crashes, hangs and blow-ups the
// fuzzer or a tester found, kept after the fix) replayed through its fuzz target.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "tests/fuzz/fuzz_targets.h"

namespace railyard {
namespace {

const std::filesystem::path kRegressions =
    std::filesystem::path(RAILYARD_SOURCE_DIR) / "tests" / "fuzz" / "regressions";

class FuzzRegressions : public ::testing::TestWithParam<NamedFuzzTarget> {};

TEST_P(FuzzRegressions, ReplayWithoutFailing) {
  const NamedFuzzTarget& target = GetParam();
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(kRegressions / target.name))
    if (entry.is_regular_file()) inputs.push_back(entry.path());
  std::sort(inputs.begin(), inputs.end());
  ASSERT_FALSE(inputs.empty()) << "no regression inputs for " << target.name;
  for (const auto& input : inputs) {
    std::ifstream in(input, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(input.filename().string());
    EXPECT_EQ(target.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzRegressions, ::testing::ValuesIn(kFuzzTargets),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace railyard
