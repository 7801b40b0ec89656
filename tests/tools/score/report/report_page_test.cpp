// The report page's parts without a browser: base64, escaping, thumbnails and overlays, and a
// page whose every figure carries its path and score.json's numbers.
#include "tools/lib/score/report/report_page.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "tools/lib/records/annotations/rle.h"
#include "tools/lib/score/report/data_uri.h"
#include "tools/lib/score/report/figure_cells.h"
#include "tools/lib/score/report/html_text.h"
#include "tools/lib/score/report/thumbnail.h"

namespace railyard::score {
namespace {

std::string base64_of(std::string_view text) {
  return base64(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

TEST(ReportPage, Base64MatchesRfc4648) {
  EXPECT_EQ(base64_of(""), "");
  EXPECT_EQ(base64_of("f"), "Zg==");
  EXPECT_EQ(base64_of("fo"), "Zm8=");
  EXPECT_EQ(base64_of("foo"), "Zm9v");
  EXPECT_EQ(base64_of("foobar"), "Zm9vYmFy");
}

TEST(ReportPage, EscapesMarkup) {
  EXPECT_EQ(escape_html("<a href=\"x\">&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}

TEST(ReportPage, DownscaleAveragesBlocks) {
  Image<Rgb8> image(4, 2, Rgb8{0, 0, 0});
  image.at(0, 0) = {200, 100, 40};
  image.at(1, 1) = {200, 100, 40};
  Image<Rgb8> small = downscale(image, 2);
  ASSERT_EQ(small.width, 2);
  ASSERT_EQ(small.height, 1);
  EXPECT_EQ(small.at(0, 0), (Rgb8{100, 50, 20}));
  EXPECT_EQ(small.at(1, 0), (Rgb8{0, 0, 0}));
  EXPECT_EQ(downscale(image, 8), image);
}

TEST(ReportPage, OverlayTintsOnlyAPartsPixels) {
  Image<Rgb8> image(3, 2, Rgb8{10, 10, 10});
  Image<std::uint8_t> mask(3, 2, 0);
  mask.at(2, 1) = 1;
  SampleRecord record;
  PartRecord roof;
  roof.kind = PartKind::Roof;
  roof.region.mask = encode_mask(mask);
  roof.region.area = 1;
  record.parts = {roof};
  Image<Rgb8> out = mask_overlay(image, record);
  EXPECT_NE(out.at(2, 1), image.at(2, 1));
  out.at(2, 1) = image.at(2, 1);
  EXPECT_EQ(out, image);
  Image<Rgb8> difference = difference_overlay(image, encode_mask(mask));
  EXPECT_EQ(difference.at(2, 1), (Rgb8{230, 0, 160}));
  EXPECT_NE(difference.at(0, 0), (Rgb8{230, 0, 160}));
}

TEST(ReportPage, FigureCellsCarryScoreJsonsNumbers) {
  std::string cells = figure_cells({1000, 913, 0.913, 0.8944, 0.929}, "datasets.0.accuracy");
  EXPECT_NE(cells.find("data-figure=\"datasets.0.accuracy\""), std::string::npos);
  EXPECT_NE(cells.find("data-value=\"0.913\""), std::string::npos);
  EXPECT_NE(cells.find("data-low=\"0.8944\""), std::string::npos);
  EXPECT_NE(cells.find("data-n=\"1000\""), std::string::npos);
  EXPECT_NE(cells.find("91.3%"), std::string::npos);
  EXPECT_NE(cells.find("913 / 1000"), std::string::npos);
}

TEST(ReportPage, WritesAPageWithoutPicturesForAMinimalScore) {
  ScoreReport score;
  score.inputs = {{{"/p.jsonl", "00"}}, std::nullopt, {"/nowhere/<b>set", "dataset", "11"}};
  score.coverage = {10, 8, 2, true};
  DatasetScore dataset;
  dataset.name = "<b>set";
  dataset.folder = "/nowhere";
  dataset.accuracy = {8, 6, 0.75, 0.409, 0.929};
  dataset.misclassified = {{1, "images/1_m_train.png", "test", "east", "west", std::nullopt, ""}};
  score.datasets = {dataset};
  auto folder = std::filesystem::path(::testing::TempDir()) / "report_page_test";
  std::filesystem::create_directories(folder);
  write_report_page(score, folder);
  std::ifstream file(folder / "report.html");
  std::stringstream text;
  text << file.rdbuf();
  std::string page = text.str();
  EXPECT_NE(page.find("data-figure=\"datasets.0.accuracy\" data-value=\"0.75\""),
            std::string::npos);
  EXPECT_EQ(page.find("<b>set"), std::string::npos);  // escaped
  EXPECT_NE(page.find("&lt;b&gt;set"), std::string::npos);
  EXPECT_NE(page.find("2 missing"), std::string::npos);
  // The sample's folder does not exist: its card says so instead of failing the page.
  EXPECT_NE(page.find("data-sample=\"1\""), std::string::npos);
  EXPECT_NE(page.find("picture unavailable"), std::string::npos);
}

}  // namespace
}  // namespace railyard::score
