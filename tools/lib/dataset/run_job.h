// The run skeleton: what every kind of run (generate and render: samples; intervene: pairs; the
// next kinds: sequences, worlds) does the same way. A run kind supplies its units of work and how
// to produce, write, recognise as done and finalize them; the skeleton owns the order of events:
//
//   probe render      the first unit of this process rendered once, before any folder exists,
//                     so a device that cannot allocate the frame fails with nothing written
//   folders, locks    the writers' lock (writer_lock.h), then the run's lock (run_lock.h)
//   resume            temporaries of killed runs removed (when writing alone), records/ listed
//                     once, then the walk of this shard's units whose samples are not all done
//                     (a kind that writes tar shards walks only the shards not done itself:
//                     RunWork::own_resume)
//   pipeline          one producing thread, a pool of writers (pipeline.h), progress
//   run record        runs/shard-<i>-of-<N>.json, this shard's wall time for the manifest
//   finalize          the dataset-wide files, for a whole run; `merge_run` for a sharded one
//
// A run kind never touches locks, resume, sharding or merge; tests/tools/dataset/run_job_test.cpp
// defines one (three trains per unit) to prove it.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/lib/dataset/pipeline.h"
#include "tools/lib/dataset/run_lock.h"
#include "tools/lib/dataset/run_setup.h"
#include "tools/lib/dataset/shard.h"
#include "tools/lib/dataset/tar_shard_sink.h"
#include "tools/lib/dataset/writer_lock.h"

namespace railyard {

struct PipelineTimes;  // pipeline_times.h

struct RunOptions {
  Shard shard;                     // every unit by default
  std::filesystem::path data_dir;  // holds logic/rules, scenes, assets
  std::string version;             // written into the dataset's info and manifest
  bool progress = true;
  PipelineTimes* times = nullptr;  // a benchmark's: each stage of the samples' making
};

struct RunSummary {
  std::filesystem::path root;
  std::uint64_t rendered = 0;     // units made by this process
  std::uint64_t skipped = 0;      // already done by an earlier run
  std::uint64_t redone = 0;       // done earlier, but their files failed the check: made again
  double seconds = 0.0;           // making and writing the units (the pipeline)
  double finalize_seconds = 0.0;  // the dataset-wide files, after them
  double total_seconds = 0.0;     // the whole command, where the caller timed it
  bool finalized = false;
  std::string backend;  // the renderer's description
  std::string units;    // what a unit is: "images", "pairs", "sequences"
};

// What a run kind writes, and how its folder is finished: all that a merge needs.
class RunOutput {
 public:
  virtual ~RunOutput() = default;
  // The dataset folder that holds the run's lock, the writers' locks and the run records.
  virtual const DatasetPaths& lock_folder() const = 0;
  // The folder the run writes as a whole (temporaries are removed under it); the summary's root.
  virtual std::filesystem::path root() const { return lock_folder().root(); }
  virtual void create_folders() const { lock_folder().create_folders(); }
  // Temporaries a killed run may have left outside root() (a shared description folder).
  virtual void remove_temporaries() const;
  // The files made from every finished unit; throws naming the first unit not finished.
  virtual void finalize(const RunLock& lock, const std::string& version) = 0;
};

// Where a unit's samples are in the lock folder's records/: the first and how many.
struct SampleSpan {
  std::uint64_t first = 0;
  std::uint64_t count = 1;
};

// What a run kind renders. Unit: one step of the pipeline (a sample index, a planned pair);
// Item: what producing it makes, written on the writer threads. Resume is the skeleton's: it
// lists records/ once, and a unit is done when each of its samples is finished (and `finished`
// agrees), so a kind only says which samples a unit has.
template <class Unit, class Item>
class RunWork {
 public:
  virtual ~RunWork() = default;

