// A file of an export, named relative to its split's folder, with its whole content.
#pragma once

#include <string>

namespace railyard::exports {

struct ExportFile {
  std::string name;
  std::string text;
};

}  // namespace railyard::exports
