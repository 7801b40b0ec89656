// Errors a user can cause with their input. Messages name the file, key or line at fault.
#pragma once

#include <stdexcept>

#include "util/input_error.h"

namespace railyard {

// A setting that cannot be honoured: unknown key, wrong type, impossible value or combination.
class ConfigError : public InputError {
 public:
  using InputError::InputError;
};

// A train description line or file that does not parse.
class DescriptionError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace railyard
