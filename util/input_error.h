// Errors a user can cause with their input: a config, rule, scene, manifest or description file,
// a command-line value. Messages name the file and, where there is one, the line and key at
// fault. Each stage has its own subclass (ConfigError, RuleError, SceneError, ...), so callers
// can tell which input was wrong; a command prints any of them and exits non-zero.
#pragma once

#include <stdexcept>

namespace railyard {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace railyard
