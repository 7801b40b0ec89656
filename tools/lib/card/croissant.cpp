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

// The members of a split's shards that a FileSet names, by glob.
struct MemberSet {
  const char* name;
  const char* format;
  const char* glob;
  const char* description;
};
constexpr MemberSet kMemberSets[] = {
    {"records", "application/json", "*.json", "each sample's record (railyard's sample record)"},
    {"images", "image/png", "*[0-9].png", "the rendered images"},
    {"depth_png", "image/png", "*.depth.png", "V-LoL's normalised 8-bit depth"},
    {"depth_exr", "image/x-exr", "*.depth.exr", "metric depth, channel Z"}};

// A record field read from each sample's JSON record.
struct RecordField {
  const char* name;
  const char* type;
  const char* path;
  const char* description;
};
constexpr RecordField kSampleFields[] = {
    {"index", "sc:Integer", "$.index", "The sample's index in the dataset."},
    {"label", "sc:Text", "$.label", "The true label by the rule: east or west."},
    {"published_label", "sc:Text", "$.published_label",
     "The label the dataset gives (after label noise)."},
    {"angle", "sc:Integer", "$.train.angle", "The train's viewing angle in degrees."},
    {"scene", "sc:Text", "$.scene", "The scene's name."}};
constexpr RecordField kCarFields[] = {
    {"position", "sc:Integer", "$.train.cars[*].position", "1 for the car behind the engine."},
    {"shape", "sc:Text", "$.train.cars[*].shape", "The car's shape."},
    {"length", "sc:Text", "$.train.cars[*].length", "short or long."},
    {"wall", "sc:Text", "$.train.cars[*].wall", "double or not_double."},
    {"roof", "sc:Text", "$.train.cars[*].roof", "The roof, or none."},
    {"axles", "sc:Integer", "$.train.cars[*].axles", "Its axles (wheels per side)."},
    {"load_shape", "sc:Text", "$.train.cars[*].load_shape", "The payloads' shape."},
    {"load_count", "sc:Integer", "$.train.cars[*].load_count", "How many payloads."}};
constexpr RecordField kPartFields[] = {
    {"id", "sc:Integer", "$.parts[*].id", "The part's id in the picture."},
    {"kind", "sc:Text", "$.parts[*].kind",
     "locomotive, rail, body, wall, roof, wheels or payload."},
    {"car", "sc:Integer", "$.parts[*].car", "Its car (0: the locomotive and the rail)."},
    {"visible_box", "cr:BoundingBox", "$.parts[*].visible_box",
     "Box of its visible pixels: x, y, width, height."},
    {"full_box", "cr:BoundingBox", "$.parts[*].full_box", "Box of the whole part, occluded too."},
    {"area", "sc:Integer", "$.parts[*].area", "Its visible pixels."},
    {"mask", "cr:SegmentationMask", "$.parts[*].mask.counts",
     "Its visible pixels as COCO compressed RLE (size: the image's)."}};

Json source_of(const std::string& file_set, Json extract) {
  return {{"fileSet", id(file_set)}, {"extract", std::move(extract)}};
}

Json record_field(const std::string& set, const std::string& id_prefix, const RecordField& f) {
  return {{"@type", "cr:Field"}, {"@id", id_prefix + f.name},
          {"name", f.name},      {"description", f.description},
          {"dataType", f.type},  {"source", source_of(set + "/records", {{"jsonPath", f.path}})}};
}

template <std::size_t N>
Json repeated_field(const std::string& set, const std::string& name, const char* description,
                    const RecordField (&fields)[N]) {
  Json sub = Json::array();
  for (const RecordField& f : fields) sub.push_back(record_field(set, set + "/" + name + "/", f));
  return {{"@type", "cr:Field"},        {"@id", set + "/" + name}, {"name", name},
          {"description", description}, {"repeated", true},        {"subField", std::move(sub)}};
}

