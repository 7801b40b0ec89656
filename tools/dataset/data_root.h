// Where the shipped data (logic/rules, assets, scenes) is found at run time.
#pragma once

#include <filesystem>

namespace railyard {

// $RAILYARD_DATA when set, else the source tree the binary was built from.
std::filesystem::path data_root();
std::filesystem::path rules_dir();        // data_root()/logic/rules
std::filesystem::path background_file();  // rules_dir()/background.pl

}  // namespace railyard
