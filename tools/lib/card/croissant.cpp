#include "tools/lib/card/croissant.h"

#include <string>
#include <vector>

#include "logic/distribution.h"

namespace railyard {
namespace {

using Json = nlohmann::ordered_json;

// Croissant 1.1's context: its terms, schema.org as the vocabulary, and the RAI terms.
Json context() {
  Json c = {{"@language", "en"},
            {"@vocab", "https://schema.org/"},
            {"sc", "https://schema.org/"},
            {"cr", "http://mlcommons.org/croissant/"},
            {"rai", "http://mlcommons.org/croissant/RAI/"},
            {"dct", "http://purl.org/dc/terms/"},
            {"conformsTo", "dct:conformsTo"},
            {"data", {{"@id", "cr:data"}, {"@type", "@json"}}},
            {"dataType", {{"@id", "cr:dataType"}, {"@type", "@vocab"}}},
            {"examples", {{"@id", "cr:examples"}, {"@type", "@json"}}}};
  for (const char* term :
       {"citeAs",   "column",      "extract",   "field",         "fileProperty", "fileObject",
        "fileSet",  "format",      "includes",  "isLiveDataset", "jsonPath",     "key",
        "md5",      "parentField", "path",      "recordSet",     "references",   "regex",
        "repeated", "replace",     "separator", "source",        "subField",     "transform"})
    c[term] = std::string("cr:") + term;
  return c;
}

Json id(const std::string& name) {
  return {{"@id", name}};
}

// The members of a split's shards that a FileSet names, by glob; an image set is also a field
// of the samples (its content, by key).
struct MemberSet {
  const char* name;
  const char* format;
  const char* glob;
  const char* description;
  bool image;
};
// A field read from a JSON member of each unit.
struct RecordField {
  const char* name;
  const char* type;
  const char* path;
  const char* description;
};
struct FieldGroup {  // a repeated field and its sub-fields
  const char* name;
  const char* description;
  std::vector<RecordField> fields;
};

// What a unit of a kind of folder holds, and the fields read from it.
struct UnitLayout {
  std::vector<MemberSet> sets;  // the first holds the JSON the fields and the key come from
  std::vector<RecordField> fields;
  std::vector<FieldGroup> groups;
};

const UnitLayout& sample_layout() {
  static const UnitLayout layout{
      {{"records", "application/json", "*.json", "each sample's record (railyard's sample record)",
        false},
       {"images", "image/png", "*[0-9].png", "the rendered images", true},
       {"depth_png", "image/png", "*.depth.png", "V-LoL's normalised 8-bit depth", true},
       {"depth_exr", "image/x-exr", "*.depth.exr", "metric depth, channel Z", true}},
      {{"index", "sc:Integer", "$.index", "The sample's index in the dataset."},
       {"label", "sc:Text", "$.label", "The true label by the rule: east or west."},
       {"published_label", "sc:Text", "$.published_label",
        "The label the dataset gives (after label noise)."},
       {"angle", "sc:Integer", "$.train.angle", "The train's viewing angle in degrees."},
       {"scene", "sc:Text", "$.scene", "The scene's name."}},
      {{"cars",
        "The train's cars, front to back.",
        {{"position", "sc:Integer", "$.train.cars[*].position", "1 for the car behind the engine."},
         {"shape", "sc:Text", "$.train.cars[*].shape", "The car's shape."},
         {"length", "sc:Text", "$.train.cars[*].length", "short or long."},
         {"wall", "sc:Text", "$.train.cars[*].wall", "double or not_double."},
         {"roof", "sc:Text", "$.train.cars[*].roof", "The roof, or none."},
         {"axles", "sc:Integer", "$.train.cars[*].axles", "Its axles (wheels per side)."},
         {"load_shape", "sc:Text", "$.train.cars[*].load_shape", "The payloads' shape."},
         {"load_count", "sc:Integer", "$.train.cars[*].load_count", "How many payloads."}}},
       {"parts",
        "Every part of the picture, in id order.",
        {{"id", "sc:Integer", "$.parts[*].id", "The part's id in the picture."},
         {"kind", "sc:Text", "$.parts[*].kind",
          "locomotive, rail, body, wall, roof, wheels or payload."},
         {"car", "sc:Integer", "$.parts[*].car", "Its car (0: the locomotive and the rail)."},
         {"visible_box", "cr:BoundingBox", "$.parts[*].visible_box",
          "Box of its visible pixels: x, y, width, height."},
         {"full_box", "cr:BoundingBox", "$.parts[*].full_box",
          "Box of the whole part, occluded too."},
         {"area", "sc:Integer", "$.parts[*].area", "Its visible pixels."},
         {"mask", "cr:SegmentationMask", "$.parts[*].mask.counts",
          "Its visible pixels as COCO compressed RLE (size: the image's)."}}}}};
  return layout;
}

const UnitLayout& pair_layout() {
  static const UnitLayout layout{
      {{"pairs", "application/json", "*[0-9].json", "each pair's record (a line of pairs.jsonl)",
        false},
       {"base_images", "image/png", "*.base.png", "the base trains' images", true},
       {"intervened_images", "image/png", "*.intervened.png", "the intervened twins' images", true},
       {"base_records", "application/json", "*.base.json", "the base samples' records", false},
       {"intervened_records", "application/json", "*.intervened.json", "the twins' sample records",
        false}},
      {{"pair", "sc:Integer", "$.pair", "The pair's index."},
       {"operations", "sc:Text", "$.operations", "The intervention, as railyard writes it."},
       {"base_label", "sc:Text", "$.base_label", "The base train's label by the rule."},
       {"label", "sc:Text", "$.label", "The intervened train's label by the rule."},
       {"flipped", "sc:Boolean", "$.flipped", "Whether the intervention flipped the label."},
       {"changes", "sc:Text", "$.changes", "What changed, car by car."}},
      {{"parts",
        "The parts that differ between the two pictures.",
        {{"change", "sc:Text", "$.parts[*].change", "added, removed, moved or altered."},
         {"kind", "sc:Text", "$.parts[*].kind", "The part's kind."},
         {"car", "sc:Integer", "$.parts[*].car", "Its car."}}}}};
  return layout;
}

// The layout of the folder's units: a dataset's without the files its config does not write.
UnitLayout layout_of(const CardFacts& f) {
  if (f.pairs) return pair_layout();
  UnitLayout layout = sample_layout();
  const OutputSelection& outputs = f.config.outputs;
  std::erase_if(layout.sets, [&](const MemberSet& set) {
    const std::string_view name = set.name;
    return (name == "depth_png" && !outputs.depth_png) ||
           (name == "depth_exr" && !outputs.depth_exr);
  });
  if (outputs.scene == SceneFormat::Glb)
    layout.sets.push_back(
        {"scenes", "model/gltf-binary", "*.glb", "each sample's 3D scene (binary glTF)", false});
  return layout;
}

Json source_of(const std::string& file_set, Json extract) {
  return {{"fileSet", id(file_set)}, {"extract", std::move(extract)}};
}

Json record_field(const std::string& set, const std::string& id_prefix, const RecordField& f) {
  return {{"@type", "cr:Field"}, {"@id", id_prefix + f.name},
          {"name", f.name},      {"description", f.description},
          {"dataType", f.type},  {"source", source_of(set, {{"jsonPath", f.path}})}};
}

// `prefix` places a variant of a suite: its folder and a slash, before every id and file name.
Json split_record_set(const SplitShards& split, const UnitLayout& layout,
                      const std::string& prefix) {
  const std::string s = prefix + split.name;
  const std::string records = s + "/" + layout.sets.front().name;
  Json key_source = source_of(records, {{"fileProperty", "filename"}});
  key_source["transform"] = {{"regex", "^([0-9]+)\\.json$"}};
  Json fields = Json::array();
  fields.push_back({{"@type", "cr:Field"},
                    {"@id", s + "/key"},
                    {"name", "key"},
                    {"description", "The unit's key: its members' shared name."},
                    {"dataType", "sc:Text"},
                    {"source", std::move(key_source)}});
  for (const MemberSet& members : layout.sets)
    if (members.image)
      fields.push_back(
          {{"@type", "cr:Field"},
           {"@id", s + "/" + members.name},
           {"name", members.name},
           {"description", members.description},
           {"dataType", "sc:ImageObject"},
           {"source", source_of(s + "/" + members.name, {{"fileProperty", "content"}})}});
  for (const RecordField& f : layout.fields) fields.push_back(record_field(records, s + "/", f));
  for (const FieldGroup& group : layout.groups) {
    Json sub = Json::array();
    for (const RecordField& f : group.fields)
      sub.push_back(record_field(records, s + "/" + group.name + "/", f));
    fields.push_back({{"@type", "cr:Field"},
                      {"@id", s + "/" + group.name},
                      {"name", group.name},
                      {"description", group.description},
                      {"repeated", true},
                      {"subField", std::move(sub)}});
  }
  return {{"@type", "cr:RecordSet"},
          {"@id", s},
          {"name", s},
          {"description", "The " + s + " split: " + std::to_string(split.samples) + " units."},
          {"key", id(s + "/key")},
          {"field", std::move(fields)}};
}

Json distribution(const CardFacts& f, const std::string& prefix) {
  Json out = Json::array();
  for (const ShardEntry& shard : f.index.shards)
    out.push_back({{"@type", "cr:FileObject"},
                   {"@id", prefix + shard.name},
                   {"name", prefix + shard.name},
                   {"description", std::to_string(shard.samples) + " " + shard.split + " units"},
                   {"contentUrl", f.options.url + prefix + shard.name},
                   {"contentSize", std::to_string(shard.bytes) + " B"},
                   {"encodingFormat", "application/x-tar"},
                   {"sha256", shard.sha256}});
  const UnitLayout layout = layout_of(f);
  for (const SplitShards& split : f.splits)
    for (const MemberSet& members : layout.sets) {
      Json within = Json::array();
      for (std::size_t k : split.shards) within.push_back(id(prefix + f.index.shards[k].name));
      out.push_back({{"@type", "cr:FileSet"},
                     {"@id", prefix + split.name + "/" + members.name},
                     {"name", prefix + split.name + "/" + members.name},
                     {"description", std::string(members.description) + ", " + split.name},
                     {"containedIn", std::move(within)},
                     {"encodingFormat", members.format},
                     {"includes", members.glob}});
    }
  return out;
}

std::string description(const CardFacts& f) {
  const DatasetConfig& c = f.config;
  std::string what = f.pairs ? std::to_string(f.pairs->pairs) +
                                   " pairs of synthetic pictures (a train and its intervened twin, "
                                   "mode " +
                                   f.pairs->mode + ") of Michalski trains ("
                             : std::to_string(f.manifest.counts.samples) +
                                   " synthetic pictures of Michalski trains (";
  return what + c.representation + ", " + std::to_string(c.sampler.min_cars) + "-" +
         std::to_string(c.sampler.max_cars) + " cars, " +
         std::string(distribution_name(c.sampler.distribution)) + ") in the " + c.scene +
         ", labelled eastbound or westbound by the Prolog rule " + f.manifest.rule +
         ", with depth, part masks and boxes; made by railyard " + f.manifest.version + ".";
}

void responsible_ai(Json& out, const CardFacts& f) {
  const DatasetCounts& c = f.manifest.counts;
  out["rai:dataCollection"] = "Generated, not collected: trains sampled from the " +
                              std::string(distribution_name(f.config.sampler.distribution)) +
                              " distribution with seed " + std::to_string(f.manifest.seed) +
                              ", labelled by a Prolog rule and rendered by railyard's " +
                              f.config.backend + " backend.";
  out["rai:dataCollectionType"] = "Software Collection";
  out["rai:dataAnnotationProtocol"] =
      "No human annotation: labels by the rule on the symbolic train, masks, boxes and depth "
      "from the renderer's part-id and depth passes of the same frame.";
  out["rai:dataBiases"] =
      "By construction: " + std::to_string(c.east) + " east and " + std::to_string(c.west) +
      " west trains (true labels); " + std::to_string(c.flipped_labels) +
      " published labels flipped by label noise " + std::to_string(f.config.label_noise) +
      ". Attribute and length histograms are in the card.";
  out["rai:dataLimitations"] =
      "Toy trains on fixed scenes: the rule, the vocabulary of car attributes and the rendering "
      "define everything a model can learn; results need not transfer to natural images.";
  out["rai:dataUseCases"] =
      "Testing whether vision and neuro-symbolic models learn a logical rule or a shortcut: "
      "classification, detection, segmentation, rule learning from predicted symbols.";
  out["rai:personalSensitiveInformation"] = "None: no person or personal data is depicted.";
  out["rai:dataSocialImpact"] =
      "Research on visual reasoning; no foreseeable direct impact on people.";
}

// The document's head: what the dataset is, its license and version, and the RAI fields.
Json head(const CardFacts& f, const std::string& name, const std::string& what) {
  Json out = {
      {"@context", context()},
      {"@type", "sc:Dataset"},
      {"conformsTo", "http://mlcommons.org/croissant/1.1"},
      {"name", name},
      {"description", what},
      {"license", f.options.license},
      {"version", f.manifest.version},
      {"dateCreated", f.manifest.created},
      {"keywords", {"synthetic", "visual reasoning", "neuro-symbolic", "Michalski trains"}},
      {"citeAs", name + ", generated by railyard " + f.manifest.version + " on " +
                     f.manifest.created + " (seed " + std::to_string(f.manifest.seed) + ")"}};
  if (!f.options.url.empty()) out["url"] = f.options.url;
  responsible_ai(out, f);
  return out;
}

// Each part's shards, file sets and record sets, under its prefix.
void add_parts(Json& out, const std::vector<std::pair<std::string, const CardFacts*>>& parts) {
  Json files = Json::array(), sets = Json::array();
  for (const auto& [prefix, f] : parts) {
    for (Json& item : distribution(*f, prefix)) files.push_back(std::move(item));
    for (const SplitShards& split : f->splits)
      sets.push_back(split_record_set(split, layout_of(*f), prefix));
  }
  out["distribution"] = std::move(files);
  out["recordSet"] = std::move(sets);
}

}  // namespace

nlohmann::ordered_json croissant(const CardFacts& f) {
  Json out = head(f, f.name, description(f));
  add_parts(out, {{"", &f}});
  return out;
}

nlohmann::ordered_json suite_croissant(const std::string& name, const std::string& what,
                                       const std::vector<SuitePart>& variants) {
  Json out = head(variants.front().facts, name, what);
  std::vector<std::pair<std::string, const CardFacts*>> parts;
  for (const SuitePart& variant : variants)
    parts.emplace_back(variant.folder + "/", &variant.facts);
  add_parts(out, parts);
  return out;
}

}  // namespace railyard
