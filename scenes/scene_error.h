// The one error type of the scene stage: a scene file, the asset manifest or an asset file that
// cannot be used. Messages name the file and, where there is one, the line and key.
#pragma once

#include <stdexcept>

namespace railyard {

class SceneError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace railyard
