// `railyard bench rule-loading`: seconds and peak memory of loading rule files with many clauses
// (fact tables of 160k to millions of clauses, of one predicate or of many), each loaded by a
// fresh process after background.pl, as Rule::load does, then queried to check the clauses
// answer. Not a test: nothing here asserts a time.
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "logic/prolog/engine.h"
#include "tools/bench/measure.h"
#include "tools/lib/dataset/inputs.h"
#include "util/file_system.h"

namespace railyard {
namespace {

// A kind of rule file: how its clauses look and what query checks them.
struct FileKind {
  const char* name;
  const char* description;
};
constexpr FileKind kKinds[] = {
    {"int-keys", "one predicate, distinct integer first arguments: fact(I, vK)."},
    {"atom-keys", "one predicate, distinct atom first arguments: car(cI, shape)."},
    {"shared-keys", "one predicate, 1000 first arguments shared: edge(kJ, I)."},
    {"many-preds", "N/10 predicates of 10 clauses each: pJ(I, x)."},
};

const char* const kShapes[] = {"rectangle", "bucket", "ellipse", "hexagon", "u_shaped"};

// Writes the rule file of `kind` with `count` clauses (and an eastbound/1 rule that uses them).
void write_rule_file(const std::filesystem::path& file, const std::string& kind,
                     std::uint64_t count) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(file.c_str(), "w"), std::fclose);
  if (!out) throw std::runtime_error("cannot write " + file.string());
  std::FILE* f = out.get();
  std::fprintf(f, "%% %llu generated clauses (railyard bench rule-loading, %s)\n",
               static_cast<unsigned long long>(count), kind.c_str());
  for (std::uint64_t i = 0; i < count; ++i) {
    auto n = static_cast<unsigned long long>(i);
    if (kind == "int-keys")
      std::fprintf(f, "fact(%llu, v%llu).\n", n, n % 997);
    else if (kind == "atom-keys")
      std::fprintf(f, "car(c%llu, %s).\n", n, kShapes[i % 5]);
    else if (kind == "shared-keys")
      std::fprintf(f, "edge(k%llu, %llu).\n", n % 1000, n);
    else
      std::fprintf(f, "p%llu(%llu, x).\n", n / 10, n);
  }
  std::fprintf(f, "eastbound(_) :- true.\n");
  if (std::ferror(f)) throw std::runtime_error("cannot write " + file.string());
}

// Queries and their expected first answer (empty: must fail) for a file of `kind`.
std::vector<std::pair<std::string, std::string>> checks(const std::string& kind,
                                                        std::uint64_t count) {
  auto s = [](std::uint64_t v) { return std::to_string(v); };
  std::uint64_t last = count - 1, middle = count / 2;
  if (kind == "int-keys")
    return {{"fact(0, X)", "v0"},
            {"fact(" + s(middle) + ", X)", "v" + s(middle % 997)},
            {"fact(" + s(last) + ", X)", "v" + s(last % 997)},
            {"fact(" + s(count) + ", X)", ""}};
  if (kind == "atom-keys")
    return {{"car(c0, X)", kShapes[0]},
            {"car(c" + s(last) + ", X)", kShapes[last % 5]},
            {"car(c" + s(count) + ", X)", ""}};
  if (kind == "shared-keys")
    return {{"edge(k7, X)", "7"},
            {"edge(k" + s(last % 1000) + ", X), X > " + s(last - 1), s(last)},
            {"edge(k1000, X)", ""}};
  return {{"p0(X, x)", "0"},
          {"p" + s(last / 10) + "(X, x), X >= " + s(last), s(last)},
          {"p" + s(last / 10 + 1) + "(_, _)", "error"}};
}

struct Measurement {
  double seconds = 0.0;
  double cpu = 0.0;         // CPU seconds of the load (steadier than wall time on a busy machine)
  double peak_mib = 0.0;    // the loading process's peak resident memory
  double before_mib = 0.0;  // its resident memory before loading the rule file
  bool checked = false;
  char error[512] = {};
};

double resident_mib() {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> statm(std::fopen("/proc/self/statm", "r"),
                                                        std::fclose);
  unsigned long long pages = 0, resident = 0;
  if (!statm || std::fscanf(statm.get(), "%llu %llu", &pages, &resident) != 2) return 0.0;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) /
         (1024.0 * 1024.0);
}

// Loads background.pl and the rule file into a fresh engine and runs the checks (in the child).
Measurement load_and_check(const std::filesystem::path& background,
                           const std::filesystem::path& file, const std::string& kind,
                           std::uint64_t count) {
  Measurement m;
  try {
    prolog::Engine engine;
    engine.consult_file(background);
    m.before_mib = resident_mib();
    Stopwatch watch;
    engine.consult_file(file);
    m.seconds = watch.wall();
    m.cpu = watch.cpu();
    m.peak_mib = peak_memory_mib();
    for (const auto& [goal, expected] : checks(kind, count)) {
      std::string got;
      try {
        auto answer = engine.query_once(goal);
        got = answer ? (answer->empty() ? "true" : answer->front().second) : "";
      } catch (const prolog::PrologError&) {
        got = "error";
      }
      if (got != expected)
        throw std::runtime_error("?- " + goal + " gave '" + got + "', expected '" + expected + "'");
    }
    m.checked = true;
  } catch (const std::exception& e) {
    std::snprintf(m.error, sizeof m.error, "%s", e.what());
  }
  return m;
}

