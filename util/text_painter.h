// Captions on images, drawn with FreeType from a TrueType font (Debian's fonts-dejavu-core): the
// contact sheets, the suite's picture and the score's charts all write with it.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "util/image.h"

namespace railyard {

class TextPainter {
 public:
  // Throws std::runtime_error naming the font file when FreeType cannot load it.
  TextPainter(const std::filesystem::path& font_file, int pixel_height);
  ~TextPainter();
  TextPainter(const TextPainter&) = delete;
  TextPainter& operator=(const TextPainter&) = delete;

  // Draws `text` with its baseline at y, starting at x, blending `color` by the glyph coverage.
  void draw(Image<Rgb8>& image, int x, int y, std::string_view text, Rgb8 color) const;
  int width(std::string_view text) const;  // advance in pixels
  int line_height() const { return pixel_height_; }

  // `text` cut to at most `max_width` pixels with an ellipsis, so that columns never overlap.
  std::string fitted(std::string text, int max_width) const;

 private:
  struct Face;
  std::unique_ptr<Face> face_;
  int pixel_height_;
};

// DejaVu Sans where Debian installs it.
std::filesystem::path default_font();

}  // namespace railyard
