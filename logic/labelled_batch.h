// Samples and labels a contiguous range of dataset indices on several threads. Every index is
// computed independently (balanced_set.h), so the result never depends on the thread count.
#pragma once

#include <algorithm>
#include <exception>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "logic/balanced_set.h"

namespace railyard {

// Runs work(thread, k) for k in [0, n) on `threads` threads, each a contiguous block; the first
// exception is rethrown once every thread has stopped.
template <class Work>
void parallel_blocks(std::size_t threads, std::size_t n, Work&& work) {
  threads = std::max<std::size_t>(1, std::min(threads, n));
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto block = [&](std::size_t t) {
    try {
      for (std::size_t k = n * t / threads; k < n * (t + 1) / threads; ++k) work(t, k);
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(block, t);
    block(0);
  }  // joins
  if (failure) std::rethrow_exception(failure);
}

// Fills out[k] with the train of index first + k. `labellers` holds one labeller per thread (any
// type with `Direction label(const Train&)`, e.g. Rule); its size is the thread count.
template <class Labeller>
void sample_labelled_batch(const TrainSampler& sampler, std::vector<Labeller>& labellers,
                           std::uint64_t seed, std::uint64_t first, std::span<LabelledTrain> out,
                           const BalanceOptions& options) {
  parallel_blocks(labellers.size(), out.size(), [&](std::size_t t, std::size_t k) {
    auto label = [&](const Train& train) { return labellers[t].label(train); };
    out[k] = sample_labelled(sampler, label, seed, first + k, options);
  });
}

// The eastbound trains among indices [0, count) at the rule's natural odds (rule statistics),
// labelled in blocks so memory stays flat however many are asked for.
template <class Labeller>
std::uint64_t count_eastbound(const TrainSampler& sampler, std::vector<Labeller>& labellers,
                              std::uint64_t seed, std::uint64_t count,
                              const std::string& rule_name) {
  constexpr std::uint64_t kBlock = 1 << 16;
  BalanceOptions natural{false, 1, rule_name};
  std::vector<LabelledTrain> block;
  std::uint64_t east = 0;
  for (std::uint64_t first = 0; first < count; first += kBlock) {
    block.resize(std::min(kBlock, count - first));
    sample_labelled_batch(sampler, labellers, seed, first, std::span(block), natural);
    for (const auto& t : block) east += t.label == Direction::East;
  }
  return east;
}

}  // namespace railyard
