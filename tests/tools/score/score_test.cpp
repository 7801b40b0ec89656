// railyard score against an independent computation: small real folders made by the railyard
// binary (a dataset, a suite with a confounder and a hold-out, a pairs folder), hand-made
// prediction files (perfect, inverted, constant, seeded random), and every figure computed again
// here from the records (read through the record layer, not the scorer's reader).
#include "tools/lib/score/score.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "logic/train_pattern.h"
#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/records/formats/sample_record.h"
#include "tools/lib/score/compare.h"
#include "tools/lib/score/score_error.h"
#include "util/child_process.h"
#include "util/read_file.h"

namespace railyard::score {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The small folders every test reads, made once per process.
struct Folders {
  fs::path root, dataset, suite, pairs, sequences, worlds, worlds_suite;
};

void make(const std::vector<std::string>& arguments) {
  ChildResult result = run_child(RAILYARD_BINARY, arguments);
  ASSERT_EQ(result.exit_code, 0) << result.output;
}

const std::vector<std::string> kSmall = {
    "--set", "width=32",          "--set", "height=18", "--set", "outputs.depth_exr=false",
    "--set", "outputs.coco=false"};

fs::path only_child(const fs::path& folder) {
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.is_directory() && entry.path().filename() != "dataset_descriptions")
      return entry.path();
  return {};
}

const Folders& folders() {
  static Folders f = [] {
    Folders made;
    made.root = fs::temp_directory_path() / ("railyard_score_test_" + std::to_string(::getpid()));
    fs::remove_all(made.root);
    std::vector<std::string> dataset = {"generate",   "-n", "60",
                                        "--seed",     "3",  "--set",
                                        "max_cars=5", "-o", (made.root / "dataset").string()};
    dataset.insert(dataset.end(), kSmall.begin(), kSmall.end());
    make(dataset);
    made.dataset = only_child(made.root / "dataset");

    fs::path suite_file = made.root / "small_suite.yaml";
    std::ofstream(suite_file)
        << "suite: small\nseed: 1\n"
           "config: {width: 32, height: 18, subsets: [], outputs: {depth_exr: false, coco: "
           "false},\n"
           "         confounder: {attribute: {car: 1, color: blue}, east: 0.9, west: 0.1}}\n"
           "holdout:\n  - {color: green, roof: none}\n"
           "variants:\n"
           "  - {name: train, set: {count: 40}}\n"
           "  - {name: test_reversed, set: {count: 30, splits: {train: 0, val: 0, test: 1},\n"
           "     confounder: {attribute: {car: 1, color: blue}, east: 0.1, west: 0.9}}}\n"
           "  - {name: test_holdout, holdout: true, set: {count: 30, confounder: null,\n"
           "     splits: {train: 0, val: 0, test: 1}}}\n";
    make({"suite", suite_file.string(), "-q", "-o", (made.root / "suite").string()});
    made.suite = made.root / "suite" / "small";

    std::vector<std::string> pairs = {
        "intervene", RAILYARD_SOURCE_DIR "/configs/vlol_theoryx_counterfactual.yaml",
        "-n",        "24",
        "-o",        (made.root / "pairs").string()};
    pairs.insert(pairs.end(), kSmall.begin(), kSmall.end());
    make(pairs);
    for (const auto& entry : fs::recursive_directory_iterator(made.root / "pairs"))
      if (entry.path().filename() == "pairs.jsonl") made.pairs = entry.path().parent_path();

    std::vector<std::string> sequences = {
        "generate", RAILYARD_SOURCE_DIR "/configs/sequences/ltlzinc_task1_short.yaml",
        "-n",       "10",
        "--set",    "sequence.min_length=4",
        "--set",    "sequence.max_length=6",
        "-o",       (made.root / "sequences").string()};
    sequences.insert(sequences.end(), kSmall.begin(), kSmall.end());
    make(sequences);
    made.sequences = only_child(made.root / "sequences");

    made.worlds = made.root / "worlds";
    make({"worlds", RAILYARD_SOURCE_DIR "/configs/worlds/small.yaml", "-o", made.worlds.string(),
          "--set", "dataset.count=20"});
    std::vector<std::string> worlds_suite = {"suite", (made.worlds / "suite.yaml").string(), "-q",
                                             "-o", (made.root / "worlds_out").string()};
    worlds_suite.insert(worlds_suite.end(), kSmall.begin(), kSmall.end());
    make(worlds_suite);
    made.worlds_suite = made.root / "worlds_out" / "small";
    return made;
  }();
  return f;
}

