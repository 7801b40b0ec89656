// The reference's train description lines: `<east|west> <angle> ` followed, per car, by
// `<pos> <shape> <length> <wall> <roof> <axles> <load_shape> <load_count>` in the Michalski
// vocabulary (load shape `none` for a car without loads). One train per line.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "logic/train.h"

namespace railyard {

std::string format_description(const LabelledTrain& train);

// Parses one line; value names from any of the three vocabularies are accepted. Throws
// DescriptionError saying which field is wrong.
LabelledTrain parse_description(std::string_view line);

// Reads a whole description file; blank lines are skipped. Errors read `file:line: message`.
std::vector<LabelledTrain> read_description_file(const std::filesystem::path& path);

}  // namespace railyard
