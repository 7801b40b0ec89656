// The error of a predictions file (or a score folder) that does not fit the target it is scored
// against: an unknown, missing or repeated sample, a bad value. The message names the file, the
// line and the key, so a user can fix their export.
#pragma once

#include "util/input_error.h"

namespace railyard::score {

class ScoreError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace railyard::score