// ---- the independent side ----------------------------------------------------------------

double wilson_low(double k, double n, double z = 1.959963984540054) {
  double p = k / n, d = 1 + z * z / n;
  return (p + z * z / (2 * n) - z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d;
}
double wilson_high(double k, double n, double z = 1.959963984540054) {
  double p = k / n, d = 1 + z * z / n;
  return (p + z * z / (2 * n) + z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / d;
}

struct Truth {
  bool east = false;
  std::size_t cars = 0;
  std::string split;
  Train train;
};

std::vector<Truth> truths(const fs::path& folder) {
  DatasetFolder dataset = DatasetFolder::open(folder);
  std::vector<Truth> out;
  for (std::uint64_t i = 0; i < dataset.count(); ++i) {
    SampleRecord record = read_sample_record(dataset.paths().record(i));
    out.push_back({record.train.label == Direction::East, record.train.train.cars.size(),
                   dataset.split_of(i), record.train.train});
  }
  return out;
}

// A model: index -> (east?, probability of east).
using Model = std::vector<std::pair<bool, double>>;

Model perfect(const std::vector<Truth>& t) {
  Model m;
  for (const Truth& x : t) m.push_back({x.east, x.east ? 0.9 : 0.1});
  return m;
}
Model inverted(const std::vector<Truth>& t) {
  Model m;
  for (const Truth& x : t) m.push_back({!x.east, x.east ? 0.2 : 0.7});
  return m;
}
Model constant(const std::vector<Truth>& t) {
  return Model(t.size(), {true, 0.6});
}
Model random_model(const std::vector<Truth>& t, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> p(0.0, 1.0);
  Model m;
  for (std::size_t i = 0; i < t.size(); ++i) {
    double q = std::round(p(random) * 1000) / 1000;
    m.push_back({q >= 0.5, q});
  }
  return m;
}

std::string jsonl(const Model& m, const std::string& variant = "") {
  std::string out;
  for (std::size_t i = 0; i < m.size(); ++i) {
    json line = {
        {"index", i}, {"label", m[i].first ? "east" : "west"}, {"probability", m[i].second}};
    if (!variant.empty()) line["variant"] = variant;
    out += line.dump() + "\n";
  }
  return out;
}

fs::path write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
  return file;
}

ScoreReport report_of(const std::vector<fs::path>& predictions, const fs::path& target,
                      bool partial = false) {
  ScoreRequest request;
  request.predictions = predictions;
  request.target = target;
  request.partial = partial;
  return score_predictions(request);
}

// score.json's object, as the tests below read it by key.
json score_of(const std::vector<fs::path>& predictions, const fs::path& target,
              bool partial = false) {
  return record_json(report_of(predictions, target, partial));
}

void expect_figure(const json& figure, std::uint64_t correct, std::uint64_t n,
                   const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_TRUE(figure.is_object()) << figure.dump();
  EXPECT_EQ(figure["n"].get<std::uint64_t>(), n);
  EXPECT_EQ(figure["correct"].get<std::uint64_t>(), correct);
  if (n == 0) return;
  EXPECT_NEAR(figure["value"].get<double>(), double(correct) / double(n), 1e-12);
  EXPECT_NEAR(figure["low"].get<double>(), std::max(0.0, wilson_low(correct, n)), 1e-9);
  EXPECT_NEAR(figure["high"].get<double>(), std::min(1.0, wilson_high(correct, n)), 1e-9);
}

const json& breakdown(const json& dataset, const std::string& by) {
  for (const json& b : dataset["breakdowns"])
    if (b["by"] == by) return b;
  static json none;
  ADD_FAILURE() << "no breakdown " << by;
  return none;
}

// Every figure of one dataset against the model and the truths.
void check_dataset(const json& d, const std::vector<Truth>& t, const Model& m) {
  std::uint64_t right = 0, east = 0, east_right = 0, west_right = 0;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> splits, lengths;
  for (std::size_t i = 0; i < t.size(); ++i) {
    bool ok = m[i].first == t[i].east;
    right += ok;
    east += t[i].east;
    (t[i].east ? east_right : west_right) += ok;
    splits[t[i].split].first += ok, ++splits[t[i].split].second;
    lengths[std::to_string(t[i].cars)].first += ok, ++lengths[std::to_string(t[i].cars)].second;
  }
  std::uint64_t n = t.size(), west = n - east;
  expect_figure(d["accuracy"], right, n, "accuracy");
  for (const auto& [split, tally] : splits)
    expect_figure(d["splits"][split], tally.first, tally.second, "split " + split);
  double recall_east = east ? double(east_right) / east : 0,
         recall_west = west ? double(west_right) / west : 0;
  if (east && west) {
    EXPECT_NEAR(d["balanced_accuracy"]["value"].get<double>(), (recall_east + recall_west) / 2,
                1e-12);
    EXPECT_NEAR(d["balanced_accuracy"]["low"].get<double>(),
                (std::max(0.0, wilson_low(east_right, east)) +
                 std::max(0.0, wilson_low(west_right, west))) /
                    2,
                1e-9);
  }
  const json& by_length = breakdown(d, "train_length");
  ASSERT_EQ(by_length["rows"].size(), lengths.size());
  for (const json& row : by_length["rows"]) {
    auto [ok, count] = lengths.at(row["value"].get<std::string>());
    expect_figure(row["figure"], ok, count, "length " + row["value"].get<std::string>());
  }
}

// ECE over 10 bins of p(east), computed from scratch.
double ece(const std::vector<Truth>& t, const Model& m) {
  std::vector<double> p(10), e(10), n(10);
  for (std::size_t i = 0; i < t.size(); ++i) {
    int b = std::min(9, int(m[i].second * 10));
    p[b] += m[i].second, e[b] += t[i].east, n[b] += 1;
  }
  double sum = 0;
  for (int b = 0; b < 10; ++b)
    if (n[b]) sum += n[b] / double(t.size()) * std::fabs(p[b] / n[b] - e[b] / n[b]);
  return sum;
}

// ---- the tests --------------------------------------------------------------------------

class ScoreTest : public ::testing::Test {
 protected:
  fs::path dir_ =
      fs::temp_directory_path() / ("railyard_score_case_" + std::to_string(::getpid()) + "_" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  void SetUp() override {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
};

TEST_F(ScoreTest, DatasetFiguresForPerfectInvertedConstantAndRandomModels) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  ASSERT_EQ(t.size(), 60u);
  std::vector<std::pair<std::string, Model>> models = {{"perfect", perfect(t)},
                                                       {"inverted", inverted(t)},
                                                       {"constant", constant(t)},
                                                       {"random", random_model(t, 7)}};
  for (const auto& [name, model] : models) {
    SCOPED_TRACE(name);
    json score = score_of({write(dir_ / (name + ".jsonl"), jsonl(model))}, f.dataset);
    ASSERT_EQ(score["datasets"].size(), 1u);
    const json& d = score["datasets"][0];
    check_dataset(d, t, model);
    EXPECT_NEAR(d["calibration"]["ece"]["value"].get<double>(), ece(t, model), 1e-6);
    EXPECT_LE(d["calibration"]["ece"]["low"].get<double>(),
              d["calibration"]["ece"]["value"].get<double>());
    EXPECT_EQ(score["coverage"]["scored"], 60);
    EXPECT_EQ(score["scored"].begin().value().get<std::string>().size(), 60u);
  }
}

TEST_F(ScoreTest, PerfectAndInvertedAreTheExtremes) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  json good = score_of({write(dir_ / "p.jsonl", jsonl(perfect(t)))}, f.dataset);
  json bad = score_of({write(dir_ / "i.jsonl", jsonl(inverted(t)))}, f.dataset);
  EXPECT_EQ(good["datasets"][0]["accuracy"]["value"], 1.0);
  EXPECT_EQ(bad["datasets"][0]["accuracy"]["value"], 0.0);
  EXPECT_EQ(good["datasets"][0]["misclassified"].size(), 0u);
  EXPECT_EQ(bad["datasets"][0]["misclassified"].size(), 50u);  // capped, index order
  EXPECT_EQ(bad["datasets"][0]["misclassified"][0]["index"], 0);
}

TEST_F(ScoreTest, ImageNamesAndCsvAnswerLikeIndices) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  Model m = random_model(t, 11);
  std::string csv = "image,label,probability\n";
  for (std::size_t i = 0; i < t.size(); ++i)
    csv += "images/" + std::to_string(i) + "_m_train.png," + (m[i].first ? "1" : "0") + "," +
           std::to_string(m[i].second) + "\n";
  json score = score_of({write(dir_ / "m.csv", csv)}, f.dataset);
  check_dataset(score["datasets"][0], t, m);
}

