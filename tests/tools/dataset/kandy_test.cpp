// KANDY-style dataset keys: fading supervision (supervision_decay), unique trains (unique) and
// per-split compositions of a rule's clauses (compositions). Symbolic checks on many trains, then
// small rendered datasets end to end: records, split files, shards, resume and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "logic/errors.h"
#include "tests/support/dataset_snapshot.h"
#include "tests/support/run_options.h"
#include "tests/support/sequence_config.h"
#include "tests/support/test_backend.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/run_kinds/dataset_verify.h"
#include "tools/lib/dataset/run_kinds/run_kinds.h"
#include "tools/lib/dataset/sequences/sequence_model.h"
#include "tools/lib/dataset/settings/label_noise.h"
#include "tools/lib/dataset/splits.h"
#include "tools/lib/dataset/train_plan.h"
#include "tools/lib/records/dataset_paths.h"
#include "tools/lib/records/formats/sample_record.h"
#include "util/strict_yaml.h"

namespace railyard {
namespace {

namespace fs = std::filesystem;

// --- fading supervision -------------------------------------------------------------------------

TEST(SupervisionDecay, CurveRunsFromGammaToBeta) {
  SupervisionDecay d{0.8, 0.2, {0.0, 1.0}};
  EXPECT_DOUBLE_EQ(d.probability(0.0), 0.8);
  EXPECT_NEAR(d.probability(1.0), 0.2, 1e-12);
  EXPECT_NEAR(d.probability(0.5), 0.4, 1e-12);  // the geometric mean halfway
  EXPECT_DOUBLE_EQ(d.position(0, 5), 0.0);
  EXPECT_DOUBLE_EQ(d.position(4, 5), 1.0);
  EXPECT_DOUBLE_EQ(d.position(2, 5), 0.5);
  EXPECT_DOUBLE_EQ(d.position(0, 1), 0.0);  // a single sample sits at t0
  SupervisionDecay flat{0.5, 0.5, {0.0, 1.0}};
  EXPECT_DOUBLE_EQ(flat.probability(0.7), 0.5);
  EXPECT_DOUBLE_EQ(flat.mean(), 0.5);
  // The mean of 0.8 * 4^-t over [0, 1]: 0.6 / log 4.
  EXPECT_NEAR(d.mean(), 0.6 / std::log(4.0), 1e-12);
}

// A curriculum of K datasets, dataset k on span [k/K, (k+1)/K]: together one curve, each piece
// ending where the next begins.
TEST(SupervisionDecay, CurriculumPiecesWalkOneCurve) {
  const int K = 4;
  const std::uint64_t n = 101;
  for (int k = 0; k < K; ++k) {
    Supervision s{1.0, SupervisionDecay{0.8, 0.2, {double(k) / K, double(k + 1) / K}}, n};
    SupervisionDecay whole{0.8, 0.2, {0.0, 1.0}};
    EXPECT_NEAR(s.probability(0), whole.probability(double(k) / K), 1e-12);
    EXPECT_NEAR(s.probability(n - 1), whole.probability(double(k + 1) / K), 1e-12);
  }
}

// 20,000 decisions in 20 bins: each bin's labelled count lies within 4 standard deviations of its
// expectation (the sum of the bin's probabilities). The seed is fixed, so the test is exact.
TEST(SupervisionDecay, LabelledShareFollowsTheCurve) {
  const std::uint64_t n = 20000, bins = 20, per_bin = n / bins;
  Supervision s{1.0, SupervisionDecay{0.8, 0.2, {0.0, 1.0}}, n};
  double first_share = 0, last_share = 0;
  for (std::uint64_t b = 0; b < bins; ++b) {
    double expected = 0, variance = 0;
    std::uint64_t given = 0;
    for (std::uint64_t i = b * per_bin; i < (b + 1) * per_bin; ++i) {
      double p = s.probability(i);
      expected += p;
      variance += p * (1 - p);
      given += s.given(17, i);
    }
    EXPECT_LE(std::abs(double(given) - expected), 4 * std::sqrt(variance))
        << "bin " << b << ": " << given << " labelled, " << expected << " expected";
    if (b == 0) first_share = double(given) / per_bin;
    if (b == bins - 1) last_share = double(given) / per_bin;
  }
  EXPECT_GT(first_share, 0.7);
  EXPECT_LT(last_share, 0.3);
}

// Without a decay the draw is the constant share's, index for index (the golden bytes pin the
// datasets themselves).
TEST(SupervisionDecay, ConstantShareIsUnchanged) {
  Supervision constant{0.3, std::nullopt, 1000};
  for (std::uint64_t i = 0; i < 1000; ++i) {
    EXPECT_EQ(constant.given(9, i), label_given(9, i, 0.3));
    EXPECT_DOUBLE_EQ(constant.probability(i), 0.3);
  }
}

DatasetConfig config_from(const std::string& yaml) {
  fs::path file = fs::temp_directory_path() / "railyard_kandy_config.yaml";
  std::ofstream(file) << yaml;
  DatasetConfig c = build_config(file, {});
  fs::remove(file);
  return c;
}

std::string refusal(const std::string& yaml) {
  try {
    config_from(yaml);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(KandyConfig, KeysParsePrintAndStayOutOfPinnedBytes) {
  DatasetConfig c = config_from(
      "supervision_decay: {gamma: 0.8, beta: 0.2, span: [0.25, 0.5]}\n"
      "unique: true\n"
      "compositions: {train: single, test: several}\n");
  ASSERT_TRUE(c.supervision_decay);
  EXPECT_DOUBLE_EQ(c.supervision_decay->gamma, 0.8);
  EXPECT_DOUBLE_EQ(c.supervision_decay->beta, 0.2);
  EXPECT_DOUBLE_EQ(c.supervision_decay->span[0], 0.25);
  EXPECT_DOUBLE_EQ(c.supervision_decay->span[1], 0.5);
  EXPECT_TRUE(c.unique);
  ASSERT_TRUE(c.compositions);
  EXPECT_EQ(c.compositions->train, Composition::Single);
  EXPECT_EQ(c.compositions->val, Composition::Any);
  EXPECT_EQ(c.compositions->test, Composition::Several);
  // Printed, and read back the same.
  std::string printed = emit_config(c);
  EXPECT_NE(printed.find("supervision_decay: {gamma: 0.8, beta: 0.2, span: [0.25, 0.5]}"),
            std::string::npos)
      << printed;
  EXPECT_NE(printed.find("unique: true"), std::string::npos);
  EXPECT_NE(printed.find("compositions: {train: single, val: any, test: several}"),
            std::string::npos);
  DatasetConfig again = config_from(printed);
  EXPECT_EQ(emit_config(again), printed);
  EXPECT_EQ(emit_dataset_config(again), emit_dataset_config(c));
  // --set reaches them.
  DatasetConfig set = build_config({}, {"unique=true", "supervision_decay={gamma: 1, beta: 0.5}",
                                        "compositions={test: single}"});
  EXPECT_TRUE(set.unique);
  EXPECT_EQ(set.supervision_decay->span, (std::array<double, 2>{0.0, 1.0}));
  EXPECT_EQ(set.compositions->test, Composition::Single);
  // A config without them: every key printed by --print-config, none in the dataset's bytes.
  DatasetConfig plain;
  EXPECT_NE(emit_config(plain).find("unique: false"), std::string::npos);
  EXPECT_NE(emit_config(plain).find("supervision_decay: ~"), std::string::npos);
  std::string pinned = emit_dataset_config(plain);
  for (const char* key : {"supervision_decay", "unique", "compositions"})
    EXPECT_EQ(pinned.find(key), std::string::npos) << key;
}

TEST(KandyConfig, RefusalsNameTheKey) {
  EXPECT_NE(refusal("supervision_decay: {gamma: 0, beta: 0}").find("gamma"), std::string::npos);
  EXPECT_NE(refusal("supervision_decay: {gamma: 1.5, beta: 0.5}").find("gamma"), std::string::npos);
  EXPECT_NE(refusal("supervision_decay: {gamma: 0.5, beta: 0}").find("beta"), std::string::npos);
  std::string rising = refusal("supervision_decay: {gamma: 0.2, beta: 0.8}");
  EXPECT_NE(rising.find("supervision_decay"), std::string::npos) << rising;
  EXPECT_NE(rising.find("beta (0.8) is above gamma (0.2)"), std::string::npos) << rising;
  EXPECT_NE(refusal("supervision_decay: {gamma: 0.8}").find("beta"), std::string::npos);
  EXPECT_NE(refusal("supervision_decay: {gamma: 0.8, beta: 0.2, span: [0.6, 0.2]}").find("span"),
            std::string::npos);
  EXPECT_NE(refusal("supervision_decay: {gamma: 0.8, beta: 0.2, span: [0, 2]}").find("span"),
            std::string::npos);
  EXPECT_NE(refusal("supervision_decay: {gamma: 0.8, beta: 0.2, span: [0.5]}").find("span"),
            std::string::npos);
  std::string both = refusal("supervision: 0.5\nsupervision_decay: {gamma: 0.8, beta: 0.2}");
  EXPECT_NE(both.find("supervision (0.5) and supervision_decay"), std::string::npos) << both;
  EXPECT_NE(refusal("compositions: {train: some}").find("compositions.train"), std::string::npos);
  EXPECT_NE(refusal("compositions: {train: any}").find("compositions"), std::string::npos);
  EXPECT_NE(refusal("compositions: {tests: single}").find("tests"), std::string::npos);
  EXPECT_NE(refusal("unique: maybe").find("unique"), std::string::npos);
}

// --- rendered datasets
// ----------------------------------------------------------------------------

class KandyRun : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("railyard_kandy_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  DatasetConfig config(const std::string& sub) {
    DatasetConfig c;
    c.count = 12;
    c.seed = 3;
    c.width = 64;
    c.height = 36;
    c.splits = {0.5, 0.25, 0.25};
    c.output = root_ / sub;
    c.threads = 2;
    c.backend = testing::test_backend();
    c.samples = testing::test_samples();
    c.outputs.depth_exr = false;
    return c;
  }
  // Two cars of one shape, length and wall, roofs none or flat, one or two circles: theoryx makes
  // a train east when a car is roofed, so there are 4 west trains and 12 east ones.
  DatasetConfig narrow(const std::string& sub) {
    DatasetConfig c = config(sub);
    c.count = 8;
    c.seed = 1;
    c.sampler.min_cars = c.sampler.max_cars = 2;
    c.max_attempts = 2000;
    c.sampler.constraints.allow(Descriptor::Shape, {"rectangle"});
    c.sampler.constraints.allow(Descriptor::Length, {"short"});
    c.sampler.constraints.allow(Descriptor::Wall, {"not_double"});
    c.sampler.constraints.allow(Descriptor::Roof, {"none", "flat"});
    c.sampler.constraints.allow(Descriptor::LoadCount, {"1", "2"});
    c.sampler.constraints.allow(Descriptor::LoadShape, {"circle"});
    return c;
  }
  fs::path generate(const DatasetConfig& c, Shard shard = {}) {
    return generate_dataset(c, testing::test_run_options(shard)).root;
  }
  static std::vector<std::uint64_t> lines(const fs::path& file) {
    std::vector<std::uint64_t> out;
    std::ifstream in(file);
    for (std::uint64_t i; in >> i;) out.push_back(i);
    return out;
  }
  static void expect_verified(const fs::path& root) {
    for (const VerifyReport& report : verify_dataset(root))
      EXPECT_TRUE(report.ok()) << (report.faults.empty() ? "" : report.faults.front());
  }

  fs::path root_;
};

TEST_F(KandyRun, FadingSupervisionEndToEnd) {
  DatasetConfig c = config("decay");
  c.count = 16;
  c.supervision_decay = SupervisionDecay{0.9, 0.1, {0.0, 1.0}};
  fs::path root = generate(c);
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  Supervision s = dataset_supervision(c, c.count);
  std::vector<std::uint64_t> labelled, unlabelled;
  for (std::uint64_t i = 0; i < c.count; ++i) {
    SampleRecord record = read_sample_record(paths.record(i));
    EXPECT_EQ(record.labelled, s.given(c.seed, i)) << i;
    (record.labelled ? labelled : unlabelled).push_back(i);
  }
  EXPECT_FALSE(labelled.empty());
  EXPECT_FALSE(unlabelled.empty());
  EXPECT_EQ(lines(paths.splits() / "labelled.txt"), labelled);
  EXPECT_EQ(lines(paths.splits() / "unlabelled.txt"), unlabelled);
  expect_verified(root);
}

// A sequence set decides per sequence, at the sequence's position among the set's sequences.
TEST_F(KandyRun, FadingSupervisionPerSequence) {
  DatasetConfig c = testing::small_sequence_config(root_ / "sequences");
  c.supervision_decay = SupervisionDecay{0.9, 0.1, {0.0, 1.0}};
  fs::path root = generate(c);
  SequenceModel model(c, resolve_inputs(c, RAILYARD_SOURCE_DIR));
  DatasetPaths paths(dataset_identity(c, "theoryx", "base_scene"));
  Supervision s = dataset_supervision(c, model.sequence_count());
  std::uint64_t withheld_sequences = 0;
  for (std::uint64_t q = 0; q < model.sequence_count(); ++q) {
    bool given = s.given(c.seed, q);
    withheld_sequences += !given;
    for (std::uint64_t t = 0; t < model.length(q); ++t)
      EXPECT_EQ(read_sample_record(paths.record(model.first_sample(q) + t)).labelled, given)
          << "sequence " << q << " step " << t;
  }
  EXPECT_GT(withheld_sequences, 0u);
  EXPECT_LT(withheld_sequences, model.sequence_count());
  expect_verified(root);
}

std::vector<std::string> train_keys(SampledTrains& trains, std::uint64_t count) {
  std::vector<std::string> keys;
  for (std::uint64_t i = 0; i < count; ++i) keys.push_back(train_key(trains.train(i).train));
  return keys;
}

std::size_t distinct(const std::vector<std::string>& keys) {
  return std::set<std::string>(keys.begin(), keys.end()).size();
}

TEST_F(KandyRun, UniqueRemovesRepeatedTrains) {
  DatasetConfig c = narrow("unique");
  DatasetInputs inputs = resolve_inputs(c, RAILYARD_SOURCE_DIR);
  SampledTrains plain = sampled_trains(c, inputs);
  EXPECT_LT(distinct(train_keys(plain, c.count)), c.count);  // duplicates without unique
  c.unique = true;
  SampledTrains unique = sampled_trains(c, inputs);
  std::vector<std::string> keys = train_keys(unique, c.count);
  EXPECT_EQ(distinct(keys), c.count);
  for (std::uint64_t i = 0; i < c.count; ++i)  // labels stay balanced
    EXPECT_EQ(unique.train(i).label, target_label(i));
  // The train of an index that met no earlier one is its own first accepted train.
  EXPECT_EQ(unique.train(0), plain.train(0));
  // The angle is not part of a train's identity.
  Train turned = unique.train(0).train;
  turned.angle += 30;
  EXPECT_EQ(train_key(turned), keys[0]);
}

TEST_F(KandyRun, UniqueImpossibleRequestIsRefusedBeforeAnyFile) {
  DatasetConfig c = narrow("impossible");
  c.unique = true;
  c.count = 10;  // five west trains asked, four exist
  try {
    generate(c);
    FAIL() << "generated";
  } catch (const TrainDemandError& e) {
    std::string message = e.what();
    EXPECT_EQ(e.key(), "unique");
    EXPECT_NE(message.find("unique: index 8 (west"), std::string::npos) << message;
    EXPECT_NE(message.find("8 distinct trains found before it"), std::string::npos) << message;
    EXPECT_NE(message.find("rule theoryx, 2 cars"), std::string::npos) << message;
    EXPECT_NE(message.find("max_attempts"), std::string::npos) << message;
  }
  EXPECT_FALSE(fs::exists(root_ / "impossible"));
}

// Every shard makes the same plan: two shards and a merge give a whole run's bytes, and a run
// killed halfway and run again too.
TEST_F(KandyRun, UniquePlanIsTheSameAcrossShardsAndResume) {
  DatasetConfig whole = narrow("whole");
  whole.unique = true;
  DatasetInputs inputs = resolve_inputs(whole, RAILYARD_SOURCE_DIR);
  std::vector<std::uint32_t> plan = sampled_trains(whole, inputs).plan();
  ASSERT_EQ(plan.size(), whole.count);
  EXPECT_EQ(sampled_trains(whole, inputs).plan(), plan);
  fs::path a = generate(whole);

  DatasetConfig sharded = narrow("sharded");
  sharded.unique = true;
  generate(sharded, Shard{1, 3});
  generate(sharded, Shard{0, 3});
  generate(sharded, Shard{2, 3});
  fs::path b = merge_dataset(sharded, testing::test_run_options());
  EXPECT_EQ(testing::dataset_snapshot(a), testing::dataset_snapshot(b));

  DatasetConfig resumed = narrow("resumed");
  resumed.unique = true;
  fs::path c = generate(resumed);
  DatasetPaths paths(dataset_identity(resumed, "theoryx", "base_scene"));
  for (std::uint64_t i : {2u, 5u, 7u}) fs::remove(paths.record(i));
  fs::remove(paths.manifest());
  generate(resumed);
  EXPECT_EQ(testing::dataset_snapshot(a), testing::dataset_snapshot(c));
  expect_verified(a);
}

// Sequences: no two sequences are the same list of trains. One-step sequences over the narrow
// trains repeat without unique; with it the four accepted ones (a west train: G(east -> X roofed)
// fails on an east last step) take the four west trains.
TEST_F(KandyRun, UniqueSequences) {
  DatasetConfig c = testing::small_sequence_config(root_ / "unique_sequences");
  c.count = 8;
  c.sequence.min_length = c.sequence.max_length = 1;
  c.sequence.predicates = {{"roofed", "", testing::kRoofedClauses}};
  c.sequence.orphans = {};
  c.sampler.min_cars = c.sampler.max_cars = 2;
  c.sampler.constraints.allow(Descriptor::Shape, {"rectangle"});
  c.sampler.constraints.allow(Descriptor::Length, {"short"});
  c.sampler.constraints.allow(Descriptor::Wall, {"not_double"});
  c.sampler.constraints.allow(Descriptor::Roof, {"none", "flat"});
  c.sampler.constraints.allow(Descriptor::LoadCount, {"1", "2"});
  c.sampler.constraints.allow(Descriptor::LoadShape, {"circle"});
  c.max_attempts = 5000;
  DatasetInputs inputs = resolve_inputs(c, RAILYARD_SOURCE_DIR);
  auto lists = [&](const DatasetConfig& config) {
    SequenceModel model(config, inputs);
    SequenceSampler sampler = model.sampler();
    std::vector<std::string> keys;
    for (std::uint64_t s = 0; s < model.sequence_count(); ++s) {
      std::string key;
      for (const SequenceStep& step : sampler.sequence(s, model.redraw(s)).steps)
        key += train_key(step.train.train) + "|";
      keys.push_back(key);
    }
    return keys;
  };
  EXPECT_LT(distinct(lists(c)), c.count);
  c.unique = true;
  std::vector<std::string> keys = lists(c);
  EXPECT_EQ(distinct(keys), c.count);
  fs::path root = generate(c);
  expect_verified(root);
}

// --- per-split compositions
// -------------------------------------------------------------------------

// Three clauses (concepts): a closed car, a long car, a car with three loads.
constexpr const char* kThreeClauses =
    "eastbound(T) :- has_car(T, C), closed(C).\n"
    "eastbound(T) :- has_car(T, C), long(C).\n"
    "eastbound(T) :- has_car(T, C), load_num(C, 3).\n";

class KandyCompositions : public KandyRun {
 protected:
  fs::path rule_file(const std::string& name, const std::string& text) {
    fs::create_directories(root_);
    fs::path file = root_ / (name + ".pl");
    std::ofstream(file) << text;
    return file;
  }
  DatasetConfig composed(const std::string& sub) {
    DatasetConfig c = config(sub);
    c.count = 40;
    c.rule = rule_file("three", kThreeClauses).string();
    c.compositions = Compositions{Composition::Single, Composition::Any, Composition::Several};
    return c;
  }
  Rule reproving(const DatasetConfig& c) {
    return Rule::load(c.rule, fs::path(RAILYARD_SOURCE_DIR) / "logic" / "rules" / "background.pl");
  }
};

TEST_F(KandyCompositions, EastTrainsOfEachSplitSatisfyTheirClauses) {
  DatasetConfig c = composed("symbolic");
  c.count = 400;
  DatasetInputs inputs = resolve_inputs(c, RAILYARD_SOURCE_DIR);
  SampledTrains trains = sampled_trains(c, inputs);
  DatasetConfig free = c;
  free.compositions.reset();
  SampledTrains plain = sampled_trains(free, inputs);
  std::vector<std::uint8_t> split = balanced_split_of(c);
  Rule rule = reproving(c);
  ASSERT_EQ(rule.clause_count(), 3u);
  std::map<std::uint8_t, std::set<std::size_t>> seen;  // clause counts of east trains per split
  for (std::uint64_t i = 0; i < c.count; ++i) {
    LabelledTrain t = trains.train(i);
    ASSERT_EQ(t.label, target_label(i));
    ASSERT_EQ(rule.label(t.train), t.label);
    if (t.label == Direction::West || split[i] == 1) {
      EXPECT_EQ(t, plain.train(i)) << i;  // west trains and val's east trains as without the key
      continue;
    }
    std::size_t clauses = rule.clauses_proved(t.train);
    seen[split[i]].insert(clauses);
    if (split[i] == 0) {
      EXPECT_EQ(clauses, 1u) << "train split, index " << i;
    }
    if (split[i] == 2) {
      EXPECT_GE(clauses, 2u) << "test split, index " << i;
    }
  }
  EXPECT_EQ(seen[0], (std::set<std::size_t>{1}));
  EXPECT_FALSE(seen[2].empty());
}

TEST_F(KandyCompositions, RenderedRecordsCarryTheirClauses) {
  DatasetConfig c = composed("rendered");
  c.count = 16;
  fs::path root = generate(c);
  DatasetPaths paths(dataset_identity(c, "three", "base_scene"));
  Rule rule = reproving(c);
  std::vector<std::uint64_t> train_split = lines(paths.splits() / "train.txt");
  std::set<std::uint64_t> train(train_split.begin(), train_split.end());
  std::vector<std::uint64_t> test_split = lines(paths.splits() / "test.txt");
  std::set<std::uint64_t> test(test_split.begin(), test_split.end());
  std::uint64_t east_checked = 0;
  for (std::uint64_t i = 0; i < c.count; ++i) {
    SampleRecord record = read_sample_record(paths.record(i));
    ASSERT_TRUE(record.clauses) << i;
    EXPECT_EQ(*record.clauses, rule.clauses_proved(record.train.train)) << i;
    if (record.train.label != Direction::East) continue;
    if (train.contains(i)) {
      EXPECT_EQ(*record.clauses, 1u) << i;
      ++east_checked;
    }
    if (test.contains(i)) {
      EXPECT_GE(*record.clauses, 2u) << i;
      ++east_checked;
    }
  }
  EXPECT_GT(east_checked, 0u);
  std::ifstream in(paths.record(1));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"clauses\":"), std::string::npos);
  expect_verified(root);
}

TEST_F(KandyCompositions, Refusals) {
  DatasetConfig one = composed("one_clause");
  one.rule = "theoryx";  // one clause (its cases are a disjunction)
  try {
    generate(one);
    FAIL() << "generated";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("compositions: theoryx's eastbound/1 has 1 clause"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(root_ / "one_clause"));

  // Two clauses that always agree: no east train satisfies exactly one.
  DatasetConfig twins = composed("twins");
  twins.rule = rule_file("twins",
                         "eastbound(T) :- has_car(T, C), closed(C).\n"
                         "eastbound(T) :- has_car(T, D), closed(D).\n")
                   .string();
  twins.max_attempts = 500;
  try {
    generate(twins);
    FAIL() << "generated";
  } catch (const TrainDemandError& e) {
    std::string message = e.what();
    EXPECT_EQ(e.key(), "compositions.train");
    EXPECT_NE(message.find("compositions.train (single)"), std::string::npos) << message;
    EXPECT_NE(message.find("exactly one of the 2 clauses of twins's eastbound/1"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("with 2"), std::string::npos) << message;
  }
  EXPECT_FALSE(fs::exists(root_ / "twins"));

  // Natural odds: the split of an index is not known before its train.
  DatasetConfig c = composed("natural");
  DatasetInputs inputs = resolve_inputs(c, RAILYARD_SOURCE_DIR);
  BalanceOptions natural;
  natural.balanced = false;
  SampledTrains trains(c.sampler, reproving(c), natural, c.seed);
  EXPECT_THROW(trains.require_compositions(*c.compositions, balanced_split_of(c)), ConfigError);

  // A sequence set plans its labels per sequence.
  DatasetConfig sequences = testing::small_sequence_config(root_ / "sequences");
  sequences.compositions = c.compositions;
  EXPECT_THROW(check_config(sequences), ConfigError);
}

// unique and compositions together: the plan meets both.
TEST_F(KandyCompositions, WithUnique) {
  DatasetConfig c = composed("both");
  c.count = 200;
  c.unique = true;
  DatasetInputs inputs = resolve_inputs(c, RAILYARD_SOURCE_DIR);
  SampledTrains trains = sampled_trains(c, inputs);
  std::vector<std::uint8_t> split = balanced_split_of(c);
  Rule rule = reproving(c);
  std::set<std::string> keys;
  for (std::uint64_t i = 0; i < c.count; ++i) {
    LabelledTrain t = trains.train(i);
    EXPECT_TRUE(keys.insert(train_key(t.train)).second) << i;
    if (t.label == Direction::East && split[i] == 0) {
      EXPECT_EQ(rule.clauses_proved(t.train), 1u);
    }
    if (t.label == Direction::East && split[i] == 2) {
      EXPECT_GE(rule.clauses_proved(t.train), 2u);
    }
  }
}

}  // namespace
}  // namespace railyard
