#include "tools/lib/suite/suite_check.h"

#include <algorithm>
#include <cstdio>

#include "logic/errors.h"
#include "logic/sequences/sequence_sampler.h"
#include "scenes/asset_library.h"
#include "scenes/asset_manifest.h"
#include "scenes/scene_settings.h"
#include "tools/lib/dataset/progress.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/dataset/sample_factory.h"
#include "tools/lib/dataset/train_plan.h"

namespace railyard {
namespace {

[[noreturn]] void fail(const Suite& suite, const SuiteVariant& variant, const std::string& keys,
                       const std::string& message) {
  throw ConfigError(suite.file.string() + ": variant '" + variant.name + "' (line " +
                    std::to_string(variant.line) + "), " + keys + ": " + message);
}

// Rule, scene and representation of one variant.
DatasetInputs check_inputs(const Suite& suite, const SuiteVariant& variant,
                           const std::filesystem::path& data_dir, const AssetManifest& manifest) {
  const DatasetConfig& config = variant.config;
  DatasetInputs inputs;
  try {
    inputs = resolve_inputs(config, data_dir);
  } catch (const InputError& e) {
    fail(suite, variant, "key 'rule' or 'scene'", e.what());
  }
  try {
    Rule::load(inputs.rule_file, inputs.background_file);
  } catch (const InputError& e) {
    fail(suite, variant, "key 'rule' (" + config.rule + ")", e.what());
  }
  try {
    load_scene_settings(inputs.scene_file);
  } catch (const InputError& e) {
    fail(suite, variant, "key 'scene' (" + config.scene + ")", e.what());
  }
  try {
    manifest.representation(config.representation);
  } catch (const InputError& e) {
    fail(suite, variant, "key 'representation'", e.what());
  }
  return inputs;
}

// The attributes whose strength the summary measures: each variant's confounder, once.
std::vector<TrainPattern> confounder_attributes(const Suite& suite) {
  std::vector<TrainPattern> attributes;
  for (const SuiteVariant& v : suite.variants)
    if (const auto& c = v.config.sampler.filters.confounder;
        c && std::find(attributes.begin(), attributes.end(), c->attribute) == attributes.end())
      attributes.push_back(c->attribute);
  return attributes;
}

VariantStats sample_variant(const Suite& suite, const SuiteVariant& variant,
                            const DatasetInputs& inputs, std::uint64_t count,
                            const std::vector<TrainPattern>& confounders, std::FILE* out) {
  const DatasetConfig& config = variant.config;
  // The trains its kind makes (a sequence variant's: its sequences' steps, `count` counting
  // sequences).
  const RunKind& kind = run_kind(config);
  std::shared_ptr<TrainSource> trains;
  try {
    trains = kind.trains(config, inputs);
    count = trains->samples_of_first(count);
  } catch (const TrainDemandError& e) {  // unique plans every index first
    fail(suite, variant, "key '" + e.key() + "'", e.what());
  } catch (const UnreachableClassError& e) {
    fail(suite, variant, "keys rule, distribution, constraints, unique", e.what());
  } catch (const InputError& e) {
    fail(suite, variant, std::string(kind.trains_keys), e.what());
  }
  if (out) {
    std::fprintf(out, "checking variant %s: %llu of its %llu trains\n", variant.name.c_str(),
                 static_cast<unsigned long long>(count),
                 static_cast<unsigned long long>(config.count));
    std::fflush(out);
  }
  SampleSettings settings = sample_settings(config);
  Progress progress(count, "trains checked (" + variant.name + ")", out);
  VariantStats stats;
  try {
    for (std::uint64_t i = 0; i < count; ++i) {
      LabelledTrain train = trains->train(i);
      bool given = settings.labelled(*trains, i);  // as the dataset decides it
      stats.add(i, train, published_label(train.label, config.seed, i, config.label_noise), given,
                suite.holdout, confounders);
      progress.advance();
    }
  } catch (const SequenceError& e) {
    fail(suite, variant, "key 'sequence'", e.what());
  } catch (const TrainDemandError& e) {
    fail(suite, variant, "key '" + e.key() + "'", e.what());
  } catch (const UnreachableClassError& e) {
    std::string keys = config.sampler.filters.empty()
                           ? "keys rule, distribution, constraints"
                           : "keys exclude, require, confounder (with rule and constraints)";
    fail(suite, variant, keys, e.what());
  }
  if (out) progress.finish();
  return stats;
}

// How many of a variant's trains the pass samples.
std::uint64_t trains_to_check(const DatasetConfig& config, CheckTrains trains) {
  switch (trains) {
    case CheckTrains::Every: return config.count;
    case CheckTrains::FirstTwo: return std::min<std::uint64_t>(2, config.count);
    case CheckTrains::Bounded:
      return config.sampler.filters.empty() && !config.compositions
                 ? std::min(kBoundedCheckTrains, config.count)
                 : config.count;
  }
  return config.count;
}

// The hold-out, checked on every train rather than assumed from the sampler.
void check_holdout(const Suite& suite, const SuiteCheck& check) {
  if (suite.holdout.empty()) return;
  for (std::size_t v = 0; v < suite.variants.size(); ++v) {
    const SuiteVariant& variant = suite.variants[v];
    std::uint64_t holding = check.stats[v].holdout_trains;
    std::uint64_t samples = check.stats[v].counts.samples();
    if (!variant.holdout && holding > 0)
      fail(suite, variant, "key 'holdout'",
           std::to_string(holding) + " trains hold a held-out combination (must be none)");
    if (variant.holdout && holding != samples)
      fail(suite, variant, "key 'holdout'",
           std::to_string(samples - holding) + " trains hold no held-out combination");
  }
}

}  // namespace

SuiteCheck check_suite(const Suite& suite, const std::filesystem::path& data_dir,
                       const SuiteCheckOptions& options) {
  AssetManifest manifest = load_asset_manifest(AssetLibrary::default_manifest(data_dir));
  SuiteCheck check;
  for (const SuiteVariant& variant : suite.variants)
    check.inputs.push_back(check_inputs(suite, variant, data_dir, manifest));
  check.confounders = confounder_attributes(suite);
  for (std::size_t v = 0; v < suite.variants.size(); ++v) {
    const SuiteVariant& variant = suite.variants[v];
    std::uint64_t count = trains_to_check(variant.config, options.trains);
    // Two trains are no work to report.
    std::FILE* out = options.trains == CheckTrains::FirstTwo ? nullptr : options.progress;
    check.stats.push_back(
        sample_variant(suite, variant, check.inputs[v], count, check.confounders, out));
    check.checked.push_back(count);
  }
  if (options.trains != CheckTrains::FirstTwo) check_holdout(suite, check);
  return check;
}

}  // namespace railyard
