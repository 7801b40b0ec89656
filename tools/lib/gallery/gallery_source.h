// What a gallery shows of a folder kind: its units (a dataset's samples, a pairs folder's pairs, a
// sequence set's sequences), each as a row of the page's index (its value of every facet, the car
// attributes it holds, its thumbnails) and as the object its view draws (the records of its
// pictures, with their masks). One source per kind; gallery.h writes any of them the same way.
#pragma once

#include <bitset>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/lib/records/open_folder.h"

namespace railyard::gallery {

// Bits of the car attributes' values: attribute_bits() numbers every value of every descriptor
// (logic/vocabulary.h), descriptors in order.
inline constexpr std::size_t kAttributeBits = 64;
using AttributeBits = std::bitset<kAttributeBits>;

struct GalleryUnit {
  std::vector<std::string> facets;      // its value of each of the source's facets, in order
  AttributeBits attributes;             // the values some car of its pictures has
  std::vector<std::string> thumbnails;  // image paths relative to the source's root; "" unwritten
  nlohmann::ordered_json view;          // {"unit", "title", "samples": [...], "pair" | "sequence"}
};

struct GallerySource {
  std::string kind;  // dataset, pairs, sequences
  std::string noun;  // sample, pair, sequence
  std::uint64_t count = 0;
  std::vector<std::string> facets;  // the facets' names
  std::filesystem::path root;       // the folder whose paths the units' image paths are under
  // Unit u, its records read and checked (throws DatasetError naming the file).
  std::function<GalleryUnit(std::uint64_t)> unit;
  // Called after the last unit: throws DatasetError when the records' digest is not the
  // manifest's (an edited record was shown).
  std::function<void()> finish;
};

// The car attributes as the page lists them: [{"name": "shape", "values": [...]}, ...].
nlohmann::ordered_json attribute_vocabulary();

// The source of an opened dataset, sequence set or pairs folder (which must outlive it).
GallerySource dataset_source(const DatasetFolder& folder);
GallerySource sequence_source(const SequenceSet& set);
GallerySource pairs_source(const PairsFolder& pairs);

}  // namespace railyard::gallery
