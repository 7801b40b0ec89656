// write_score_folder (score.h): everything is written into a temporary folder beside the
// destination, then renamed into place, so a score folder appears whole or not at all.
#include <unistd.h>

#include <system_error>

#include "tools/records/annotations/rle.h"
#include "tools/records/pair_record.h"
#include "tools/records/pairs_folder.h"
#include "tools/score/report/report_page.h"
#include "tools/score/score.h"
#include "tools/score/score_error.h"
#include "tools/score/score_markdown.h"
#include "tools/score/score_plots.h"
#include "util/atomic_file.h"
#include "util/io_error.h"
#include "util/png_io.h"

namespace railyard::score {

namespace fs = std::filesystem;

void check_score_destination(const fs::path& folder, const char* marker) {
  if (!fs::exists(folder)) return;
  if (!fs::is_directory(folder))
    throw ScoreError(folder.string() + ": exists and is not a folder; choose another -o");
  if (fs::is_empty(folder) || fs::exists(folder / marker)) return;
  throw ScoreError(folder.string() + ": a folder that is not a score folder (no " + marker +
                   "); it is never replaced, choose another -o");
}

namespace {

// Each listed inconsistent pair's colour difference as a PNG (white: changed pixels), from its
// pair record in the target, at differences/pair_<p>.png.
void write_differences(nlohmann::json& score, const fs::path& folder) {
  if (!score.contains("pairs") || score["pairs"].is_null()) return;
  fs::path target = score["inputs"]["target"]["path"].get<std::string>();
  for (nlohmann::json& example : score["pairs"]["examples"]) {
    std::uint64_t p = example["pair"].get<std::uint64_t>();
    PairRecord pair = read_pair_record(PairsFolder::pair_file(target, p), p);
    Image<std::uint8_t> mask = decode_mask(pair.colour_difference.mask);
    for (std::uint8_t& v : mask.pixels) v = v ? 255 : 0;
    std::string file = "differences/pair_" + std::to_string(p) + ".png";
    fs::create_directories(folder / "differences");
    write_png(folder / file, mask);
    example["difference"] = file;
  }
}

// The staging folder, removed unless committed.
class Staging {
 public:
  explicit Staging(const fs::path& destination)
      : path_(destination.parent_path() /
              ("." + destination.filename().string() + ".partial-" + std::to_string(getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~Staging() {
    std::error_code ignored;
    if (!committed_) fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }
  void commit(const fs::path& destination) {
    fs::path old = destination.parent_path() /
                   ("." + destination.filename().string() + ".old-" + std::to_string(getpid()));
    bool replacing = fs::exists(destination);
    if (replacing) fs::rename(destination, old);
    fs::rename(path_, destination);
    committed_ = true;
    if (replacing) fs::remove_all(old);
  }

 private:
  fs::path path_;
  bool committed_ = false;
};

}  // namespace

void write_score_folder(const nlohmann::json& score_in, const fs::path& folder_in) {
  fs::path folder = fs::absolute(folder_in).lexically_normal();
  if (!folder.has_filename()) folder = folder.parent_path();
  check_score_destination(folder);
  fs::create_directories(folder.parent_path());
  Staging staging(folder);
  nlohmann::json score = score_in;
  score["plots"] = write_plots(score, staging.path());
  write_differences(score, staging.path());
  write_file_atomically(staging.path() / "score.json", score.dump(1) + "\n");
  write_file_atomically(staging.path() / "score.md", score_markdown(score));
  write_report_page(score, staging.path());
  check_score_destination(folder);
  staging.commit(folder);
}

}  // namespace railyard::score