TEST_F(ScoreTest, SuiteConfounderAndHoldout) {
  const Folders& f = folders();
  std::vector<std::string> variants = {"train", "test_reversed", "test_holdout"};
  TrainPattern blue = parse_pattern({{"car", "1"}, {"color", "blue"}});
  TrainPattern held = parse_pattern({{"color", "green"}, {"roof", "none"}});
  fs::path preds = dir_ / "preds";
  std::map<std::string, std::pair<std::vector<Truth>, Model>> data;
  for (std::size_t k = 0; k < variants.size(); ++k) {
    fs::path folder = only_child(f.suite / variants[k]);
    std::vector<Truth> t = truths(folder);
    Model m = random_model(t, 20 + unsigned(k));
    // One file per variant, named after it, for two; a variant column for the third.
    if (k < 2)
      write(preds / (variants[k] + ".jsonl"), jsonl(m));
    else
      write(preds / "zz_more.jsonl", jsonl(m, variants[k]));
    data[variants[k]] = {t, m};
  }
  json score = score_of({preds}, f.suite);
  ASSERT_EQ(score["datasets"].size(), 3u);
  for (const json& d : score["datasets"]) {
    std::string name = d["name"];
    SCOPED_TRACE(name);
    const auto& [t, m] = data.at(name);
    check_dataset(d, t, m);
    // The training set ties blue at car 1 to east: agreement is carrying it exactly when east.
    std::uint64_t agree_ok = 0, agree_n = 0, dis_ok = 0, dis_n = 0, with_ok = 0, with_n = 0,
                  without_ok = 0, without_n = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      bool ok = m[i].first == t[i].east;
      bool agrees = blue.matches(t[i].train) == t[i].east;
      (agrees ? agree_ok : dis_ok) += ok, ++(agrees ? agree_n : dis_n);
      bool with = held.matches(t[i].train);
      (with ? with_ok : without_ok) += ok, ++(with ? with_n : without_n);
    }
    expect_figure(d["confounder"]["agrees"], agree_ok, agree_n, "agrees");
    expect_figure(d["confounder"]["disagrees"], dis_ok, dis_n, "disagrees");
    expect_figure(d["heldout"]["with"], with_ok, with_n, "with");
    expect_figure(d["heldout"]["without"], without_ok, without_n, "without");
    if (name == "test_holdout") {
      EXPECT_EQ(without_n, 0u);
    }
    if (name == "train") {
      EXPECT_EQ(with_n, 0u);
    }
  }
  EXPECT_EQ(score["variants"]["rows"].size(), 3u);
}

