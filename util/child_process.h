// Runs a program with arguments (no shell) and captures what it prints.
#pragma once

#include <string>
#include <vector>

namespace railyard {

struct ChildResult {
  int exit_code = -1;  // -1 when it could not start or was killed by a signal
  std::string output;  // standard output and standard error together
};

ChildResult run_child(const std::string& program, const std::vector<std::string>& arguments);

}  // namespace railyard
