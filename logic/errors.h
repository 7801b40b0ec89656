// Errors a user can cause with their input. Messages name the file, key or line at fault.
#pragma once

#include <stdexcept>

namespace railyard {

// A setting that cannot be honoured: unknown key, wrong type, impossible value or combination.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A train description line or file that does not parse.
class DescriptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace railyard
