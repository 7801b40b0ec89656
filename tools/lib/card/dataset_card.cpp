#include "tools/lib/card/dataset_card.h"

#include <sstream>

#include "logic/distribution.h"
#include "tools/lib/card/card_picture.h"
#include "tools/lib/card/croissant.h"
#include "tools/lib/records/suite_summary_record.h"
#include "tools/lib/shards/shard_verify.h"
#include "util/atomic_file.h"
#include "util/png_io.h"

namespace railyard {
namespace {

// The Hub's size categories.
std::string size_category(std::uint64_t n) {
  const char* names[] = {"n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M", "1M<n<10M", "10M<n<100M"};
  std::uint64_t limit = 1000;
  for (const char* name : names) {
    if (n < limit) return name;
    limit *= 10;
  }
  return "n>100M";
}

std::string hub_split(const std::string& split) {
  return split == "val" ? "validation" : split;
}

void front_matter(std::ostream& out, const CardFacts& f) {
  out << "---\nlicense: " << f.options.license << "\npretty_name: \"" << f.name
      << "\"\ntask_categories:\n- image-classification\n- object-detection\n"
         "- image-segmentation\nsize_categories:\n- "
      << size_category(f.manifest.counts.samples)
      << "\ntags:\n- synthetic\n- visual-reasoning\n- neuro-symbolic\n- michalski-trains\n"
         "- webdataset\nconfigs:\n- config_name: default\n  data_files:\n";
  for (const SplitShards& split : f.splits)
    out << "  - split: " << hub_split(split.name) << "\n    path: \"" << split.name << "-*.tar\"\n";
  out << "---\n\n";
}

// What a sample's files are, as the config wrote them.
std::string sample_files(const OutputSelection& outputs) {
  std::string out = "its image";
  if (outputs.depth_png) out += ", V-LoL's depth PNG";
  if (outputs.depth_exr) out += ", metric depth (EXR)";
  if (outputs.scene == SceneFormat::Glb) out += ", its 3D scene (.glb)";
  return out;
}

// What the pictures show, as one paragraph.
void pictures(std::ostream& out, const CardFacts& f) {
  const DatasetConfig& config = f.config;
  out << "pictures of Michalski trains (" << config.representation << ", "
      << config.sampler.min_cars << "-" << config.sampler.max_cars << " cars, "
      << distribution_name(config.sampler.distribution) << " distribution) in the " << config.scene
      << ", " << config.width << "x" << config.height << ", rendered by railyard "
      << f.manifest.version << " (" << config.backend << " backend) on " << f.manifest.created
      << ". Each train is eastbound or westbound by the Prolog rule `" << f.manifest.rule << "`";
}

void rule(std::ostream& out, const CardFacts& f) {
  out << "## The rule\n\n";
  if (f.rule_text)
    out << "`" << f.rule_file << "`:\n\n```prolog\n" << *f.rule_text << "```\n\n";
  else
    out << "`" << f.rule_file << "` (its text was not at hand when the card was written; its "
        << "SHA-256 is under Inputs).\n\n";
}

void sample_composition(std::ostream& out, const CardFacts& f) {
  const DatasetCounts& c = f.manifest.counts;
  out << "## Composition\n\n| | samples |\n|---|---|\n| east (true label) | " << c.east
      << " |\n| west (true label) | " << c.west << " |\n| east (published) | " << c.published_east
      << " |\n| west (published) | " << c.published_west << " |\n| labels flipped (label noise "
      << f.config.label_noise << ") | " << c.flipped_labels << " |\n";
  if (c.withheld_labels) out << "| labels withheld | " << *c.withheld_labels << " |\n";
}

void pair_composition(std::ostream& out, const PairsManifest& pairs) {
  out << "## Composition\n\n"
      << pairs.trains << " base trains tried, " << pairs.pairs << " pairs, " << pairs.unpaired
      << " without a twin (`unpaired.jsonl`).\n\n"
      << "| intervention | pairs | labels flipped |\n|---|---|---|\n| all | "
      << pairs.flip_rate.pairs << " | " << pairs.flip_rate.flipped << " |\n";
  for (const auto& [kind, flips] : pairs.flip_rate_by_operation)
    out << "| `" << kind << "` | " << flips.pairs << " | " << flips.flipped << " |\n";
}

void summary(std::ostream& out, const CardFacts& f) {
  out << "# " << f.name << "\n\n";
  if (f.pairs) {
    out << f.pairs->pairs << " pairs of ";
    pictures(out, f);
    out << ". A pair is a base train and its twin after an intervention (mode `" << f.pairs->mode
        << "`), both rendered with their depth and records; its record says what changed and "
           "whether the label flipped. The picture shows the base trains.\n\n";
  } else {
    out << f.manifest.counts.samples << " ";
    pictures(out, f);
    out << "; each sample has " << sample_files(f.config.outputs)
        << " and a record with the train, both labels and every part's mask and boxes.\n\n";
  }
  out << "![labels, lengths and attributes](card.png)\n\n";
  rule(out, f);
  if (f.pairs)
    pair_composition(out, *f.pairs);
  else
    sample_composition(out, f);
  out << "\n## Splits\n\n| split | units | shards |\n|---|---|---|\n";
  for (const SplitShards& split : f.splits)
    out << "| " << split.name << " | " << split.samples << " | " << split.shards.size() << " |\n";
  out << "\n";
}

// Every input's SHA-256: the rule, background, scene and asset manifest in a table, the meshes
// folded away below it.
void inputs(std::ostream& out, const CardFacts& f) {
  const std::vector<InputFile> all = f.manifest.inputs.value_or(std::vector<InputFile>{});
  out << "## Inputs\n\n| role | file | SHA-256 |\n|---|---|---|\n";
  std::size_t meshes = 0;
  for (const InputFile& input : all)
    if (input.role != "mesh")
      out << "| " << input.role << " | `" << input.path << "` | `" << input.sha256 << "` |\n";
    else
      ++meshes;
  if (meshes == 0) return;
  out << "\n<details><summary>" << meshes << " meshes</summary>\n\n| file | SHA-256 |\n|---|---|\n";
  for (const InputFile& input : all)
    if (input.role == "mesh") out << "| `" << input.path << "` | `" << input.sha256 << "` |\n";
  out << "\n</details>\n";
}

void files(std::ostream& out, const CardFacts& f) {
  out << "## Files\n\nWebDataset tar shards (`<split>-<6 digits>.tar`, "
      << f.index.samples_per_shard << " units each at most): a unit's members share its key. ";
  if (f.pairs)
    out << "A pair: `000042.json` its record, `000042.base.png` and `000042.intervened.png` the "
           "two pictures, `000042.base.json` and `000042.intervened.json` their sample records, "
           "and their depth maps (`.base.depth.png`, `.base.depth.exr`, ...).";
  else
    out << "A sample: `000042.json` its record, `000042.png` the image"
        << (f.config.outputs.depth_png ? ", `000042.depth.png`" : "")
        << (f.config.outputs.depth_exr ? ", `000042.depth.exr`" : "")
        << (f.config.outputs.scene == SceneFormat::Glb ? ", `000042.glb`" : "") << ".";
  out << " `shards.json` lists every shard's units, bytes and SHA-256; `railyard verify` checks "
         "them. Beside them: the manifests, configs, inputs, splits and dataset-wide files of "
         "the dataset, and `croissant.json` (Croissant 1.1).\n\n";
  if (f.pairs)
    out << "```python\nfrom railyard.shards import ShardFolder, read_units\nfor shard in "
           "ShardFolder(\".\").shards(\"train\"):\n    for key, members in read_units(shard): "
           "...\n```\n\n";
  else
    out << "```python\nfrom railyard.torch import Shards\ntrain = Shards(\".\", split=\"train\", "
           "shuffle_buffer=1000)\n```\n\n";
  const std::string config = f.pairs ? f.pairs->base + "/config.yaml" : "config.yaml";
  out << "## Regenerating it byte for byte\n\nWith railyard " << f.manifest.version
      << " (its rule, scene and asset files as listed below):\n\n```\nrailyard "
      << (f.pairs ? "intervene " : "generate ") << config << " -o out\n";
  // A run that wrote its shards itself (outputs.layout: shards, in its config) makes them alone.
  if (f.config.outputs.layout == OutputLayout::Files)
    out << "railyard pack out/" << f.name << " -o shards --samples-per-shard "
        << f.index.samples_per_shard << "\n";
  out << "```\n\n";
  inputs(out, f);
  out << "\n## License\n\nThe generated data: `" << f.options.license
      << "` (as given to `--license`). The meshes are railyard's own, made by "
         "`railyard-assetgen` from its dimension files. The pictures are synthetic: no person "
         "or personal data is in them.\n";
}

}  // namespace

std::string dataset_card(const CardFacts& facts) {
  std::ostringstream out;
  front_matter(out, facts);
  summary(out, facts);
  files(out, facts);
  return out.str();
}

void describe_dataset(const CardOutput& output, const std::filesystem::path& sub,
                      const std::filesystem::path& source, const ShardIndex& index,
                      const CardOptions& options) {
  CardFacts facts = card_facts(source, index, options);
  output.write(sub / "README.md", dataset_card(facts));
  std::vector<std::uint8_t> png = encode_png(card_picture(facts));
  output.write(sub / "card.png",
               std::string_view(reinterpret_cast<const char*>(png.data()), png.size()));
  output.write(sub / "croissant.json", croissant(facts).dump(2) + "\n");
}

namespace {

void suite_front_matter(std::ostream& out, const SuiteSummary& summary,
                        const std::vector<ShardIndex>& variants, const CardOptions& options) {
  std::uint64_t samples = 0;
  for (const ShardIndex& variant : variants) samples += variant.samples;
  out << "---\nlicense: " << options.license << "\npretty_name: \"" << summary.suite
      << "\"\ntask_categories:\n- image-classification\nsize_categories:\n- "
      << size_category(samples) << "\ntags:\n- synthetic\n- visual-reasoning\n- webdataset\n"
      << "configs:\n";
  for (std::size_t v = 0; v < variants.size(); ++v) {
    out << "- config_name: " << summary.variants[v].name << "\n  data_files:\n";
    std::vector<std::string> splits;
    for (const ShardEntry& shard : variants[v].shards)
      if (splits.empty() || splits.back() != shard.split) splits.push_back(shard.split);
    for (const std::string& split : splits)
      out << "  - split: " << hub_split(split) << "\n    path: \"" << summary.variants[v].folder
          << "/" << split << "-*.tar\"\n";
  }
  out << "---\n\n";
}

}  // namespace

void describe_suite(const CardOutput& output, const std::filesystem::path& sub,
                    const std::filesystem::path& source, const ShardIndex& index,
                    const CardOptions& options) {
  SuiteSummary summary = read_suite_summary(source / "summary.json");
  std::vector<ShardIndex> variants;
  std::vector<SuitePart> parts;
  for (const std::string& folder : index.folders) {
    variants.push_back(read_shard_index(output.shards / sub / folder / kShardIndexFile));
    parts.push_back({folder, card_facts(source / folder, variants.back(), options)});
  }
  std::ostringstream out;
  suite_front_matter(out, summary, variants, options);
  out << "# " << summary.suite << "\n\nA benchmark suite of " << summary.variants.size()
      << " datasets made by `railyard suite` from `" << summary.file << "` (seed " << summary.seed
      << "), each a Hub config of its own; the training set is `" << summary.reference
      << "`.\n\n![the suite](summary.png)\n\n| variant | rule | distribution | cars | scene | "
         "samples | hold-out | card |\n|---|---|---|---|---|---|---|---|\n";
  for (std::size_t v = 0; v < summary.variants.size(); ++v) {
    const SuiteVariantSummary& variant = summary.variants[v];
    out << "| " << variant.name << " | " << variant.rule << " | " << variant.distribution << " | "
        << variant.cars << " | " << variant.scene << " | " << variant.counts.samples << " | "
        << (variant.holdout ? "yes" : "") << " | [README](" << variant.folder << "/README.md) |\n";
  }
  if (!summary.holdout.empty()) {
    out << "\nHeld-out combinations (absent from the training set):";
    for (const std::string& combination : summary.holdout) out << " `" << combination << "`";
    out << "\n";
  }
  if (!summary.confounders.empty()) {
    out << "\nConfounders:";
    for (const std::string& confounder : summary.confounders) out << " `" << confounder << "`";
    out << "\n";
  }
  out << "\n`summary.json` and `summary.md` hold the suite's statistics (distances to the training "
         "set, hold-out and confounder shares). Each variant's folder holds its shards, its "
         "`shards.json`, its card and its `croissant.json`.\n\n## Regenerating it byte for "
         "byte\n\n```\nrailyard suite "
      << summary.file << "\nrailyard pack <its output folder>/" << summary.suite
      << " -o shards --card\n```\n\n## License\n\nThe generated data: `" << options.license
      << "`. The pictures are synthetic: no person or personal data is in them.\n";
  output.write(sub / "README.md", out.str());
  std::string what = "A benchmark suite of " + std::to_string(summary.variants.size()) +
                     " datasets of synthetic Michalski train pictures made by railyard suite "
                     "from " +
                     summary.file + "; the training set is " + summary.reference + ".";
  output.write(sub / "croissant.json", suite_croissant(summary.suite, what, parts).dump(2) + "\n");
}

void describe_folder(const CardOutput& output, const std::filesystem::path& sub,
                     const std::filesystem::path& source, const ShardIndex& index,
                     const CardOptions& options) {
  if (index.kind == "suite")
    describe_suite(output, sub, source, index, options);
  else
    describe_dataset(output, sub, source, index, options);
}

void describe_shard_folder(const std::filesystem::path& folder, const CardOptions& options) {
  // A card states every shard's SHA-256 and count: only a folder that verifies gets one.
  for (const VerifyReport& report : verify_shards(folder))
    if (!report.ok()) throw DatasetError(report.faults.front());
  const ShardIndex index = read_shard_index(folder / kShardIndexFile);
  const CardOutput output{[&](const std::filesystem::path& relative, std::string_view bytes) {
                            write_file_atomically(folder / relative, bytes);
                          },
                          folder};
  // A suite's variants first: its card links to theirs.
  for (const std::string& variant : index.folders)
    describe_folder(output, variant, folder / variant,
                    read_shard_index(folder / variant / kShardIndexFile), options);
  describe_folder(output, "", folder, index, options);
}

}  // namespace railyard
