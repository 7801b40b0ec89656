#include "tools/lib/gallery/gallery_source.h"

#include <memory>

#include "logic/vocabulary.h"
#include "tools/lib/records/formats/description.h"
#include "tools/lib/records/sample_files.h"
#include "util/content_hash.h"
#include "util/read_file.h"

namespace railyard::gallery {
namespace {

namespace fs = std::filesystem;

// The bit of each descriptor's first value: descriptors in order, each as many bits as values.
std::size_t first_bit(Descriptor descriptor) {
  std::size_t bit = 0;
  for (Descriptor d : kDescriptors) {
    if (d == descriptor) return bit;
    bit += descriptor_values(d).size();
  }
  return bit;
}

void add_attributes(const Train& train, AttributeBits& bits) {
  for (const Car& car : train.cars)
    for (Descriptor d : kDescriptors) {
      if (d == Descriptor::LoadShape && car.load_count == 0) continue;  // no loads: no shape
      const auto values = descriptor_values(d);
      for (std::size_t v = 0; v < values.size(); ++v)
        if (values[v] == descriptor_value(car, d)) bits.set(first_bit(d) + v);
    }
}

// One dataset whose samples a source shows, at `prefix` under the source's root, its records
// read in index order into a digest checked at the end.
class Side {
 public:
  Side(const DatasetFolder& folder, fs::path prefix)
      : folder_(folder), prefix_(std::move(prefix)), digest_(std::make_shared<Sha256>()) {}

  const DatasetFolder& folder() const { return folder_; }

  // Sample `index` as a view draws it; its attributes added to the unit's, its image returned
  // through `thumbnail`.
  nlohmann::ordered_json sample(std::uint64_t index, const std::string& role, GalleryUnit& unit,
                                const SampleRecord& record) const {
    if (auto fault = sample_file_fault(folder_.paths(), record, FileCheckDepth::Cheap))
      throw DatasetError((folder_.root() / *fault).string());
    add_attributes(record.train.train, unit.attributes);
    unit.thumbnails.push_back(file(folder_.paths().images(), record.files.image));
    return {
        {"role", role},
        {"split", folder_.split_of(index)},
        {"description", format_description(record.train)},
        {"image", unit.thumbnails.back()},
        {"depth", file(folder_.paths().depths(), record.files.depth_png)},
        {"record", nlohmann::ordered_json::parse(read_file_text(folder_.paths().record(index)))}};
  }

  // The record, fed to the digest (records must be read in index order).
  SampleRecord read(std::uint64_t index) const { return folder_.read_record(index, *digest_); }
  void finish() const { folder_.check_records_digest(*digest_); }

 private:
  // A file in `folder` (images/, depths/) as a path under the source's root; "" when unwritten.
  std::string file(const fs::path& folder, const std::string& name) const {
    if (name.empty()) return "";
    return (prefix_ / folder.lexically_relative(folder_.root()) / name).generic_string();
  }

  const DatasetFolder& folder_;
  fs::path prefix_;
  std::shared_ptr<Sha256> digest_;  // shared: the source's functions are copied
};

std::string published_name(const SampleRecord& record) {
  return record.labelled ? std::string(name(record.published)) : "withheld";
}

// Whether a dataset's published labels differ from the true ones anywhere (noise, withheld).
bool publishes_other_labels(const DatasetFolder& folder) {
  const DatasetCounts& counts = folder.manifest().counts;
  return counts.flipped_labels > 0 || counts.withheld_labels.value_or(0) > 0;
}

}  // namespace

nlohmann::ordered_json attribute_vocabulary() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (Descriptor d : kDescriptors) {
    nlohmann::ordered_json values = nlohmann::ordered_json::array();
    for (int value : descriptor_values(d))
      values.push_back(value_name(Vocabulary::Michalski, d, value));
    out.push_back({{"name", descriptor_key(d)}, {"values", std::move(values)}});
  }
  return out;
}

GallerySource dataset_source(const DatasetFolder& folder) {
  const bool published = publishes_other_labels(folder);
  GallerySource source{
      "dataset", "sample", folder.count(), {"split", "label", "cars", "scene"}, folder.root(),
      {},        {}};
  if (published) source.facets.push_back("published");
  Side side(folder, "");
  source.unit = [side, published](std::uint64_t index) {
    GalleryUnit unit;
    SampleRecord record = side.read(index);
    unit.facets = {side.folder().split_of(index), std::string(name(record.train.label)),
                   std::to_string(record.train.train.cars.size()), record.scene};
    if (published) unit.facets.push_back(published_name(record));
    unit.view = {{"unit", index},
                 {"title", "sample " + std::to_string(index)},
                 {"samples", {side.sample(index, "sample", unit, record)}}};
    return unit;
  };
  source.finish = [side] { side.finish(); };
  return source;
}

GallerySource sequence_source(const SequenceSet& set) {
  GallerySource source{"sequences",
                       "sequence",
                       set.lines().size(),
                       {"split", "label", "steps", "scene"},
                       set.dataset().root(),
                       {},
                       {}};
  Side side(set.dataset(), "");
  source.unit = [side, &set](std::uint64_t s) {
    const SequenceLine& line = set.lines()[s];
    GalleryUnit unit;
    nlohmann::ordered_json samples = nlohmann::ordered_json::array();
    std::string scene;
    for (std::size_t t = 0; t < line.samples.size(); ++t) {
      SampleRecord record = side.read(line.samples[t]);
      if (t == 0) scene = record.scene;
      samples.push_back(side.sample(line.samples[t], "step " + std::to_string(t), unit, record));
    }
    if (unit.thumbnails.size() > 4) unit.thumbnails.resize(4);  // the tile's strip
    unit.facets = {line.split, line.accepted ? "accepted" : "rejected", std::to_string(line.length),
                   scene};
    unit.view = {{"unit", s},
                 {"title", "sequence " + std::to_string(s)},
                 {"samples", std::move(samples)},
                 {"sequence", to_json(line)}};
    return unit;
  };
  source.finish = [side] { side.finish(); };
  return source;
}

GallerySource pairs_source(const PairsFolder& pairs) {
  GallerySource source{
      "pairs",
      "pair",
      pairs.pairs(),
      {"split", "label", "intervened_label", "flipped", "operation", "cars", "scene"},
      pairs.root(),
      {},
      {}};
  Side base(pairs.base(), pairs.base().root().lexically_relative(pairs.root()));
  Side intervened(pairs.intervened(), pairs.intervened().root().lexically_relative(pairs.root()));
  source.unit = [base, intervened, &pairs](std::uint64_t p) {
    const PairRecord& pair = pairs.pair_records()[p];
    GalleryUnit unit;
    SampleRecord base_record = base.read(pair.base);
    SampleRecord intervened_record = intervened.read(pair.intervened);
    std::string operation;
    for (const std::string& kind : pair.kinds) operation += (operation.empty() ? "" : "+") + kind;
    unit.facets = {base.folder().split_of(pair.base),
                   std::string(name(pair.base_label)),
                   std::string(name(pair.label)),
                   pair.flipped ? "yes" : "no",
                   operation,
                   std::to_string(base_record.train.train.cars.size()),
                   base_record.scene};
    unit.view = {{"unit", p},
                 {"title", "pair " + std::to_string(p)},
                 {"samples",
                  {base.sample(pair.base, "base", unit, base_record),
                   intervened.sample(pair.intervened, "intervened", unit, intervened_record)}},
                 {"pair", to_json(pair)}};
    return unit;
  };
  source.finish = [base, intervened] {
    base.finish();
    intervened.finish();
  };
  return source;
}

}  // namespace railyard::gallery
