// The error of a file railyard wrote that is not what its format says, or of a folder whose files
// contradict each other (a record missing, a split that is not a partition, sides that no longer
// align). Header only, so that every reader of the record layer can throw it.
#pragma once

#include "util/input_error.h"

namespace railyard {

// A dataset folder (or a file of one) that is not what its own files say. The message names the
// file, the line where there is one, the key and the fault.
class DatasetError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace railyard
