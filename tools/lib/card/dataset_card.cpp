#include "tools/lib/card/dataset_card.h"

#include <sstream>

#include "logic/distribution.h"
#include "tools/lib/card/card_picture.h"
#include "tools/lib/card/croissant.h"
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

void summary(std::ostream& out, const CardFacts& f) {
  const DatasetCounts& c = f.manifest.counts;
  const DatasetConfig& config = f.config;
  out << "# " << f.name << "\n\n"
      << c.samples << " pictures of Michalski trains (" << config.representation << ", "
      << config.sampler.min_cars << "-" << config.sampler.max_cars << " cars, "
      << distribution_name(config.sampler.distribution) << " distribution) in the " << config.scene
      << ", " << config.width << "x" << config.height << ", rendered by "
      << "railyard " << f.manifest.version << " (" << config.backend << " backend) on "
      << f.manifest.created << ". Each train is eastbound or westbound by the Prolog rule `"
      << f.manifest.rule
      << "`; each sample has its image, depth (V-LoL's PNG and metric EXR), "
         "and a record with the train, both labels and every part's mask and boxes.\n\n"
      << "![labels, lengths and attributes](card.png)\n\n";
  out << "## The rule\n\n";
  if (f.rule_text)
    out << "`" << f.rule_file << "`:\n\n```prolog\n" << *f.rule_text << "```\n\n";
  else
    out << "`" << f.rule_file << "` (its text was not at hand when the card was written; its "
        << "SHA-256 is under Inputs).\n\n";
  out << "## Composition\n\n| | samples |\n|---|---|\n| east (true label) | " << c.east
      << " |\n| west (true label) | " << c.west << " |\n| east (published) | " << c.published_east
      << " |\n| west (published) | " << c.published_west << " |\n| labels flipped (label noise "
      << config.label_noise << ") | " << c.flipped_labels << " |\n";
  if (c.withheld_labels) out << "| labels withheld | " << *c.withheld_labels << " |\n";
  out << "\n## Splits\n\n| split | samples | shards |\n|---|---|---|\n";
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
      << f.index.samples_per_shard
      << " samples each at most): a sample's members share its key (`000042.png` the image, "
         "`000042.json` its record, `000042.depth.png`, `000042.depth.exr`). `shards.json` lists "
         "every shard's samples, bytes and SHA-256; `railyard verify` checks them. Beside them: "
         "`manifest.json`, `config.yaml`, `inputs.json`, `splits/`, `coco/instances.json`, "
         "`all_scenes/all_scenes.json`, and `croissant.json` (Croissant 1.1).\n\n"
      << "```python\nfrom railyard.torch import Shards\ntrain = Shards(\".\", split=\"train\", "
         "shuffle_buffer=1000)\n```\n\n";
  out << "## Regenerating it byte for byte\n\nWith railyard " << f.manifest.version
      << " (its rule, scene and asset files as listed below):\n\n```\nrailyard generate "
         "config.yaml -o out\nrailyard pack out/"
      << f.name << " -o shards --samples-per-shard " << f.index.samples_per_shard << "\n```\n\n";
  inputs(out, f);
  out << "\n## License\n\nThe generated data: `" << f.options.license
      << "` (as given to `railyard pack --license`). The meshes are railyard's own, made by "
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

void describe_dataset(StagedFolder& staged, const std::filesystem::path& sub,
                      const std::filesystem::path& source, const ShardIndex& index,
                      const CardOptions& options) {
  CardFacts facts = card_facts(source, index, options);
  staged.write(sub / "README.md", dataset_card(facts));
  std::vector<std::uint8_t> png = encode_png(card_picture(facts));
  staged.write(sub / "card.png",
               std::string_view(reinterpret_cast<const char*>(png.data()), png.size()));
  staged.write(sub / "croissant.json", croissant(facts).dump(2) + "\n");
}

}  // namespace railyard
