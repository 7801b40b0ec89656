#include "tools/lib/score/report/gallery.h"

#include <exception>
#include <optional>

#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/pair_record.h"
#include "tools/lib/records/pairs_folder.h"
#include "tools/lib/score/report/data_uri.h"
#include "tools/lib/score/report/html_text.h"
#include "tools/lib/score/report/thumbnail.h"
#include "util/png_io.h"

namespace railyard::score {

namespace fs = std::filesystem;

namespace {

// A path as score.json gives it: absolute, or relative to `base`.
fs::path resolve(const fs::path& base, const std::string& path) {
  fs::path given(path);
  return given.is_absolute() ? given : base / given;
}

std::string label_class(const std::string& label) {
  return label == "east" ? "east" : label == "west" ? "west" : "other";
}

std::string label_span(const std::string& label) {
  return "<span class=\"label " + label_class(label) + "\">" + escape_html(label) + "</span>";
}

std::string image_tag(const std::string& uri, const std::string& css, const std::string& alt) {
  return "<img class=\"" + css + "\" src=\"" + uri + "\" alt=\"" + escape_html(alt) + "\">";
}

std::string missing_picture(const std::string& why) {
  return "<div class=\"missing\">picture unavailable: " + escape_html(why) + "</div>";
}

// The thumbnail, with the part masks as a second picture over it (shown on hover or toggle).
std::string sample_picture(const fs::path& folder, const Misclassified& entry,
                           const GalleryLimits& limits) {
  try {
    std::uint64_t index = entry.index;
    DatasetPaths paths(folder);
    SampleRecord record = read_sample_record(paths.record(index));
    fs::path file =
        entry.image.empty() ? paths.images() / record.files.image : resolve(folder, entry.image);
    Image<Rgb8> picture = read_png_rgb(file);
    Image<Rgb8> overlay = mask_overlay(picture, record);
    return "<div class=\"thumb\">" +
           image_tag(png_data_uri(downscale(picture, limits.thumbnail_width)), "plain",
                     "sample " + std::to_string(index)) +
           image_tag(png_data_uri(downscale(overlay, limits.thumbnail_width)), "overlay",
                     "part masks of sample " + std::to_string(index)) +
           "</div>";
  } catch (const std::exception& error) {
    return missing_picture(error.what());
  }
}

std::string probability_text(const Misclassified& entry) {
  if (!entry.probability) return "";
  return "<span class=\"prob\" data-probability=\"" + number_text(*entry.probability) +
         "\">P(east) = " + fixed_text(*entry.probability, 2) + "</span>";
}

std::string sample_card(const fs::path& folder, const Misclassified& entry,
                        const GalleryLimits& limits) {
  std::string index = std::to_string(entry.index);
  const std::string &label = entry.label, &predicted = entry.predicted;
  return "<figure class=\"card\" data-sample=\"" + escape_html(index) + "\" data-label=\"" +
         escape_html(label) + "\" data-predicted=\"" + escape_html(predicted) + "\">" +
         sample_picture(folder, entry, limits) + "<figcaption><div class=\"head\"><b>#" +
         escape_html(index) + "</b> <span class=\"split\">" + escape_html(entry.split) +
         "</span> " + probability_text(entry) + "</div><div>true " + label_span(label) +
         " &middot; predicted " + label_span(predicted) + "</div><code class=\"desc\">" +
         escape_html(entry.description) + "</code></figcaption></figure>\n";
}

std::string capped_note(std::size_t shown, std::size_t total, const std::string& what) {
  if (shown == total) return "";
  return "<p class=\"note\">The first " + std::to_string(shown) + " of " + std::to_string(total) +
         " " + what + " listed in score.json (in index order).</p>\n";
}

}  // namespace

std::string mask_legend() {
  std::string out = "<span class=\"legend\">";
  for (const KindColour& entry : part_kind_colours()) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", entry.colour.r, entry.colour.g, entry.colour.b);
    out += "<span class=\"swatch\" style=\"background:" + std::string(hex) + "\"></span>" +
           std::string(entry.kind) + " ";
  }
  return out + "</span>";
}

