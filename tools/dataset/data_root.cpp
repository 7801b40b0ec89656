#include "tools/dataset/data_root.h"

#include <cstdlib>

namespace railyard {

std::filesystem::path data_root() {
  if (const char* env = std::getenv("RAILYARD_DATA"); env && *env) return env;
  return RAILYARD_DATA_DIR;
}

std::filesystem::path rules_dir() {
  return data_root() / "logic" / "rules";
}

std::filesystem::path background_file() {
  return rules_dir() / "background.pl";
}

}  // namespace railyard
