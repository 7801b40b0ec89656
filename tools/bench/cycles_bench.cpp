#include "tools/bench/cycles_bench.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

#include "util/child_process.h"
#include "util/external_program.h"

namespace railyard {
namespace {

using nlohmann::json;

constexpr std::string_view kTag = "railyard-cycles ";

std::vector<std::string> blender_arguments(const std::filesystem::path& script,
                                           const CyclesExport& scene,
                                           const CyclesSettings& settings) {
  // --python-exit-code: a failing script must not look like success.
  std::vector<std::string> args{"-b", "--factory-startup", "--python-exit-code", "1"};
  if (settings.threads > 0) args.insert(args.end(), {"-t", std::to_string(settings.threads)});
  args.insert(args.end(), {"--python", script.string(), "--", "--glb", scene.glb.string(), "--json",
                           scene.json.string(), "--out-dir", settings.out_dir.string(), "--bounces",
                           std::to_string(settings.max_bounces), "--seed",
                           std::to_string(settings.seed), "--samples"});
  for (int samples : settings.samples) args.push_back(std::to_string(samples));
  if (settings.reference_samples > 0)
    args.insert(args.end(), {"--reference", std::to_string(settings.reference_samples),
                             "--reference-exr", settings.reference_exr.string()});
  return args;
}

std::string last_lines(const std::string& output, std::size_t count) {
  std::size_t start = output.size();
  for (std::size_t lines = 0; start > 0 && lines <= count;)
    if (output[--start] == '\n') ++lines;
  return output.substr(start == 0 ? 0 : start + 1);
}

// "[hh:]mm:ss.ss" as Blender prints durations.
std::optional<double> parse_duration(const std::string& text) {
  double hours = 0, minutes = 0, seconds = 0;
  if (std::sscanf(text.c_str(), "%lf:%lf:%lf", &hours, &minutes, &seconds) == 3)
    return 3600 * hours + 60 * minutes + seconds;
  if (std::sscanf(text.c_str(), "%lf:%lf", &minutes, &seconds) == 2) return 60 * minutes + seconds;
  return std::nullopt;
}

// Blender's own elapsed render time from its progress lines, "Fra:1 ... | Time:00:01.95 | ...";
// the last before the script's report is the render's total.
std::optional<double> blender_render_time(const std::string& line) {
  constexpr std::string_view kTime = "| Time:";
  std::size_t at = line.find(kTime);
  if (!line.starts_with("Fra:") || at == std::string::npos) return std::nullopt;
  return parse_duration(line.substr(at + kTime.size()));
}

// One report line of cycles_render.py, read as a typed value (its members are the line's keys;
// an event carries only some of them).
struct ReportLine {
  std::string event, blender, image, exr;
  double seconds = 0, render_s = 0;
  int threads = 0, samples = 0;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ReportLine, event, blender, image, exr, seconds,
                                                render_s, threads, samples)

void apply_report(const ReportLine& line, std::optional<double> blender_seconds,
                  CyclesTimings& timings) {
  if (line.event == "import") {
    timings.import_seconds = line.seconds;
    timings.blender_version = line.blender;
    timings.threads = line.threads;
  } else if (line.event == "warm_up") {
    timings.warm_up_seconds = line.seconds;
  } else if (line.event == "frame") {
    timings.frames.push_back({line.samples, line.render_s, blender_seconds, line.image, line.exr});
  } else if (line.event == "reference") {
    timings.reference_seconds = line.render_s;
  }
}

CyclesTimings parse_reports(const std::string& output) {
  CyclesTimings timings;
  std::istringstream lines(output);
  std::string line;
  std::optional<double> blender_seconds;  // printed before the script's report of that render
  while (std::getline(lines, line)) {
    if (auto seconds = blender_render_time(line)) blender_seconds = seconds;
    if (!line.starts_with(kTag)) continue;
    apply_report(json::parse(line.substr(kTag.size())).get<ReportLine>(), blender_seconds, timings);
    blender_seconds.reset();
  }
  return timings;
}

}  // namespace

std::optional<std::filesystem::path> find_blender(const std::string& explicit_path) {
  if (explicit_path.empty()) return find_on_path("blender");
  if (access(explicit_path.c_str(), X_OK) == 0) return explicit_path;
  return std::nullopt;
}

CyclesTimings time_cycles(const std::filesystem::path& blender, const std::filesystem::path& script,
                          const CyclesExport& scene, const CyclesSettings& settings) {
  ChildResult run = run_child(blender.string(), blender_arguments(script, scene, settings));
  std::string failure;
  CyclesTimings timings;
  if (run.exit_code != 0) {
    failure = run.exit_code < 0 ? "could not start or was killed"
                                : "exit status " + std::to_string(run.exit_code);
  } else {
    try {
      timings = parse_reports(run.output);
    } catch (const json::exception& e) {
      failure = std::string("unreadable timing line: ") + e.what();
    }
    if (failure.empty() && timings.frames.size() != settings.samples.size())
      failure = "it printed " + std::to_string(timings.frames.size()) + " of " +
                std::to_string(settings.samples.size()) + " timings";
  }
  if (!failure.empty()) {
    std::string tail = run.output.empty() ? "(no output)" : last_lines(run.output, 15);
    throw CyclesError("Blender (" + blender.string() + ") failed: " + failure +
                      "; its last lines:\n" + tail);
  }
  return timings;
}

}  // namespace railyard
