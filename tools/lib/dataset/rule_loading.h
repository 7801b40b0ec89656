// Loading a rule by name or path for the commands, one engine per worker thread.
#pragma once

#include <string>
#include <vector>

#include "logic/rule.h"

namespace railyard {

struct LoadedRule {
  std::string name;  // file stem: "theoryx", or the stem of a user's file
  std::filesystem::path path;
  std::vector<Rule> per_thread;
};

// threads = 0: one per hardware thread. Throws RuleError with the file and position at fault.
LoadedRule load_rule(const std::string& name_or_path, unsigned threads = 1);

unsigned default_threads();

}  // namespace railyard
