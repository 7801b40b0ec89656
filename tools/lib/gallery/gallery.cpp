#include "tools/lib/gallery/gallery.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <variant>

#include "tools/lib/gallery/gallery_source.h"
#include "tools/lib/gallery/site_files.h"
#include "tools/lib/records/open_folder.h"
#include "tools/lib/score/report/thumbnail.h"
#include "tools/lib/shards/shard_verify.h"
#include "tools/lib/shards/unpack.h"
#include "util/file_system.h"
#include "util/staged_folder.h"

namespace railyard::gallery {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

const FolderKind kGalleryFolder{"railyard gallery", ".railyard-gallery"};
constexpr std::size_t kWordBits = 30;  // JavaScript's bit operators work on 32-bit integers

// A path as a URL's path: every byte but unreserved characters and '/' percent-encoded.
std::string url_path(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", c);
      out += escaped;
    }
  }
  return out;
}

// The values a facet takes, numbered as the page lists them: train, val, test first, numbers
// by value, the rest by name.
class FacetValues {
 public:
  void add(const std::string& value) { ids_.emplace(value, 0); }

  Json number() {
    std::vector<std::string> order;
    for (const auto& entry : ids_) order.push_back(entry.first);
    std::stable_sort(order.begin(), order.end(), [](const std::string& a, const std::string& b) {
      return sort_key(a) < sort_key(b);
    });
    for (std::size_t k = 0; k < order.size(); ++k) ids_[order[k]] = static_cast<int>(k);
    return order;
  }
  int id(const std::string& value) const { return ids_.at(value); }

 private:
  static std::tuple<int, double, std::string> sort_key(const std::string& value) {
    if (auto at = std::find(kSplitNames.begin(), kSplitNames.end(), value); at != kSplitNames.end())
      return {0, static_cast<double>(at - kSplitNames.begin()), ""};
    bool number = !value.empty() && std::all_of(value.begin(), value.end(), ::isdigit);
    return number ? std::tuple{1, std::stod(value), std::string()} : std::tuple{2, 0.0, value};
  }

  std::map<std::string, int> ids_;
};

Json attribute_words(const AttributeBits& bits) {
  Json words = Json::array();
  for (std::size_t first = 0; first < kAttributeBits; first += kWordBits) {
    std::uint32_t word = 0;
    for (std::size_t b = first; b < std::min(first + kWordBits, kAttributeBits); ++b)
      if (bits[b]) word |= 1u << (b - first);
    words.push_back(word);
  }
  while (words.size() > 1 && words.back() == 0) words.erase(words.size() - 1);
  return words;
}

std::string chunk_file(const char* name, std::uint64_t k) {
  char digits[24];
  std::snprintf(digits, sizeof digits, "%06llu", static_cast<unsigned long long>(k));
  return std::string("data/") + name + "-" + digits + ".js";
}

std::string call(const char* receiver, const Json& value) {
  return std::string("railyardGallery.") + receiver + "(" + value.dump() + ");\n";
}

std::string call(const char* receiver, std::uint64_t k, const Json& value) {
  return std::string("railyardGallery.") + receiver + "(" + std::to_string(k) + ", " +
         value.dump() + ");\n";
}

Json part_kinds() {
  Json out = Json::array();
  for (const score::KindColour& entry : score::part_kind_colours()) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", entry.colour.r, entry.colour.g, entry.colour.b);
    out.push_back({{"kind", entry.kind}, {"colour", hex}});
  }
  return out;
}

// The link from `gallery` to `target`, as the page's paths need it (ending in '/' for a folder).
std::string link(const fs::path& target, const fs::path& gallery) {
  std::error_code error;
  fs::path to = fs::weakly_canonical(file_system::absolute(target), error);
  fs::path from = fs::weakly_canonical(file_system::absolute(gallery), error);
  return url_path(to.lexically_relative(from).generic_string());
}

