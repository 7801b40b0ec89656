// Writes report.html beside a score.json (read through its record): the report page alone, for
// its test's hand-made score.json that has every section (pairs, sequences, worlds) a single real
// run does not.
#include <exception>
#include <filesystem>
#include <iostream>

#include "tools/lib/records/formats/score_report.h"
#include "tools/lib/score/report/report_page.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: render_report_page SCORE_FOLDER (holding score.json)\n";
    return 2;
  }
  try {
    std::filesystem::path folder = argv[1];
    railyard::score::write_report_page(railyard::score::read_score_report(folder / "score.json"),
                                       folder);
  } catch (const std::exception& error) {
    std::cerr << "render_report_page: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