std::string misclassified_gallery(const ScoreReport& score, std::size_t k,
                                  const GalleryLimits& limits) {
  const std::vector<Misclassified>& list = score.datasets[k].misclassified;
  if (list.empty()) return "";
  std::size_t shown = std::min(list.size(), limits.samples);
  std::string out = "<div class=\"gallery\" data-gallery=\"datasets." + std::to_string(k) +
                    "\" data-count=\"" + std::to_string(shown) + "\">\n";
  for (std::size_t i = 0; i < shown; ++i)
    out += sample_card(score.datasets[k].folder, list[i], limits);
  return out + "</div>\n" + capped_note(shown, list.size(), "misclassified samples");
}

namespace {

struct PairPictures {
  Image<Rgb8> base, intervened;
  std::optional<Rle> difference;
};

// The pair's two images, from its record, and its colour difference (pairs/<p>.json).
PairPictures read_pair(const PairsFolder& folder, std::uint64_t pair) {
  PairRecord record = read_pair_record(folder.pair_file(pair), pair);
  auto image = [](const DatasetFolder& side, std::uint64_t index) {
    SampleRecord sample = side.read_record(index);
    return read_png_rgb(side.paths().images() / sample.files.image);
  };
  return {image(folder.base(), record.base), image(folder.intervened(), record.intervened),
          record.colour_difference.mask};
}

std::string side_caption(const PairSide& entry, const std::string& side) {
  return "<div>" + side + ": true " + label_span(entry.label) + " &middot; predicted " +
         label_span(entry.predicted) + "</div>";
}

std::string pair_card(const PairsFolder* folder, const PairExample& example,
                      const GalleryLimits& limits) {
  std::string pair = std::to_string(example.pair);
  std::string pictures;
  try {
    if (!folder) throw std::runtime_error("the target is not a pairs folder");
    PairPictures p = read_pair(*folder, example.pair);
    int width = limits.thumbnail_width;
    pictures = "<div class=\"side\">" +
               image_tag(png_data_uri(downscale(p.base, width)), "plain", "base") +
               "<span>base</span></div><div class=\"side\">" +
               image_tag(png_data_uri(downscale(p.intervened, width)), "plain", "intervened") +
               "<span>intervened</span></div><div class=\"side\">" +
               image_tag(png_data_uri(downscale(difference_overlay(p.base, *p.difference), width)),
                         "plain", "difference") +
               "<span>difference</span></div>";
  } catch (const std::exception& error) {
    pictures = missing_picture(error.what());
  }
  return "<figure class=\"pair\" data-pair=\"" + escape_html(pair) + "\"><div class=\"sides\">" +
         pictures + "</div><figcaption><b>pair " + escape_html(pair) + "</b> <code>" +
         escape_html(example.operation) + "</code> <span class=\"split\">(the label " +
         (example.flipped ? "flips" : "is kept") + ")</span>" + side_caption(example.base, "base") +
         side_caption(example.intervened, "intervened") + "</figcaption></figure>\n";
}

}  // namespace

std::string pairs_gallery(const ScoreReport& score, const GalleryLimits& limits) {
  if (!score.pairs || score.pairs->examples.empty()) return "";
  const std::vector<PairExample>& examples = score.pairs->examples;
  std::optional<PairsFolder> folder;
  try {
    folder = PairsFolder::open(score.inputs.target.path);
  } catch (const std::exception&) {
    // Each card then says why it has no pictures.
  }
  std::size_t shown = std::min(examples.size(), limits.pairs);
  std::string out =
      "<div class=\"pairs\" data-gallery=\"pairs\" data-count=\"" + std::to_string(shown) + "\">\n";
  for (std::size_t i = 0; i < shown; ++i)
    out += pair_card(folder ? &*folder : nullptr, examples[i], limits);
  return out + "</div>\n" + capped_note(shown, examples.size(), "inconsistent pairs");
}

}  // namespace railyard::score
