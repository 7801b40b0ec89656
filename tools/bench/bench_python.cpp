// `railyard bench python`: samples/s reaching a PyTorch training loop through the Python module's
// DataLoader workers against generate's rate (tools/bench/python_bench.py, run by Debian's
// python3 with the module this build made on PYTHONPATH). Its options follow `python`.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace railyard {

void add_python_bench(CLI::App& bench) {
  CLI::App* command = bench.add_subcommand(
      "python",
      "samples/s through railyard.torch with DataLoader workers against generate "
      "(options go to tools/bench/python_bench.py: --count, --workers, --set)");
  command->prefix_command();  // everything after `python` goes to the script
  command->callback([command] {
    std::string script = RAILYARD_SOURCE_DIR "/tools/bench/python_bench.py";
    std::error_code unknown;  // never on Linux; then the program is found on PATH
    std::string self = std::filesystem::read_symlink("/proc/self/exe", unknown).string();
    std::vector<std::string> args = {"/usr/bin/python3", script, "--railyard", self};
    for (const std::string& extra : command->remaining()) args.push_back(extra);
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    setenv("PYTHONPATH", RAILYARD_PYTHON_DIR, 1);
    execv(argv[0], argv.data());
    throw std::runtime_error("bench python: cannot run /usr/bin/python3 " + script);
  });
}

}  // namespace railyard