// Runs load_and_check in a child process, so that each case's peak memory is its own.
Measurement measure_in_child(const std::filesystem::path& background,
                             const std::filesystem::path& file, const std::string& kind,
                             std::uint64_t count) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[0]);
    Measurement m = load_and_check(background, file, kind, count);
    ssize_t written = write(fds[1], &m, sizeof m);
    _exit(written == static_cast<ssize_t>(sizeof m) ? 0 : 1);
  }
  close(fds[1]);
  Measurement m;
  std::size_t got = 0;
  while (got < sizeof m) {
    ssize_t n = read(fds[0], reinterpret_cast<char*>(&m) + got, sizeof m - got);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (got != sizeof m)
    std::snprintf(m.error, sizeof m.error, "the loading process died (status %d)", status);
  return m;
}

struct Options {
  std::vector<std::uint64_t> counts{160'000, 320'000, 2'000'000};
  std::vector<std::string> kinds{"int-keys", "atom-keys", "shared-keys", "many-preds"};
  std::string folder;  // where the generated files go (default: a temporary folder)
  bool keep = false;
};

void run_rule_loading_benchmark(const Options& options) {
  for (const std::string& kind : options.kinds) {
    bool known = false;
    for (const FileKind& k : kKinds) known = known || kind == k.name;
    if (!known)
      throw std::runtime_error("unknown kind '" + kind +
                               "' (int-keys, atom-keys, shared-keys, many-preds)");
  }
  for (std::uint64_t count : options.counts)
    if (count == 0) throw std::runtime_error("--count must be at least 1");
  std::filesystem::path background = background_file(data_root());
  std::filesystem::path folder = options.folder;
  if (folder.empty()) {
    std::string pattern = (file_system::temp_folder() / "railyard-rule-loading-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary folder");
    folder = pattern;
  }
  file_system::create_folders(folder);

  std::printf(
      "bench rule-loading: rule files of generated facts, each consulted after background.pl by "
      "a fresh process, one thread\n");
  for (const FileKind& k : kKinds)
    for (const std::string& kind : options.kinds)
      if (kind == k.name) std::printf("  %-12s %s\n", k.name, k.description);
  std::printf("\n%-12s %10s %9s %9s %12s %10s %12s  %s\n", "kind", "clauses", "file MiB", "load s",
              "clauses/s", "peak MiB", "before MiB", "queries");
  bool failed = false;
  for (const std::string& kind : options.kinds) {
    for (std::uint64_t count : options.counts) {
      std::filesystem::path file = folder / (kind + "_" + std::to_string(count) + ".pl");
      write_rule_file(file, kind, count);
      double file_mib = static_cast<double>(file_system::file_size(file)) / (1024.0 * 1024.0);
      Measurement m = measure_in_child(background, file, kind, count);
      if (!options.keep) file_system::remove_file(file);
      if (m.error[0] != '\0' && m.seconds == 0.0) {
        std::printf("%-12s %10llu %9.1f  failed: %s\n", kind.c_str(),
                    static_cast<unsigned long long>(count), file_mib, m.error);
        failed = true;
        continue;
      }
      std::printf("%-12s %10llu %9.1f %9.3f %9.3f %11.0fk %10.0f %12.0f  %s\n", kind.c_str(),
                  static_cast<unsigned long long>(count), file_mib, m.seconds, m.cpu,
                  static_cast<double>(count) / m.seconds / 1e3, m.peak_mib, m.before_mib,
                  m.checked ? "ok" : m.error);
      failed = failed || !m.checked;
      std::fflush(stdout);
    }
  }
  if (!options.keep && options.folder.empty()) file_system::remove_tree(folder);
  std::printf(
      "\npeak MiB: the loading process's ru_maxrss (background.pl, the file's text and the "
      "program); before MiB: its resident memory before consulting the rule file\n");
  if (failed) throw std::runtime_error("bench rule-loading: a case failed");
}

}  // namespace

void add_rule_loading_bench(CLI::App& bench) {
  auto options = std::make_shared<Options>();
  CLI::App* command = bench.add_subcommand(
      "rule-loading",
      "seconds and peak memory of loading rule files of 160k to 2M clauses (one predicate or "
      "many)");
  command->add_option("-n,--count", options->counts, "clauses per rule file (one file each)")
      ->capture_default_str();
  command->add_option("-k,--kind", options->kinds, "kinds of rule file")->capture_default_str();
  command->add_option("--folder", options->folder,
                      "write the rule files here (default: a temporary folder)");
  command->add_flag("--keep", options->keep, "keep the generated rule files");
  command->callback([options] { run_rule_loading_benchmark(*options); });
}

}  // namespace railyard