Json meta_of(const GallerySource& source, const std::string& name, const fs::path& destination,
             const GalleryOptions& options) {
  const std::uint64_t n = source.count;
  return {{"format", 1},
          {"tool", "railyard " + options.version},
          {"kind", source.kind},
          {"name", name},
          {"source", link(source.root, destination) + "/"},
          {"units", n},
          {"unit_noun", source.noun},
          {"index_chunk", options.index_rows},
          {"index_chunks", (n + options.index_rows - 1) / options.index_rows},
          {"unit_chunk", options.chunk_units},
          {"unit_chunks", (n + options.chunk_units - 1) / options.chunk_units},
          {"attributes", attribute_vocabulary()},
          {"part_kinds", part_kinds()}};
}

void write_site(StagedFolder& staged, const fs::path& sub) {
  for (const SiteFile& file : site_files()) staged.write(sub / file.name, file.text);
}

// One unit's row before its facet values are numbered.
struct Row {
  std::vector<std::string> facets;
  AttributeBits attributes;
  std::vector<std::string> thumbnails;
};

// What a folder's gallery shows first: its count and first pictures (for a suite's page).
struct Written {
  std::uint64_t units = 0;
  std::vector<std::string> thumbnails;  // its first units' first pictures
};

// The index in chunks of `chunk_rows`: per unit its number, facet value ids (as `values`
// numbered them), attribute words and thumbnails.
void write_index(StagedFolder& staged, const fs::path& sub, const std::vector<Row>& rows,
                 const std::vector<FacetValues>& values, std::uint64_t chunk_rows) {
  for (std::uint64_t first = 0; first < rows.size(); first += chunk_rows) {
    Json index = Json::array();
    for (std::uint64_t u = first; u < std::min<std::uint64_t>(rows.size(), first + chunk_rows);
         ++u) {
      Json ids = Json::array();
      for (std::size_t f = 0; f < values.size(); ++f)
        ids.push_back(values[f].id(rows[u].facets[f]));
      index.push_back({u, std::move(ids), attribute_words(rows[u].attributes), rows[u].thumbnails});
    }
    staged.write(sub / chunk_file("index", first / chunk_rows),
                 call("index", first / chunk_rows, index));
  }
}

// The units' views in chunks as they are read, then the index, then meta.js.
Written write_units(StagedFolder& staged, const fs::path& sub, const GallerySource& source,
                    Json meta, const GalleryOptions& options) {
  std::vector<Row> rows;
  std::vector<FacetValues> values(source.facets.size());
  Json chunk = Json::array();
  for (std::uint64_t u = 0; u < source.count; ++u) {
    GalleryUnit unit = source.unit(u);
    for (std::size_t f = 0; f < values.size(); ++f) values[f].add(unit.facets.at(f));
    rows.push_back({std::move(unit.facets), unit.attributes, std::move(unit.thumbnails)});
    chunk.push_back(std::move(unit.view));
    if (chunk.size() == options.chunk_units || u + 1 == source.count) {
      staged.write(sub / chunk_file("units", u / options.chunk_units),
                   call("units", u / options.chunk_units, chunk));
      chunk = Json::array();
    }
    if ((u + 1) % options.index_rows == 0 && options.progress)
      options.progress((staged.destination() / sub).string() + ": " + std::to_string(u + 1) +
                       " of " + std::to_string(source.count) + " " + source.noun + "s");
  }
  source.finish();
  Json facets = Json::array();
  for (std::size_t f = 0; f < values.size(); ++f)
    facets.push_back({{"name", source.facets[f]}, {"values", values[f].number()}});
  meta["facets"] = std::move(facets);
  write_index(staged, sub, rows, values, options.index_rows);
  staged.write(sub / "data/meta.js", call("meta", meta));
  write_site(staged, sub);
  Written written{source.count, {}};
  for (std::size_t u = 0; u < rows.size() && written.thumbnails.size() < 4; ++u)
    if (!rows[u].thumbnails.empty()) written.thumbnails.push_back(rows[u].thumbnails.front());
  return written;
}

