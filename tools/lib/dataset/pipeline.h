// The generation loop: producing threads render samples (each with a renderer of its own, since an
// OpenGL context belongs to one thread; one by default: llvmpipe and the path tracer parallelise
// inside, and on a GPU one thread keeps frames in flight: it begins the next units' frames while
// the device draws the oldest), while a pool of writers annotates, encodes and writes them. A
// bounded queue between the two keeps memory flat however large the dataset. A sample's bytes
// depend on its index alone, so the order in which threads take units changes nothing on disk. The
// run skeleton (run_job.h) drives it: generate moves single samples through it, intervene pairs of
// them (tools/lib/dataset/pairs/).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "tools/lib/dataset/progress.h"
#include "tools/lib/dataset/shard.h"

namespace railyard {

// A bounded multi-consumer queue that can be closed, and that carries the first failure.
template <class Item>
class WorkQueue {
 public:
  explicit WorkQueue(std::size_t capacity) : capacity_(capacity) {}

  // False when the run failed and the producer should stop.
  bool push(Item item) {
    std::unique_lock lock(mutex_);
    space_.wait(lock, [&] { return items_.size() < capacity_ || failure_; });
    if (failure_) return false;
    items_.push_back(std::move(item));
    ready_.notify_one();
    return true;
  }

  std::optional<Item> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !items_.empty() || closed_ || failure_; });
    if (failure_ || items_.empty()) return std::nullopt;
    Item item = std::move(items_.front());
    items_.pop_front();
    space_.notify_one();
    return item;
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

  // Counts a written item; `report` runs under the lock, so it needs no locking of its own.
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
  std::deque<Item> items_;
  std::size_t capacity_;
  bool closed_ = false;
  std::exception_ptr failure_;
};

// A unit begun on a producing thread (its frame in flight), finished into its item there.
template <class Item>
using BegunUnit = std::function<Item()>;

// Produces an item of every unit on `producers` threads, the calling thread (where the caller made
// its first renderer) being producer 0: `begin(unit, k)` runs on producer k's thread and the
// unit it returns is finished there once `in_flight` units are begun (the oldest first), then
// `release(k)` when that thread is done. Writes the items on `writer_threads` threads. The first
// error stops the run (items already written stay valid) and is rethrown here, whether it came
// from produce, write or the walk of the units itself: `next()` gives each unit (an optional),
// one producer at a time, nullopt at the end (the run skeleton's walk of the units not done yet).
// `failed()` runs on the failing thread as soon as an error is caught, so that whatever the walk
// waits on (a full window of a shard writer) lets go.
template <class Item, class Next, class Begin>
void run_work_pipeline(
    const Begin& begin, const std::function<void(const Item&)>& write, Next&& next,
    unsigned writer_threads, Progress& progress, unsigned producers = 1, unsigned in_flight = 1,
    const std::function<void(unsigned)>& release = [](unsigned) {},
    const std::function<void()>& failed = [] {}) {
  producers = std::max(1u, producers);
  in_flight = std::max(1u, in_flight);
  WorkQueue<Item> queue(2 * std::max(1u, writer_threads) + 2 + producers);
  auto report = [&] { progress.advance(); };
  std::vector<std::jthread> writers;
  for (unsigned t = 0; t < std::max(1u, writer_threads); ++t)
    writers.emplace_back([&] {
      while (auto item = queue.pop()) {
        try {
          write(*item);
          queue.mark_done(report);
        } catch (...) {
          queue.fail(std::current_exception());
          failed();
        }
      }
    });
  std::mutex walk;
  auto take = [&] {
    std::lock_guard lock(walk);
    return next();
  };
  auto produce_all = [&](unsigned k) {
    std::deque<BegunUnit<Item>> begun;  // destroyed untaken on a failure
    auto finish_oldest = [&] {
      Item item = begun.front()();
      begun.pop_front();
      return queue.push(std::move(item));
    };
    try {
      bool stopped = false;  // the run failed elsewhere
      while (!stopped) {
        auto unit = take();
        if (!unit) break;
        begun.push_back(begin(*unit, k));
        if (begun.size() >= in_flight) stopped = !finish_oldest();
      }
      while (!stopped && !begun.empty()) stopped = !finish_oldest();
    } catch (...) {
      queue.fail(std::current_exception());
      failed();
    }
    begun.clear();  // on this thread, whose renderer they hold
    release(k);
  };
  {
    std::vector<std::jthread> others;
    for (unsigned k = 1; k < producers; ++k) others.emplace_back(produce_all, k);
    produce_all(0);
  }  // joins the other producers
  queue.close();
  writers.clear();  // joins once the queue is drained
  if (auto failure = queue.failure()) std::rethrow_exception(failure);
}

}  // namespace railyard
