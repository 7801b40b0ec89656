#include "util/text_painter.h"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <stdexcept>

namespace railyard {

struct TextPainter::Face {
  FT_Library library = nullptr;
  FT_Face face = nullptr;
  ~Face() {
    if (face) FT_Done_Face(face);
    if (library) FT_Done_FreeType(library);
  }
};

std::filesystem::path default_font() {
  return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
}

TextPainter::TextPainter(const std::filesystem::path& font_file, int pixel_height)
    : face_(std::make_unique<Face>()), pixel_height_(pixel_height) {
  if (FT_Init_FreeType(&face_->library) != 0) throw std::runtime_error("FreeType could not start");
  if (FT_New_Face(face_->library, font_file.c_str(), 0, &face_->face) != 0)
    throw std::runtime_error(font_file.string() +
                             ": cannot load the font (install fonts-dejavu-core)");
  FT_Set_Pixel_Sizes(face_->face, 0, static_cast<FT_UInt>(pixel_height));
}

TextPainter::~TextPainter() = default;

int TextPainter::width(std::string_view text) const {
  int advance = 0;
  for (unsigned char c : text)
    if (FT_Load_Char(face_->face, c, FT_LOAD_DEFAULT) == 0)
      advance += static_cast<int>(face_->face->glyph->advance.x >> 6);
  return advance;
}

std::string TextPainter::fitted(std::string text, int max_width) const {
  if (width(text) <= max_width) return text;
  while (!text.empty() && width(text + "...") > max_width) text.pop_back();
  return text + "...";
}

void TextPainter::draw(Image<Rgb8>& image, int x, int y, std::string_view text, Rgb8 color) const {
  for (unsigned char c : text) {
    if (FT_Load_Char(face_->face, c, FT_LOAD_RENDER) != 0) continue;
    const FT_GlyphSlot glyph = face_->face->glyph;
    const FT_Bitmap& bitmap = glyph->bitmap;
    for (unsigned row = 0; row < bitmap.rows; ++row)
      for (unsigned col = 0; col < bitmap.width; ++col) {
        int px = x + glyph->bitmap_left + static_cast<int>(col);
        int py = y - glyph->bitmap_top + static_cast<int>(row);
        if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
        float a = bitmap.buffer[row * static_cast<unsigned>(bitmap.pitch) + col] / 255.0f;
        Rgb8& p = image.at(px, py);
        auto blend = [a](std::uint8_t under, std::uint8_t over) {
          return static_cast<std::uint8_t>(under + (over - under) * a + 0.5f);
        };
        p = {blend(p.r, color.r), blend(p.g, color.g), blend(p.b, color.b)};
      }
    x += static_cast<int>(glyph->advance.x >> 6);
  }
}

}  // namespace railyard
