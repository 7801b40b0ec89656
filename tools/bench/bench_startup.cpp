// `railyard bench startup`: how long a job of N images takes to write its first image, and its
// peak memory by then, for generate (or intervene) at several counts. A render-farm job of any
// size must start at once with flat memory: finished samples are found by listing records/, and
// the indices a shard owns are computed as they are walked, never listed.
//
// Each count runs `railyard <command> -n N -o <temporary folder>` as a child of this process,
// which watches for the first record (pairs/ for intervene) and reads the child's VmHWM from
// /proc at that moment, then stops it.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tools/bench/measure.h"
#include "util/external_program.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

struct StartupOptions {
  std::vector<std::string> counts = {"1000000", "100000000", "1000000000"};
  std::string command = "generate";
  std::string shard;  // "i/N": one shard of a farm job
  double timeout_seconds = 300;
};

// The child's peak resident memory so far, in MiB (VmHWM), or -1 when it is gone.
double peak_mib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return -1.0;
}

// True once the job has finished its first unit: a record (generate) or a pair (intervene).
bool first_unit_done(const fs::path& output) {
  std::error_code error;
  for (fs::recursive_directory_iterator it(output, error), end; !error && it != end;
       it.increment(error)) {
    std::string parent = it->path().parent_path().filename().string();
    std::string name = it->path().filename().string();
    if ((parent == "records" || parent == "pairs") && name.ends_with(".json") && name[0] != '.')
      return true;
  }
  return false;
}

struct Startup {
  double seconds = -1.0;  // to the first image; -1 when it did not come in time
  double peak = -1.0;     // MiB
  int exit_code = 0;      // when the child ended before its first image
};

Startup measure(const StartupOptions& options, const std::string& count, const fs::path& output) {
  std::vector<std::string> args = {"railyard", options.command, "-q", "-n", count,
                                   "-o",       output.string()};
  if (!options.shard.empty()) args.insert(args.end(), {"--shard", options.shard});
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("bench startup: fork failed");
  if (pid == 0) {
    execv("/proc/self/exe", argv.data());
    _exit(127);
  }
  Startup result;
  for (;;) {
    double elapsed = seconds_since(start);
    double peak = peak_mib(pid);
    if (peak > result.peak) result.peak = peak;
    if (first_unit_done(output)) {
      result.seconds = elapsed;
      break;
    }
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return result;
    }
    if (elapsed > options.timeout_seconds) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return result;
}

void run_startup_benchmark(const StartupOptions& options) {
  std::printf("railyard %s: seconds to the first finished %s and peak memory by then%s\n",
              options.command.c_str(), options.command == "intervene" ? "pair" : "image",
              options.shard.empty() ? "" : (", shard " + options.shard).c_str());
  std::printf("%14s %10s %10s\n", "count", "seconds", "peak MiB");
  for (const std::string& count : options.counts) {
    TemporaryFolder scratch("railyard-bench-startup");
    Startup startup = measure(options, count, scratch.path() / "out");
    if (startup.seconds < 0 && startup.exit_code)
      std::printf("%14s   exited with status %d before its first image\n", count.c_str(),
                  startup.exit_code);
    else if (startup.seconds < 0)
      std::printf("%14s %10s %10.0f (no image within %.0f s)\n", count.c_str(), "-", startup.peak,
                  options.timeout_seconds);
    else
      std::printf("%14s %10.2f %10.0f\n", count.c_str(), startup.seconds, startup.peak);
    std::fflush(stdout);
  }
}

}  // namespace

void add_startup_bench(CLI::App& bench) {
  auto options = std::make_shared<StartupOptions>();
  CLI::App* command = bench.add_subcommand(
      "startup",
      "seconds to the first image and peak memory by then, for jobs of 1e6 to 1e9 images");
  command->add_option("-n,--count", options->counts, "image counts, one job each")
      ->capture_default_str();
  command->add_option("--command", options->command, "generate or intervene")
      ->check(CLI::IsMember({"generate", "intervene"}))
      ->capture_default_str();
  command->add_option("--shard", options->shard, "i/N: measure one shard of a farm job");
  command->add_option("--timeout", options->timeout_seconds, "seconds to wait for the first image")
      ->capture_default_str();
  command->callback([options] { run_startup_benchmark(*options); });
}

}  // namespace railyard