  // Starts a walk over every unit `shard` owns, in order; the skeleton leaves out those done.
  virtual void begin_walk(const Shard& shard) = 0;
  // The walk's next unit; nullopt at its end.
  virtual std::optional<Unit> next_unit() = 0;
  // A unit's index (a sample's, a pair's, a sequence's), and its samples in records/ (a sample:
  // itself; a pair: its base sample; a sequence: its steps).
  virtual std::uint64_t index(const Unit& unit) const = 0;
  virtual SampleSpan samples(std::uint64_t unit) const { return {unit, 1}; }
  // The unit holding sample `sample` of records/; nullopt for a record of none (a stray).
  virtual std::optional<std::uint64_t> unit_of(std::uint64_t sample) const = 0;
  // Whether a unit whose samples are all finished is done: what else marks it (a pair's file).
  virtual bool finished(const Unit&) const { return true; }
  // Renders a unit, on the skeleton's thread (the renderer's).
  virtual Item produce(Unit& unit) = 0;
  // Renders as little of a unit as proves the device can make its frames, before any folder
  // exists (the probe): the whole unit unless a kind knows better (a sequence: its first step).
  virtual void probe(Unit& unit) { produce(unit); }
  // Producing threads, each with a renderer of its own: produce_on(unit, k) runs on thread k
  // (thread 0 is the run's), release_producer(k) when thread k is done.
  virtual unsigned producers() const { return 1; }
  virtual Item produce_on(Unit& unit, unsigned /*producer*/) { return produce(unit); }
  // Frames in flight: a producing thread begins up to in_flight() units before it finishes the
  // oldest; begin_on(unit, k) begins one on thread k (by default: produces it whole).
  virtual unsigned in_flight() const { return 1; }
  virtual BegunUnit<Item> begin_on(Unit& unit, unsigned producer) {
    return [item = std::make_shared<Item>(produce_on(unit, producer))] { return std::move(*item); };
  }
  virtual void release_producer(unsigned /*producer*/) {}
  // Writes an item, on a writer thread; its last file marks the unit done.
  virtual void write(const Item& item) const = 0;
  // The number of units of the whole run, for progress; nullopt when only the walk finds out.
  virtual std::optional<std::uint64_t> unit_count() const { return std::nullopt; }
  // What progress counts ("images", "pairs").
  virtual std::string unit_name() const = 0;

  // A kind whose walk itself leaves out what earlier runs finished (a run writing tar shards
  // resumes by whole shards: tar_shard_sink.h) says, once begin_walk has run, how many units
  // that was and how many the walk gives; nullopt: the skeleton resumes from records/.
  struct OwnResume {
    std::uint64_t done = 0, pending = 0;
  };
  virtual std::optional<OwnResume> own_resume() const { return std::nullopt; }
  // The run failed (on any thread): a kind whose walk can wait lets it go (a shard writer's).
  virtual void abandon() {}
};

// A run whose units are the indices 0 .. unit_count() - 1 (samples, sequences), walked without
// being stored. Files layout: the indices of the farm task's share; shards layout (write_into):
// the sink walks the units of the task's shards not done, and resumes by whole shards.
template <class Item>
class IndexWork : public RunWork<std::uint64_t, Item> {
 public:
  void write_into(TarShardSink& sink) { sink_ = &sink; }

  void begin_walk(const Shard& shard) override {
    if (sink_) return sink_->begin(shard);
    ShardIndices mine = shard.samples(*this->unit_count());
    at_ = mine.begin();
    end_ = mine.end();
  }
  std::optional<std::uint64_t> next_unit() override {
    if (sink_) return sink_->next_unit();
    if (at_ == end_) return std::nullopt;
    return *at_++;
  }
  std::optional<typename RunWork<std::uint64_t, Item>::OwnResume> own_resume() const override {
    if (!sink_) return std::nullopt;
    return {{sink_->units_done(), sink_->units_pending()}};
  }
  void abandon() override {
    if (sink_) sink_->fail();
  }
  std::uint64_t index(const std::uint64_t& unit) const override { return unit; }
  std::optional<std::uint64_t> unit_of(std::uint64_t sample) const override {
    if (sample < *this->unit_count()) return sample;
    return std::nullopt;
  }

 protected:
  TarShardSink* sink() const { return sink_; }

 private:
  ShardIndices::iterator at_, end_;
  TarShardSink* sink_ = nullptr;
};

namespace run_detail {

// Refuses, before any work, a destination the run may not write into: it exists and is not a
// folder, or it holds a file (temporaries aside) and is not a dataset a railyard run started
// (its config.yaml lock). A person's folder, or another tool's, is never written into.
void check_destination(const RunOutput& output);
// Throws the backend's error with the image size in the message.
[[noreturn]] void rethrow_probe_failure(const render::RendererError& error, const RunSetup& setup);
// What killed runs left half-written: under the output's root at any depth, and its own.
void remove_temporaries(const RunOutput& output);
// The run record of this shard (runs/shard-<i>-of-<N>.json), with earlier runs' time added.
void record_run(const DatasetPaths& folder, const Shard& shard, const RunSummary& summary);
void report_redone(const RunSummary& summary, bool progress);

// What earlier runs finished of this shard's units, from one listing of records/: each listed
// sample of a unit the shard owns read and given the cheap check (sample_files.h) on `threads`
// threads. Memory grows with the samples done, never with the count.
class Resume {
 public:
  using UnitOf = std::function<std::optional<std::uint64_t>(std::uint64_t)>;
  Resume(const DatasetPaths& folder, const UnitOf& unit_of, const Shard& shard, unsigned threads);

