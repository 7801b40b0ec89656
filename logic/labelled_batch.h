// Samples and labels a contiguous range of dataset indices on several threads. Every index is
// computed independently (balanced_set.h), so the result never depends on the thread count.
#pragma once

#include <algorithm>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "logic/balanced_set.h"

namespace railyard {

// Fills out[k] with the train of index first + k. `labellers` holds one labeller per thread (any
// type with `Direction label(const Train&)`, e.g. Rule); its size is the thread count.
template <class Labeller>
void sample_labelled_batch(const TrainSampler& sampler, std::vector<Labeller>& labellers,
                           std::uint64_t seed, std::uint64_t first, std::span<LabelledTrain> out,
                           const BalanceOptions& options) {
  std::size_t threads = std::max<std::size_t>(1, std::min(labellers.size(), out.size()));
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&](std::size_t t) {
    std::size_t begin = out.size() * t / threads, end = out.size() * (t + 1) / threads;
    auto label = [&](const Train& train) { return labellers[t].label(train); };
    try {
      for (std::size_t k = begin; k < end; ++k)
        out[k] = sample_labelled(sampler, label, seed, first + k, options);
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::jthread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

}  // namespace railyard
