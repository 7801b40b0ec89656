// `railyard gallery`: a static site to browse a finished folder (a dataset, a sequence set, a
// pairs folder, or a suite: a page of its variants, each a gallery of its own), opened from the
// file system with nothing fetched from outside. The pictures are the folder's own files, linked
// by a path relative to the gallery; the gallery holds the site (site_files.h) and data/:
//
//   data/meta.js             railyardGallery.meta({...}): kind, counts, facets and their values,
//                            the car attributes, the part kinds' colours, the chunk sizes
//   data/index-NNNNNN.js     railyardGallery.index(k, rows): per unit [unit, [facet value ids],
//                            [attribute words of 30 bits], [thumbnail paths]]
//   data/units-NNNNNN.js     railyardGallery.units(k, units): per unit its pictures' records
//                            (masks, boxes), description lines and, for pairs and sequences,
//                            the pair record or the sequence line
//
// Image paths are relative to meta's "source" (the folder shown, relative to the gallery, as a URL
// path) and written as the files name them: the page encodes them.
//
// Pages load the index whole (a few bytes a unit, so filters count every unit) and a units
// chunk only when a view opens one of its units. Every record shown is read against the
// manifest's digest. The same folder makes the same bytes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace railyard::gallery {

struct GalleryOptions {
  std::string version;                               // railyard's, shown on the page
  std::uint64_t index_rows = 5000;                   // units per index chunk
  std::uint64_t chunk_units = 100;                   // units per units chunk
  std::function<void(const std::string&)> progress;  // a line now and then; may be empty
};

struct GallerySummary {
  std::string kind;          // dataset, sequences, pairs, suite
  std::uint64_t units = 0;   // every unit shown (a suite: all its variants')
  std::size_t variants = 0;  // a suite's
};

// Writes the gallery of `root` at `destination` (a folder `railyard gallery` may write:
// util/staged_folder.h). Throws DatasetError naming the file when `root` is not a folder with
// samples railyard wrote or contradicts itself, OutputFolderError for a destination that may
// not be written, IoError for the disk.
GallerySummary write_gallery(const std::filesystem::path& root,
                             const std::filesystem::path& destination,
                             const GalleryOptions& options);

}  // namespace railyard::gallery