GallerySource source_of(const OpenedFolder& opened, const fs::path& root) {
  if (auto* dataset = std::get_if<DatasetFolder>(&opened)) return dataset_source(*dataset);
  if (auto* set = std::get_if<SequenceSet>(&opened)) return sequence_source(*set);
  if (auto* pairs = std::get_if<PairsFolder>(&opened)) return pairs_source(*pairs);
  throw DatasetError(root.string() + ": a " +
                     std::string(kFolderContentNames.name(folder_content(root))) +
                     " folder, which has no samples to show (gallery takes a dataset, a sequence "
                     "set, a pairs folder or a suite)");
}

// Where the gallery keeps the pictures of a shard folder, unpacked.
constexpr char kUnpacked[] = "files";

// The folder at `root` under `sub`, `extra` added to its meta. A folder of shards is shown from
// its units unpacked into the gallery (unpack.h): a page opened from the file system cannot read
// a tar.
Written write_folder(StagedFolder& staged, const fs::path& sub, const fs::path& root,
                     const Json& extra, const GalleryOptions& options) {
  const bool shards = is_shard_folder(root);
  if (shards) unpack_shards(root, staged, sub / kUnpacked);
  const fs::path shown = shards ? staged.staging() / sub / kUnpacked : root;
  OpenedFolder opened = open_folder(shown);
  GallerySource source = source_of(opened, root);
  Json meta = meta_of(source, file_system::folder_name(root), staged.destination() / sub, options);
  if (shards) meta["source"] = std::string(kUnpacked) + "/";
  meta.update(extra);
  return write_units(staged, sub, source, std::move(meta), options);
}

std::string variant_description(const SuiteVariantSummary& v) {
  std::string text = v.rule + ", " + v.distribution + " trains of " + v.cars + " cars, " + v.scene +
                     " (" + v.backend + ")";
  if (v.holdout) text += "; held-out combinations";
  if (v.label_noise > 0) text += "; label noise " + std::to_string(v.label_noise);
  return text;
}

GallerySummary write_suite(StagedFolder& staged, const SuiteFolder& suite,
                           const GalleryOptions& options) {
  GallerySummary summary{"suite", 0, suite.summary().variants.size()};
  Json variants = Json::array();
  for (std::size_t v = 0; v < suite.summary().variants.size(); ++v) {
    const SuiteVariantSummary& variant = suite.summary().variants[v];
    const fs::path folder(variant.folder);
    std::string up;
    for (auto part = folder.begin(); part != folder.end(); ++part) up += "../";
    Written written =
        write_folder(staged, folder, suite.variant_root(v),
                     {{"parent", up + "index.html"}, {"name", variant.name}}, options);
    summary.units += written.units;
    variants.push_back({{"name", variant.name},
                        {"folder", url_path(folder.generic_string())},
                        {"units", variant.count},
                        {"description", variant_description(variant)},
                        {"source", is_shard_folder(suite.variant_root(v))
                                       ? url_path(folder.generic_string()) + "/" + kUnpacked + "/"
                                       : link(suite.variant_root(v), staged.destination()) + "/"},
                        {"thumbnails", written.thumbnails}});
  }
  staged.write("data/meta.js", call("meta", Json{{"format", 1},
                                                 {"tool", "railyard " + options.version},
                                                 {"kind", "suite"},
                                                 {"name", suite.summary().suite},
                                                 {"units", summary.units},
                                                 {"variants", std::move(variants)}}));
  write_site(staged, "");
  return summary;
}

}  // namespace

GallerySummary write_gallery(const fs::path& root, const fs::path& destination,
                             const GalleryOptions& options) {
  StagedFolder staged(destination, kGalleryFolder);
  GallerySummary summary;
  if (folder_content(root) == FolderContent::Suite) {
    summary = write_suite(staged, SuiteFolder::open(root), options);
  } else {
    summary.kind = kFolderContentNames.name(folder_content(root));
    summary.units = write_folder(staged, "", root, Json::object(), options).units;
  }
  staged.commit();
  return summary;
}

}  // namespace railyard::gallery