Json split_record_set(const SplitShards& split) {
  const std::string& s = split.name;
  Json fields = Json::array();
  Json key_source = source_of(s + "/records", {{"fileProperty", "filename"}});
  key_source["transform"] = {{"regex", "^([0-9]+)\\.json$"}};
  fields.push_back({{"@type", "cr:Field"},
                    {"@id", s + "/key"},
                    {"name", "key"},
                    {"description", "The sample's key: its members' shared name."},
                    {"dataType", "sc:Text"},
                    {"source", std::move(key_source)}});
  for (const MemberSet& members : kMemberSets) {
    if (std::string(members.name) == "records") continue;
    fields.push_back(
        {{"@type", "cr:Field"},
         {"@id", s + "/" + members.name},
         {"name", members.name},
         {"description", members.description},
         {"dataType", "sc:ImageObject"},
         {"source", source_of(s + "/" + members.name, {{"fileProperty", "content"}})}});
  }
  for (const RecordField& f : kSampleFields) fields.push_back(record_field(s, s + "/", f));
  fields.push_back(repeated_field(s, "cars", "The train's cars, front to back.", kCarFields));
  fields.push_back(
      repeated_field(s, "parts", "Every part of the picture, in id order.", kPartFields));
  return {{"@type", "cr:RecordSet"},
          {"@id", s},
          {"name", s},
          {"description", "The " + s + " split: " + std::to_string(split.samples) + " samples."},
          {"key", id(s + "/key")},
          {"field", std::move(fields)}};
}

Json distribution(const CardFacts& f) {
  Json out = Json::array();
  for (const ShardEntry& shard : f.index.shards)
    out.push_back({{"@type", "cr:FileObject"},
                   {"@id", shard.name},
                   {"name", shard.name},
                   {"description", std::to_string(shard.samples) + " " + shard.split + " samples"},
                   {"contentUrl", f.options.url + shard.name},
                   {"contentSize", std::to_string(shard.bytes) + " B"},
                   {"encodingFormat", "application/x-tar"},
                   {"sha256", shard.sha256}});
  for (const SplitShards& split : f.splits)
    for (const MemberSet& members : kMemberSets) {
      Json within = Json::array();
      for (const ShardEntry* shard : split.shards) within.push_back(id(shard->name));
      out.push_back({{"@type", "cr:FileSet"},
                     {"@id", split.name + "/" + members.name},
                     {"name", split.name + "/" + members.name},
                     {"description", std::string(members.description) + ", " + split.name},
                     {"containedIn", std::move(within)},
                     {"encodingFormat", members.format},
                     {"includes", members.glob}});
    }
  return out;
}

std::string description(const CardFacts& f) {
  const DatasetConfig& c = f.config;
  return std::to_string(f.manifest.counts.samples) + " synthetic pictures of Michalski trains (" +
         c.representation + ", " + std::to_string(c.sampler.min_cars) + "-" +
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

}  // namespace

nlohmann::ordered_json croissant(const CardFacts& f) {
  Json out = {
      {"@context", context()},
      {"@type", "sc:Dataset"},
      {"conformsTo", "http://mlcommons.org/croissant/1.1"},
      {"name", f.name},
      {"description", description(f)},
      {"license", f.options.license},
      {"version", f.manifest.version},
      {"dateCreated", f.manifest.created},
      {"keywords", {"synthetic", "visual reasoning", "neuro-symbolic", "Michalski trains"}},
      {"citeAs", f.name + ", generated by railyard " + f.manifest.version + " on " +
                     f.manifest.created + " (seed " + std::to_string(f.manifest.seed) + ")"}};
  if (!f.options.url.empty()) out["url"] = f.options.url;
  responsible_ai(out, f);
  out["distribution"] = distribution(f);
  Json sets = Json::array();
  for (const SplitShards& split : f.splits) sets.push_back(split_record_set(split));
  out["recordSet"] = std::move(sets);
  return out;
}

}  // namespace railyard
