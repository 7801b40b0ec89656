// The run skeleton: what every kind of run (generate and render: samples; intervene: pairs; the
// next kinds: sequences, worlds) does the same way. A run kind supplies its units of work and how
// to produce, write, recognise as done and finalize them; the skeleton owns the order of events:
//
//   probe render      the first unit of this process rendered once, before any folder exists,
//                     so a device that cannot allocate the frame fails with nothing written
//   folders, locks    the writers' lock (writer_lock.h), then the run's lock (run_lock.h)
//   resume            temporaries of killed runs removed (when writing alone), then the walk
//                     of this shard's units that are not done yet
//   pipeline          one producing thread, a pool of writers (pipeline.h), progress
//   run record        runs/shard-<i>-of-<N>.json, this shard's wall time for the manifest
//   finalize          the dataset-wide files, for a whole run; `merge_run` for a sharded one
//
// A run kind never touches locks, resume, sharding or merge; tests/tools/dataset/run_job_test.cpp
// defines one (three trains per unit) to prove it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "tools/dataset/pipeline.h"
#include "tools/dataset/run_lock.h"
#include "tools/dataset/run_setup.h"
#include "tools/dataset/shard.h"
#include "tools/dataset/writer_lock.h"

namespace railyard {

struct RunOptions {
  Shard shard;                     // every unit by default
  std::filesystem::path data_dir;  // holds logic/rules, scenes, assets
  std::string version;             // written into the dataset's info and manifest
  bool progress = true;
};

struct RunSummary {
  std::filesystem::path root;
  std::uint64_t rendered = 0;  // units made by this process
  std::uint64_t skipped = 0;   // already done by an earlier run
  std::uint64_t redone = 0;    // done earlier, but their files failed the check: made again
  double seconds = 0.0;
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

// How many of this process's units an earlier run had finished, found by the walk.
struct ResumeCounts {
  std::uint64_t skipped = 0;  // finished: left as they are
  std::uint64_t redone = 0;   // finished once, but their files fail the check: made again
};

// What a run kind renders. Unit: one step of the pipeline (a sample index, a planned pair);
// Item: what producing it makes, written on the writer threads.
template <class Unit, class Item>
class RunWork {
 public:
  using UnitType = Unit;
  using ItemType = Item;
  virtual ~RunWork() = default;

  // Starts a walk over the units `shard` owns, in order. With `resume`, the units already done
  // on disk are left out and counted there, as they are found (listing the folder once, on
  // `threads` threads); `resume` outlives the walk.
  virtual void begin_walk(const Shard& shard, ResumeCounts* resume, unsigned threads) = 0;
  // The walk's next unit; nullopt at its end.
  virtual std::optional<Unit> next_unit() = 0;
  // Renders a unit, on the skeleton's thread (the renderer's).
  virtual Item produce(Unit& unit) = 0;
  // Renders as little of a unit as proves the device can make its frames, before any folder
  // exists (the probe): the whole unit unless a kind knows better (a sequence: its first step).
  virtual void probe(Unit& unit) { produce(unit); }
  // Writes an item, on a writer thread; its last file marks the unit done.
  virtual void write(const Item& item) const = 0;
  // The number of units the walk yields, for progress; nullopt when only the walk finds out.
  virtual std::optional<std::uint64_t> walk_size() const { return std::nullopt; }
  // What progress counts ("images", "pairs").
  virtual std::string unit_name() const = 0;
};

namespace run_detail {

// Refuses, before any work, a destination the run may not write into: it exists and is not a
// folder, or it holds a file (temporaries aside) and is not a dataset a railyard run started
// (its config.yaml lock). A person's folder, or another tool's, is never written into.
void check_destination(const RunOutput& output);
// Throws the backend's error with the image size in the message.
[[noreturn]] void rethrow_probe_failure(const render::RendererError& error, const RunSetup& setup);
// The run record of this shard (runs/shard-<i>-of-<N>.json), with earlier runs' time added.
// What killed runs left half-written: under the output's root at any depth, and its own.
void remove_temporaries(const RunOutput& output);
void record_run(const DatasetPaths& folder, const Shard& shard, const RunSummary& summary);
void report_redone(const std::filesystem::path& root, const std::string& units,
                   const ResumeCounts& resume, bool progress);

// The walk as an input range for run_work_pipeline.
template <class Work>
class Walk {
 public:
  struct End {};
  class iterator {
   public:
    explicit iterator(Walk& walk) : walk_(&walk) {}
    typename Work::UnitType& operator*() const { return *walk_->current_; }
    iterator& operator++() {
      walk_->current_ = walk_->work_.next_unit();
      return *this;
    }
    bool operator==(End) const { return !walk_->current_; }

   private:
    Walk* walk_;
  };

  explicit Walk(Work& work) : work_(work) {}
  iterator begin() {
    current_ = work_.next_unit();
    return iterator(*this);
  }
  End end() const { return {}; }

 private:
  Work& work_;
  std::optional<typename Work::UnitType> current_;
};

// Makes the first unit of this process's shard once, before any folder exists, so that a frame
// the device cannot allocate fails with nothing written (and the image size in the message).
template <class Work>
void probe(Work& work, RunSetup& setup, const Shard& shard) {
  work.begin_walk(shard, nullptr, 1);
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
  ResumeCounts resume;  // the walk counts into it as it goes
  work.begin_walk(options.shard, &resume, setup.writer_threads());

  std::FILE* out = options.progress ? stderr : nullptr;
  auto size = work.walk_size();
  Progress progress =
      size ? Progress(*size, work.unit_name(), out) : Progress(work.unit_name(), out);
  run_detail::Walk walk(work);
  run_work_pipeline<Item>(
      [&](Unit& unit) {
        ++summary.rendered;
        return work.produce(unit);
      },
      [&](const Item& item) { work.write(item); }, walk, setup.writer_threads(), progress);
  summary.seconds = progress.elapsed_seconds();
  if (options.progress) progress.finish();
  summary.skipped = resume.skipped;
  summary.redone = resume.redone;
  run_detail::report_redone(output.root(), work.unit_name(), resume, options.progress);
  run_detail::record_run(output.lock_folder(), options.shard, summary);
  if (options.shard.whole()) {
    output.finalize(lock, options.version);
    summary.finalized = true;
  }
  return summary;
}

// The dataset-wide files of a sharded run, once every shard is done: the same lock as its
// shards', the folder held alone, killed runs' temporaries removed, then the run kind's finalize.
std::filesystem::path merge_run(RunOutput& output, const DatasetConfig& config,
                                const DatasetInputs& inputs, const RunOptions& options);

}  // namespace railyard