TEST_F(ScoreTest, PairsModelIgnoringTheInterventionIsConsistentOnNonFlippingPairsOnly) {
  const Folders& f = folders();
  ASSERT_FALSE(f.pairs.empty());
  std::vector<bool> flipped;
  std::string text = read_file_text(f.pairs / "pairs.jsonl"), base, intervened;
  std::vector<Truth> b = truths(only_child(f.pairs / "base"));
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    json pair = json::parse(text.substr(start, end - start));
    std::uint64_t p = pair["pair"];
    flipped.push_back(pair["flipped"]);
    // Sees only the base train: the same answer on both sides.
    std::string label = b[p].east ? "east" : "west";
    base += json({{"variant", "base"}, {"index", p}, {"label", label}}).dump() + "\n";
    intervened += json({{"variant", "intervened"}, {"index", p}, {"label", label}}).dump() + "\n";
    start = end + 1;
  }
  json score = score_of({write(dir_ / "pairs.jsonl", base + intervened)}, f.pairs);
  std::uint64_t kept = std::count(flipped.begin(), flipped.end(), false);
  expect_figure(score["pairs"]["consistency"], kept, flipped.size(), "consistency");
  expect_figure(score["pairs"]["base"], flipped.size(), flipped.size(), "base");
  expect_figure(score["pairs"]["intervened"], kept, flipped.size(), "intervened");
  EXPECT_EQ(score["datasets"].size(), 2u);
  // The written folder holds each listed inconsistent pair's difference mask.
  write_score_folder(report_of({dir_ / "pairs.jsonl"}, f.pairs), dir_ / "score");
  json written = json::parse(read_file_text(dir_ / "score" / "score.json"));
  EXPECT_EQ(written["pairs"]["examples"].size(), std::min<std::size_t>(24, flipped.size() - kept));
  for (const json& example : written["pairs"]["examples"])
    EXPECT_TRUE(fs::exists(dir_ / "score" / example["difference"].get<std::string>()));
  EXPECT_TRUE(fs::exists(dir_ / "score" / "plots" / "consistency_by_operation.png"));
}

