// write_score_folder (score.h): a staged folder (util/staged_folder.h), so a score folder appears
// whole or not at all and replaces only a score folder nobody changed.

#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/records/pair_record.h"
#include "tools/lib/records/pairs_folder.h"
#include "tools/lib/score/report/report_page.h"
#include "tools/lib/score/score.h"
#include "tools/lib/score/score_error.h"
#include "tools/lib/score/score_markdown.h"
#include "tools/lib/score/score_plots.h"
#include "util/png_io.h"
#include "util/staged_folder.h"

namespace railyard::score {

namespace fs = std::filesystem;

namespace {

// Each listed inconsistent pair's colour difference as a PNG (white: changed pixels), from its
// pair record in the target, at differences/pair_<p>.png.
void write_differences(ScoreReport& score, StagedFolder& folder) {
  if (!score.pairs) return;
  for (PairExample& example : score.pairs->examples) {
    PairRecord pair = read_pair_record(
        PairsFolder::pair_file(score.inputs.target.path, example.pair), example.pair);
    Image<std::uint8_t> mask = decode_mask(pair.colour_difference.mask);
    for (std::uint8_t& v : mask.pixels) v = v ? 255 : 0;
    example.difference = "differences/pair_" + std::to_string(example.pair) + ".png";
    write_png(folder.path_for(*example.difference), mask);
  }
}

}  // namespace

ScoreReport write_score_folder(ScoreReport score, const fs::path& folder) {
  StagedFolder staged(folder, kScoreFolder);
  score.plots = write_plots(score, staged.staging());
  write_differences(score, staged);
  staged.write("score.json", score_report_text(score));
  staged.write("score.md", score_markdown(score));
  write_report_page(score, staged.staging());
  staged.commit();
  return score;
}

}  // namespace railyard::score
