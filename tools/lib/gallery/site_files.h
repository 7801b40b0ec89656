// The gallery's static site (site/index.html, gallery.css, gallery.js), compiled into the program
// so that `railyard gallery` needs no installed data files; every gallery holds the same bytes.
#pragma once

#include <span>
#include <string_view>

namespace railyard::gallery {

struct SiteFile {
  std::string_view name;  // its name in the gallery folder
  std::string_view text;
};

std::span<const SiteFile> site_files();

}  // namespace railyard::gallery