void expect_refused(const fs::path& file, const fs::path& target, const std::string& needle) {
  try {
    score_of({file}, target);
    ADD_FAILURE() << "accepted " << file;
  } catch (const ScoreError& error) {
    EXPECT_NE(std::string(error.what()).find(needle), std::string::npos) << error.what();
  }
}

TEST_F(ScoreTest, RefusesUnknownMissingRepeatedAndBadValuesNamingFileAndLine) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  std::string good = jsonl(perfect(t));
  std::string first_line = good.substr(0, good.find('\n') + 1);
  fs::path file = dir_ / "p.jsonl";
  write(file, good + "{\"index\": 999, \"label\": \"east\"}\n");
  expect_refused(file, f.dataset, file.string() + ":61: key 'index': unknown sample 999");
  write(file, good + first_line);
  expect_refused(file, f.dataset, file.string() + ":61: sample 0 of");
  write(file, good.substr(good.find('\n') + 1));
  expect_refused(file, f.dataset, "no prediction for sample 0");
  write(file, "{\"index\": 0, \"label\": \"north\"}\n");
  expect_refused(file, f.dataset, file.string() + ":1: key 'label'");
  write(file, "{\"index\": 0, \"probability\": 1.5}\n");
  expect_refused(file, f.dataset, file.string() + ":1: key 'probability'");
  write(file, "{\"index\": 0, \"labl\": \"east\"}\n");
  expect_refused(file, f.dataset, file.string() + ":1: key 'labl': unknown key");
  fs::path csv = dir_ / "p.csv";
  write(csv, "index,label\n0,east\n1,sideways\n");
  expect_refused(csv, f.dataset, csv.string() + ":3: key 'label'");
  write(csv, "index,label,colour\n");
  expect_refused(csv, f.dataset, csv.string() + ":1: column 'colour'");
  // The command: non-zero exit, the message, and no folder written.
  write(file, good + first_line);
  ChildResult result = run_child(
      RAILYARD_BINARY, {"score", file.string(), f.dataset.string(), "-o", (dir_ / "out").string()});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.output.find(":61:"), std::string::npos) << result.output;
  EXPECT_FALSE(fs::exists(dir_ / "out"));
}

TEST_F(ScoreTest, PartialScoresWhatIsThereAndReportsCoverage) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  Model m = random_model(t, 3);
  std::string text = jsonl(m), kept;
  std::size_t line = 0;
  std::vector<Truth> t_kept;
  Model m_kept;
  for (std::size_t start = 0; start < text.size(); ++line) {
    std::size_t end = text.find('\n', start);
    if (line % 4 != 0) kept += text.substr(start, end - start + 1);
    start = end + 1;
  }
  json score = score_of({write(dir_ / "p.jsonl", kept)}, f.dataset, true);
  EXPECT_EQ(score["coverage"]["expected"], 60);
  EXPECT_EQ(score["coverage"]["scored"], 45);
  EXPECT_EQ(score["coverage"]["missing"], 15);
  EXPECT_EQ(score["coverage"]["partial"], true);
  std::uint64_t right = 0;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (i % 4 != 0) right += m[i].first == t[i].east;
  expect_figure(score["datasets"][0]["accuracy"], right, 45, "partial accuracy");
  EXPECT_EQ(score["scored"].begin().value().get<std::string>()[0], '-');
}

