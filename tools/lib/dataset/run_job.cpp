#include "tools/lib/dataset/run_job.h"

#include <algorithm>
#include <cstdio>

#include "logic/errors.h"
#include "tools/lib/dataset/input_files.h"
#include "tools/lib/records/json/dataset_error.h"
#include "tools/lib/records/run_record.h"
#include "tools/lib/records/sample_files.h"
#include "util/atomic_file.h"
#include "util/file_system.h"
#include "util/io_error.h"

namespace railyard {

void RunOutput::remove_temporaries() const {}

namespace run_detail {

void check_destination(const RunOutput& output) {
  std::filesystem::path root = output.root();
  if (!file_system::exists(root)) return;
  if (!file_system::is_directory(root))
    throw ConfigError(root.string() + ": exists and is not a folder; choose another -o");
  if (has_run_lock(output.lock_folder())) return;
  if (std::string file = file_system::first_file_under(root); !file.empty())
    throw ConfigError(root.string() + ": holds '" + file +
                      "' but is not a dataset a railyard run started (no config.yaml lock); "
                      "railyard writes only into a new or empty folder or its own dataset: "
                      "choose another -o");
}

void rethrow_probe_failure(const render::RendererError& error, const RunSetup& setup) {
  throw render::RendererError("backend '" + setup.config.backend + "' cannot render " +
                              setup.image_size() + " images: " + error.what());
}

void remove_temporaries(const RunOutput& output) {
  remove_stale_temporaries_under(output.root());
  output.remove_temporaries();
}

void record_run(const DatasetPaths& folder, const Shard& shard, const RunSummary& summary) {
  auto path = folder.runs() / run_record_name(shard.index, shard.count);
  double earlier = 0.0;
  try {
    if (file_system::exists(path)) earlier = read_run_record(path).wall_seconds;
  } catch (const DatasetError& e) {
    throw DatasetError(std::string(e.what()) +
                       " (the samples are kept; remove this timing record and run again)");
  }
  write_run_record(path, {shard.index, shard.count, earlier + summary.seconds, summary.rendered,
                          summary.backend});
}

Resume::Resume(const DatasetPaths& folder, const UnitOf& unit_of, const Shard& shard,
               unsigned threads)
    : unit_of_(unit_of) {
  auto mine = [&](std::uint64_t sample) {
    auto unit = unit_of(sample);
    return unit && shard.contains(*unit);
  };
  finished_ = finished_samples(folder, mine, threads, failed_);
}

Resume::State Resume::state(SampleSpan samples) const {
  auto in_span = [&](const std::vector<std::uint64_t>& list) {
    auto from = std::lower_bound(list.begin(), list.end(), samples.first);
    return std::lower_bound(from, list.end(), samples.first + samples.count) - from;
  };
  auto finished = static_cast<std::uint64_t>(in_span(finished_));
  if (finished == samples.count) return State::Done;
  return finished || in_span(failed_) ? State::Partial : State::Absent;
}

std::uint64_t Resume::units_done(const std::function<SampleSpan(std::uint64_t)>& samples) const {
  std::uint64_t done = 0;
  for (std::size_t at = 0; at < finished_.size();) {
    std::uint64_t unit = *unit_of_(finished_[at]), steps = 0;
    for (; at < finished_.size() && *unit_of_(finished_[at]) == unit; ++at) ++steps;
    done += steps == samples(unit).count;
  }
  return done;
}

void report_redone(const RunSummary& summary, bool progress) {
  if (summary.redone && progress)
    std::fprintf(stderr, "%s: %llu finished %s failed the check of their files; made them again\n",
                 summary.root.c_str(), static_cast<unsigned long long>(summary.redone),
                 summary.units.c_str());
}

}  // namespace run_detail

std::filesystem::path merge_run(RunOutput& output, const DatasetConfig& config,
                                const DatasetInputs& inputs, const RunOptions& options) {
  RunLock lock = read_run_lock(config, hash_input_files(inputs), output.lock_folder());
  WriterLock writers = WriterLock::for_merge(output.lock_folder());
  run_detail::remove_temporaries(output);
  output.finalize(lock, options.version);
  return output.root();
}

}  // namespace railyard
