// write_score_folder (score.h): a staged folder (util/staged_folder.h), so a score folder appears
// whole or not at all and replaces only a score folder nobody changed.

#include "tools/records/annotations/rle.h"
#include "tools/records/pair_record.h"
#include "tools/records/pairs_folder.h"
#include "tools/score/report/report_page.h"
#include "tools/score/score.h"
#include "tools/score/score_error.h"
#include "tools/score/score_markdown.h"
#include "tools/score/score_plots.h"
#include "util/png_io.h"
#include "util/staged_folder.h"

namespace railyard::score {

namespace fs = std::filesystem;

namespace {

// Each listed inconsistent pair's colour difference as a PNG (white: changed pixels), from its
// pair record in the target, at differences/pair_<p>.png.
void write_differences(nlohmann::json& score, StagedFolder& folder) {
  if (!score.contains("pairs") || score["pairs"].is_null()) return;
  fs::path target = score["inputs"]["target"]["path"].get<std::string>();
  for (nlohmann::json& example : score["pairs"]["examples"]) {
    std::uint64_t p = example["pair"].get<std::uint64_t>();
    PairRecord pair = read_pair_record(PairsFolder::pair_file(target, p), p);
    Image<std::uint8_t> mask = decode_mask(pair.colour_difference.mask);
    for (std::uint8_t& v : mask.pixels) v = v ? 255 : 0;
    std::string file = "differences/pair_" + std::to_string(p) + ".png";
    write_png(folder.path_for(file), mask);
    example["difference"] = file;
  }
}

}  // namespace

void write_score_folder(const nlohmann::json& score_in, const fs::path& folder) {
  StagedFolder staged(folder, kScoreFolder);
  nlohmann::json score = score_in;
  score["plots"] = write_plots(score, staged.staging());
  write_differences(score, staged);
  staged.write("score.json", score.dump(1) + "\n");
  staged.write("score.md", score_markdown(score));
  write_report_page(score, staged.staging());
  staged.commit();
}

}  // namespace railyard::score
