// A run's time stage by stage (`railyard bench pipeline`): each producing thread's (train,
// layout, draw, read-back) and the writer threads' (write_stages.h), summed over the samples.
#pragma once

#include <mutex>
#include <vector>

#include "tools/lib/dataset/sample_factory.h"
#include "tools/lib/dataset/write_stages.h"

namespace railyard {

struct PipelineTimes {
  std::vector<ProduceTimes> produce;  // [k]: producing thread k's (the run sizes it)
  WriteTimes write;                   // every writer thread's

  // Every producing thread's, summed.
  ProduceTimes produced() const {
    ProduceTimes sum;
    for (const ProduceTimes& k : produce) {
      sum.train += k.train;
      sum.layout += k.layout;
      sum.frame += k.frame;
    }
    return sum;
  }

  // A writer's times for one sample, from any writer thread.
  void add(const WriteTimes& sample) {
    std::lock_guard lock(mutex_);
    write += sample;
  }

 private:
  std::mutex mutex_;
};

}  // namespace railyard