TEST_F(ScoreTest, BaselinesRuleIsTheCeilingMajorityTheTrainingShare) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  ScoreRequest request;
  request.target = f.dataset;
  request.baseline = "rule";
  json rule = record_json(score_predictions(request));
  EXPECT_EQ(rule["datasets"][0]["accuracy"]["value"], 1.0);
  request.baseline = "majority";
  json majority = record_json(score_predictions(request));
  std::uint64_t train = 0, train_east = 0, east = 0;
  for (const Truth& x : t) {
    east += x.east;
    if (x.split == "train") ++train, train_east += x.east;
  }
  bool says_east = 2 * train_east > train;
  expect_figure(majority["datasets"][0]["accuracy"], says_east ? east : t.size() - east, t.size(),
                "majority");
  // Its predictions file reads back and scores the same.
  request.baseline = "rule";
  write_baseline_predictions(request, dir_ / "rule.jsonl");
  json again = score_of({dir_ / "rule.jsonl"}, f.dataset);
  EXPECT_EQ(again["datasets"][0]["accuracy"], rule["datasets"][0]["accuracy"]);
}

TEST_F(ScoreTest, SequencesPerSequenceAndPerStepPredicates) {
  const Folders& f = folders();
  std::string text = read_file_text(f.sequences / "sequences" / "sequences.jsonl"), preds;
  std::mt19937 random(5);
  std::uint64_t n = 0, right = 0, steps = 0, steps_right = 0;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> by_length;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    json s = json::parse(text.substr(start, end - start));
    start = end + 1;
    bool says_east = random() % 2, ok = says_east == s["accepted"].get<bool>();
    ++n, right += ok;
    auto& row = by_length[std::to_string(s["length"].get<int>())];
    row.first += ok, ++row.second;
    json circle = json::array();
    for (const json& step : s["steps"]) {
      bool truth = step["predicates"]["circle_load"], guess = random() % 4 ? truth : !truth;
      circle.push_back(guess ? 1 : 0);
      ++steps, steps_right += guess == truth;
    }
    preds += json({{"sequence", s["sequence"]},
                   {"label", says_east ? "east" : "west"},
                   {"predicates", {{"circle_load", circle}}}})
                 .dump() +
             "\n";
  }
  json score = score_of({write(dir_ / "s.jsonl", preds)}, f.sequences);
  ASSERT_FALSE(score["sequences"].is_null());
  expect_figure(score["sequences"]["sequence_accuracy"], right, n, "sequence accuracy");
  for (const json& row : score["sequences"]["by_length"]["rows"]) {
    auto [ok, count] = by_length.at(row["value"].get<std::string>());
    expect_figure(row["figure"], ok, count, "length " + row["value"].get<std::string>());
  }
  ASSERT_EQ(score["sequences"]["predicates"]["rows"].size(), 1u);
  expect_figure(score["sequences"]["predicates"]["rows"][0]["figure"], steps_right, steps,
                "circle_load");
  // A sample index is not a sequence.
  write(dir_ / "bad.jsonl", "{\"index\": 0, \"label\": \"east\"}\n");
  expect_refused(dir_ / "bad.jsonl", f.sequences, ":1: a sequence set is scored per sequence");
}

