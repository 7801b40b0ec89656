// The generation loop's frames in flight (pipeline.h): a producing thread begins up to
// `in_flight` units before it finishes the oldest, finishes them in the order it began them, and
// on a failure drops the units it began (their frames' hold on the device goes with them).
#include "tools/lib/dataset/pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace railyard {
namespace {

// Counts the begun units dropped without being finished.
struct DropCounter {
  explicit DropCounter(std::atomic<int>& dropped) : dropped(dropped) {}
  DropCounter(const DropCounter&) = delete;
  ~DropCounter() {
    if (!finished) ++dropped;
  }
  std::atomic<int>& dropped;
  bool finished = false;
};

struct Walk {
  int units, at = 0;
  std::optional<int> operator()() { return at < units ? std::optional<int>(at++) : std::nullopt; }
};

TEST(WorkPipeline, KeepsUnitsInFlightAndFinishesTheOldestFirst) {
  for (unsigned in_flight : {1u, 3u}) {
    int begun = 0, most_pending = 0;
    std::vector<int> finished, written;
    std::mutex written_lock;
    auto begin = [&](int& unit, unsigned) -> BegunUnit<int> {
      ++begun;
      most_pending = std::max(most_pending, begun - static_cast<int>(finished.size()));
      return [&finished, unit] {
        finished.push_back(unit);
        return 10 * unit;
      };
    };
    auto write = [&](const int& item) {
      std::lock_guard lock(written_lock);
      written.push_back(item);
    };
    Progress progress(20, "units", nullptr);
    run_work_pipeline<int>(begin, write, Walk{20}, 2, progress, 1, in_flight);

    std::vector<int> in_order(20);
    std::iota(in_order.begin(), in_order.end(), 0);
    EXPECT_EQ(finished, in_order) << in_flight << " in flight";
    EXPECT_EQ(most_pending, static_cast<int>(in_flight));
    std::sort(written.begin(), written.end());
    for (int& unit : in_order) unit *= 10;
    EXPECT_EQ(written, in_order);
  }
}

TEST(WorkPipeline, AFailureDropsTheUnitsBegunAndStopsTheWalk) {
  std::atomic<int> dropped = 0;
  int begun = 0, finished = 0;
  auto begin = [&](int& unit, unsigned) -> BegunUnit<int> {
    ++begun;
    auto counter = std::make_shared<DropCounter>(dropped);
    return [&finished, counter, unit] {
      counter->finished = true;
      if (unit == 5) throw std::runtime_error("unit 5 cannot be read back");
      ++finished;
      return unit;
    };
  };
  Walk walk{100};
  Progress progress(100, "units", nullptr);
  EXPECT_THROW(run_work_pipeline<int>(
                   begin, [](const int&) {}, walk, 2, progress, 1, 3),
               std::runtime_error);
  EXPECT_EQ(finished, 5);
  EXPECT_EQ(begun, 8);  // unit 5 failed with units 6 and 7 begun behind it
  EXPECT_EQ(dropped, 2);
  EXPECT_EQ(walk.at, 8);
}

}  // namespace
}  // namespace railyard