  enum class State { Absent, Done, Partial };  // Partial: some samples listed, not every one fine
  State state(SampleSpan samples) const;
  // The units each of whose samples is finished.
  std::uint64_t units_done(const std::function<SampleSpan(std::uint64_t)>& samples) const;

 private:
  UnitOf unit_of_;
  std::vector<std::uint64_t> finished_, failed_;  // ascending
};

// Makes the first unit of this process's shard once, before any folder exists, so that a frame
// the device cannot allocate fails with nothing written (and the image size in the message).
template <class Work>
void probe(Work& work, RunSetup& setup, const Shard& shard) {
  work.begin_walk(shard);
  if (auto first = work.next_unit()) try {
      work.probe(*first);
    } catch (const render::RendererError& e) {
      rethrow_probe_failure(e, setup);
    }
}

}  // namespace run_detail

// Runs `work` for the process's shard, into `output`: probe, folders and locks, resume, pipeline,
// run record, and for a whole run the finalize. Everything that can fail on a bad input or a device
// that cannot start happens before the folder exists: a corrected command never meets a half-made
// one.
template <class Unit, class Item>
RunSummary run_job(RunWork<Unit, Item>& work, RunOutput& output, RunSetup& setup,
                   const RunOptions& options) {
  run_detail::check_destination(output);
  std::vector<InputFile> input_files = hash_input_files(setup.inputs);
  run_detail::probe(work, setup, options.shard);
  output.create_folders();
  WriterLock writers = WriterLock::for_run(output.lock_folder(), options.shard);
  RunLock lock = acquire_run_lock(setup.config, input_files, output.lock_folder());
  // A shard leaves this to the merge: its siblings may be writing.
  if (writers.exclusive()) run_detail::remove_temporaries(output);
  RunSummary summary;
  summary.root = output.root();
  summary.backend = setup.renderer().description();
  summary.units = work.unit_name();
  work.begin_walk(options.shard);
  const auto own_resume = work.own_resume();
  std::optional<run_detail::Resume> finished;
  if (!own_resume)
    finished.emplace(
        output.lock_folder(), [&work](std::uint64_t sample) { return work.unit_of(sample); },
        options.shard, setup.writer_threads());
  else
    summary.skipped = own_resume->done;
  // The walk: units whose samples are all finished (and their kind agrees) are left out.
  auto next = [&]() -> std::optional<Unit> {
    while (auto unit = work.next_unit()) {
      if (own_resume) {
        ++summary.rendered;
        return unit;
      }
      auto state = finished->state(work.samples(work.index(*unit)));
      if (state == run_detail::Resume::State::Absent) {
        ++summary.rendered;
        return unit;
      }
      if (state == run_detail::Resume::State::Partial || !work.finished(*unit)) {
        ++summary.rendered;
        ++summary.redone;
        return unit;
      }
      ++summary.skipped;
    }
    return std::nullopt;
  };

  std::FILE* out = options.progress ? stderr : nullptr;
  auto count = work.unit_count();  // progress's total: the shard's units less those done
  Progress progress =
      own_resume ? Progress(own_resume->pending, work.unit_name(), out)
      : count    ? Progress(options.shard.samples(*count).size() -
                                finished->units_done([&](std::uint64_t u) { return work.samples(u); }),
                            work.unit_name(), out)
                 : Progress(work.unit_name(), out);
  run_work_pipeline<Item>(
      [&](Unit& unit, unsigned producer) { return work.begin_on(unit, producer); },
      [&](const Item& item) { work.write(item); }, next, setup.writer_threads(), progress,
      work.producers(), work.in_flight(),
      [&](unsigned producer) { work.release_producer(producer); }, [&] { work.abandon(); });
  summary.seconds = progress.elapsed_seconds();
  if (options.progress) progress.finish();
  run_detail::report_redone(summary, options.progress);
  run_detail::record_run(output.lock_folder(), options.shard, summary);
  if (options.shard.whole()) {
    auto start = std::chrono::steady_clock::now();
    output.finalize(lock, options.version);
    summary.finalize_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    summary.finalized = true;
  }
  return summary;
}

// The dataset-wide files of a sharded run, once every shard is done: the same lock as its
// shards', the folder held alone, killed runs' temporaries removed, then the run kind's finalize.
std::filesystem::path merge_run(RunOutput& output, const DatasetConfig& config,
                                const DatasetInputs& inputs, const RunOptions& options);

}  // namespace railyard