TEST_F(ScoreTest, WorldsAccuracyPerWorldAndItsCorrelationWithSimilarity) {
  const Folders& f = folders();
  json worlds = json::parse(read_file_text(f.worlds / "worlds.json"));
  std::string preds;
  std::map<std::string, double> accuracy;
  unsigned seed = 40;
  for (const json& world : worlds["worlds"]) {
    std::string id = world["id"];
    std::vector<Truth> t = truths(only_child(f.worlds_suite / id));
    Model m = random_model(t, seed++);
    preds += jsonl(m, id);
    std::uint64_t right = 0;
    for (std::size_t i = 0; i < t.size(); ++i) right += m[i].first == t[i].east;
    accuracy[id] = double(right) / double(t.size());
  }
  ScoreRequest request;
  request.predictions = {write(dir_ / "w.jsonl", preds)};
  request.target = f.worlds_suite;
  request.worlds = f.worlds;
  json score = record_json(score_predictions(request));
  const json& rows = score["worlds"]["by_world"]["rows"];
  ASSERT_EQ(rows.size(), worlds["worlds"].size());
  for (const json& row : rows)
    EXPECT_NEAR(row["figure"]["value"].get<double>(), accuracy.at(row["value"]), 1e-12);
  // Pearson over pairs of worlds (suite order): shared concepts against 1 - |a_i - a_j|.
  std::vector<std::size_t> order;
  for (const json& row : rows)
    for (std::size_t k = 0; k < worlds["worlds"].size(); ++k)
      if (worlds["worlds"][k]["id"] == row["value"]) order.push_back(k);
  std::vector<double> x, y;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      x.push_back(worlds["similarity"][order[i]][order[j]].get<double>());
      y.push_back(1 - std::fabs(accuracy.at(rows[i]["value"]) - accuracy.at(rows[j]["value"])));
    }
  double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) mx += x[k] / x.size(), my += y[k] / y.size();
  for (std::size_t k = 0; k < x.size(); ++k)
    sxy += (x[k] - mx) * (y[k] - my), sxx += (x[k] - mx) * (x[k] - mx),
        syy += (y[k] - my) * (y[k] - my);
  EXPECT_NEAR(score["worlds"]["similarity_correlation"]["pearson"].get<double>(),
              sxy / std::sqrt(sxx * syy), 1e-12);
  EXPECT_EQ(score["worlds"]["similarity_correlation"]["n"], x.size());
}

TEST(McNemar, ExactAndChiSquareByHand) {
  McNemar exact = mcnemar(3, 10);  // 2 * (C(13,0) + C(13,1) + C(13,2) + C(13,3)) / 2^13
  EXPECT_EQ(exact.test, "exact");
  EXPECT_NEAR(exact.p, 2.0 * (1 + 13 + 78 + 286) / 8192.0, 1e-12);
  McNemar chi = mcnemar(30, 10);  // (|30 - 10| - 1)^2 / 40
  EXPECT_EQ(chi.test, "chi_square");
  EXPECT_NEAR(chi.statistic, 361.0 / 40.0, 1e-12);
  EXPECT_NEAR(chi.p, std::erfc(std::sqrt(361.0 / 80.0)), 1e-12);
  EXPECT_EQ(mcnemar(0, 0).p, 1.0);
  EXPECT_NEAR(mcnemar(5, 5).p, 1.0, 1e-12);
}

TEST_F(ScoreTest, CompareCountsDisagreementsOnSamplesBothScored) {
  const Folders& f = folders();
  std::vector<Truth> t = truths(f.dataset);
  Model a = random_model(t, 1), b = perfect(t);
  write_score_folder(report_of({write(dir_ / "a.jsonl", jsonl(a))}, f.dataset), dir_ / "A");
  write_score_folder(report_of({write(dir_ / "b.jsonl", jsonl(b))}, f.dataset), dir_ / "B");
  for (const char* file : {"score.json", "score.md", "report.html", "plots/accuracy_by_length.png",
                           "plots/reliability.png"})
    EXPECT_TRUE(fs::exists(dir_ / "A" / file)) << file;
  // score.json reads back through its record as the same bytes.
  EXPECT_EQ(score_report_text(read_score_report(dir_ / "A" / "score.json")),
            read_file_text(dir_ / "A" / "score.json"));
  std::uint64_t only_a = 0, only_b = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    bool ra = a[i].first == t[i].east, rb = b[i].first == t[i].east;
    only_a += ra && !rb, only_b += !ra && rb;
  }
  Comparison comparison = compare_scores(dir_ / "A", dir_ / "B");
  json compare = record_json(comparison);
  const json& test = compare["datasets"][0]["mcnemar"];
  EXPECT_EQ(test["b"], only_a);
  EXPECT_EQ(test["c"], only_b);
  EXPECT_NEAR(test["p"].get<double>(), mcnemar(only_a, only_b).p, 1e-12);
  EXPECT_EQ(compare["datasets"][0]["both_scored"], 60);
  EXPECT_NEAR(compare["datasets"][0]["accuracy"]["difference"].get<double>(),
              double(only_b) / 60 - double(only_a) / 60, 1e-12);
  write_compare_folder(comparison, dir_ / "AB");
  EXPECT_TRUE(fs::exists(dir_ / "AB" / "compare.json"));
}

