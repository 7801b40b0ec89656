#include "tools/bench/swipl.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "logic/rule.h"
#include "util/external_program.h"
#include "util/file_system.h"

extern char** environ;

namespace railyard {
namespace {

// A quoted Prolog atom for a file name.
std::string quoted(const std::filesystem::path& path) {
  std::string out = "'";
  for (char c : path.string()) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// The labelling driver. Its predicate names carry a prefix so a rule file's own names do not
// clash with them.
std::string driver(const std::filesystem::path& background, const std::filesystem::path& rule,
                   const std::filesystem::path& trains) {
  std::ostringstream out;
  out << ":- initialization(railyard_main, main).\n"
      << "railyard_main :-\n"
      << "    load_files(" << quoted(background) << ", []),\n"
      << "    load_files(" << quoted(rule) << ", []),\n"
      << "    (   current_predicate(eastbound/1) -> true\n"
      << "    ;   format(user_error, \"eastbound/1 is not defined~n\", []), halt(2) ),\n"
      << "    load_files(" << quoted(trains) << ", []),\n"
      << "    findall(T, railyard_train(T), Trains),\n"
      << "    statistics(cputime, T0),\n"
      << "    railyard_label_all(Trains, Labels),\n"
      << "    statistics(cputime, T1),\n"
      << "    Seconds is T1 - T0,\n"
      << "    format(\"seconds ~15e~n\", [Seconds]),\n"
      << "    atomic_list_concat(Labels, Text),\n"
      << "    format(\"labels ~w~n\", [Text]).\n"
      << "railyard_label_all([], []).\n"
      << "railyard_label_all([T|Ts], [L|Ls]) :-\n"
      << "    ( eastbound(T) -> L = e ; L = w ),\n"
      << "    railyard_label_all(Ts, Ls).\n";
  return out.str();
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs swipl with the driver, stdout and stderr to files. Returns the exit status.
int run_swipl(const std::filesystem::path& swipl, const std::filesystem::path& script,
              const std::filesystem::path& out, const std::filesystem::path& err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::string program = swipl.string(), on_error = "--on-error=halt", quiet = "-q",
              file = script.string();
  char* argv[] = {program.data(), on_error.data(), quiet.data(), file.data(), nullptr};
  pid_t pid;
  int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw SwiplError("cannot start " + program);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::optional<std::filesystem::path> find_swipl() {
  return find_on_path("swipl");
}

SwiplRun label_with_swipl(const std::filesystem::path& background,
                          const std::filesystem::path& rule, std::span<const Train> trains) {
  std::optional<std::filesystem::path> swipl = find_swipl();
  if (!swipl) throw SwiplError("swipl (SWI-Prolog) is not on PATH");
  std::optional<TemporaryFolder> temp;
  try {
    temp.emplace("railyard-swipl");
  } catch (const std::runtime_error& e) {
    throw SwiplError(e.what());
  }
  {
    std::ofstream facts(temp->path() / "trains.pl");
    for (const Train& train : trains) facts << "railyard_train(" << train_term(train) << ").\n";
    std::ofstream script(temp->path() / "driver.pl");
    script << driver(file_system::absolute(background), file_system::absolute(rule),
                     temp->path() / "trains.pl");
    if (!facts || !script) throw SwiplError("cannot write temporary files for swipl");
  }
  int status = run_swipl(*swipl, temp->path() / "driver.pl", temp->path() / "out.txt",
                         temp->path() / "err.txt");
  std::string out = read_file(temp->path() / "out.txt");
  std::string err = read_file(temp->path() / "err.txt");
  if (status != 0)
    throw SwiplError("SWI-Prolog failed on " + rule.string() + " (exit status " +
                     std::to_string(status) + "): " + err);
  SwiplRun run;
  std::istringstream lines(out);
  std::string word, labels;
  bool have_seconds = false;
  while (lines >> word) {
    if (word == "seconds") have_seconds = static_cast<bool>(lines >> run.seconds);
    if (word == "labels") lines >> labels;
  }
  if (trains.empty()) labels.clear();
  if (!have_seconds || labels.size() != trains.size())
    throw SwiplError("unexpected output from SWI-Prolog on " + rule.string() + ": " + out + err);
  run.labels.reserve(labels.size());
  for (char c : labels) run.labels.push_back(c == 'e' ? Direction::East : Direction::West);
  return run;
}

}  // namespace railyard
