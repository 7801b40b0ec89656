// The one error type of the scene stage: a scene file, the asset manifest or an asset file that
// cannot be used. Messages name the file and, where there is one, the line and key.
#pragma once

#include <stdexcept>

#include "util/input_error.h"

namespace railyard {

class SceneError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace railyard
