#include "tools/dataset/pipeline.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace railyard {
namespace {

// A bounded multi-consumer queue that can be closed, and that carries the first failure.
class SampleQueue {
 public:
  explicit SampleQueue(std::size_t capacity) : capacity_(capacity) {}

  // False when the run failed and the producer should stop.
  bool push(RenderedSample sample) {
    std::unique_lock lock(mutex_);
    space_.wait(lock, [&] { return items_.size() < capacity_ || failure_; });
    if (failure_) return false;
    items_.push_back(std::move(sample));
    ready_.notify_one();
    return true;
  }

  std::optional<RenderedSample> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !items_.empty() || closed_ || failure_; });
    if (failure_ || items_.empty()) return std::nullopt;
    RenderedSample sample = std::move(items_.front());
    items_.pop_front();
    space_.notify_one();
    return sample;
  }

  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }

  void fail(std::exception_ptr error) {
    std::lock_guard lock(mutex_);
    if (!failure_) failure_ = error;
    ready_.notify_all();
    space_.notify_all();
  }

  // Counts a written sample; `report` runs under the lock, so it needs no locking of its own.
  void mark_done(const std::function<void()>& report) {
    std::lock_guard lock(mutex_);
    report();
  }

  std::exception_ptr failure() {
    std::lock_guard lock(mutex_);
    return failure_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_, space_;
  std::deque<RenderedSample> items_;
  std::size_t capacity_;
  bool closed_ = false;
  std::exception_ptr failure_;
};

}  // namespace

void run_pipeline(const SampleProducer& produce, const SampleWriter& writer,
                  std::span<const std::uint64_t> indices, unsigned writer_threads,
                  Progress& progress) {
  SampleQueue queue(2 * std::max(1u, writer_threads) + 2);
  auto report = [&] { progress.advance(); };
  std::vector<std::jthread> writers;
  for (unsigned t = 0; t < std::max(1u, writer_threads); ++t)
    writers.emplace_back([&] {
      while (auto sample = queue.pop()) {
        try {
          writer.write(*sample);
          queue.mark_done(report);
        } catch (...) {
          queue.fail(std::current_exception());
        }
      }
    });
  // The producer stays on the calling thread, where the caller made its renderer.
  try {
    for (std::uint64_t index : indices)
      if (!queue.push(produce(index))) break;
  } catch (...) {
    queue.fail(std::current_exception());
  }
  queue.close();
  writers.clear();  // joins once the queue is drained
  if (auto failure = queue.failure()) std::rethrow_exception(failure);
}

}  // namespace railyard
