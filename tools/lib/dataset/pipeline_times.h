// A run's time stage by stage (`railyard bench pipeline`): the producing thread's (train,
// layout, draw, read-back) and the writer threads' (write_stages.h), summed over the samples.
#pragma once

#include <mutex>

#include "tools/lib/dataset/sample_factory.h"
#include "tools/lib/dataset/write_stages.h"

namespace railyard {

struct PipelineTimes {
  ProduceTimes produce;
  WriteTimes write;  // every writer thread's

  // A writer's times for one sample, from any writer thread.
  void add(const WriteTimes& sample) {
    std::lock_guard lock(mutex_);
    write += sample;
  }

 private:
  std::mutex mutex_;
};

}  // namespace railyard
