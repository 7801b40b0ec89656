#include "tools/lib/records/formats/score_report.h"

#include "util/read_file.h"

namespace railyard::score {

std::string score_report_text(const ScoreReport& report) {
  return record_json(report).dump(1) + "\n";
}

ScoreReport score_report_from_text(std::string_view text, const JsonOrigin& origin) {
  nlohmann::json json = parse_json(text, origin);
  return record_from_json<ScoreReport>(JsonField(json, origin));
}

void check_record(const RecordPlace& at, const ScoreReport& report) {
  if (report.railyard_score != 1) at["railyard_score"].fail("not a score.json of version 1");
}

ScoreReport read_score_report(const std::filesystem::path& file) {
  return score_report_from_text(read_file_text(file), {file.string()});
}

}  // namespace railyard::score