// What score takes as the truth it checks first (issue #40): a record edited after the dataset
// was finished (its label flipped, the JSON still valid) is refused naming records/, not scored;
// a worlds folder edited, or of another family, is refused naming --worlds.
TEST_F(ScoreTest, RefusesEditedRecordsAndWorldsOfAnotherFamily) {
  const Folders& f = folders();
  fs::path copy = dir_ / "copy";
  fs::copy(f.dataset, copy, fs::copy_options::recursive);
  fs::path record = DatasetPaths(copy).record(5);
  std::string text = read_file_text(record);  // {"index":5,"label":"east",...
  std::size_t at = text.find("\"label\":\"") + 9;
  text.replace(at, 4, text.compare(at, 4, "east") == 0 ? "west" : "east");
  std::ofstream(record, std::ios::trunc) << text;
  fs::path preds = write(dir_ / "p.jsonl", jsonl(perfect(truths(f.dataset))));
  try {
    score_of({preds}, copy);
    ADD_FAILURE() << "an edited record was scored";
  } catch (const DatasetError& e) {
    EXPECT_NE(std::string(e.what()).find("records_sha256"), std::string::npos) << e.what();
  }

  fs::path worlds = dir_ / "worlds";
  fs::copy(f.worlds, worlds, fs::copy_options::recursive);
  std::ofstream(worlds / "worlds.json", std::ios::app) << " ";
  ScoreRequest request;
  request.target = f.worlds_suite;
  request.baseline = "rule";
  request.worlds = worlds;
  EXPECT_THROW(score_predictions(request), ScoreError);
  request.worlds = f.worlds;
  EXPECT_NO_THROW(score_predictions(request));
}

// --write-predictions never replaces a file holding something else (a dataset's manifest, say);
// a rerun writing the same predictions is fine.
TEST_F(ScoreTest, WritePredictionsReplacesNothingElse) {
  const Folders& f = folders();
  ScoreRequest request;
  request.target = f.dataset;
  request.baseline = "majority";
  fs::path manifest = dir_ / "manifest.json";
  write(manifest, "a dataset's manifest");
  EXPECT_THROW(write_baseline_predictions(request, manifest), ScoreError);
  EXPECT_EQ(read_file_text(manifest), "a dataset's manifest");
  write_baseline_predictions(request, dir_ / "majority.jsonl");
  EXPECT_NO_THROW(write_baseline_predictions(request, dir_ / "majority.jsonl"));
}

TEST_F(ScoreTest, ScoreFolderReplacesOnlyAScoreFolder) {
  const Folders& f = folders();
  ScoreReport score =
      report_of({write(dir_ / "a.jsonl", jsonl(perfect(truths(f.dataset))))}, f.dataset);
  write(dir_ / "mine" / "notes.txt", "a person's file");
  EXPECT_THROW(write_score_folder(score, dir_ / "mine"), OutputFolderError);
  EXPECT_TRUE(fs::exists(dir_ / "mine" / "notes.txt"));
  // A planted score.json makes no folder a score folder (a dataset would have been deleted).
  write(dir_ / "planted" / "score.json", "{}");
  write(dir_ / "planted" / "manifest.json", "a dataset's manifest");
  EXPECT_THROW(write_score_folder(score, dir_ / "planted"), OutputFolderError);
  EXPECT_TRUE(fs::exists(dir_ / "planted" / "manifest.json"));
  write_score_folder(score, dir_ / "score");
  write_score_folder(score, dir_ / "score");  // a score folder is replaced whole
  EXPECT_TRUE(fs::exists(dir_ / "score" / "score.json"));
  write(dir_ / "score" / "score.md", "edited by hand");  // then it is no longer replaced
  EXPECT_THROW(write_score_folder(score, dir_ / "score"), OutputFolderError);
}

}  // namespace
}  // namespace railyard::score

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  int result = RUN_ALL_TESTS();
  std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                              ("railyard_score_test_" + std::to_string(::getpid())));
  return result;
}
