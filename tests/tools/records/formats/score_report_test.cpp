// score.json as a typed record: its JSON keeps optional keys out or null as the schema says, it
// reads back as the same bytes, and a fault is refused naming the file and the key path.
#include "tools/lib/records/formats/score_report.h"

#include <gtest/gtest.h>

#include "tests/tools/records/record_errors.h"

namespace railyard::score {
namespace {

using testing::input_error_of;
using testing::mentions;

ScoreReport example() {
  ScoreReport score;
  score.inputs = {{{"/p.jsonl", "ab"}}, std::nullopt, {"/data/set", "dataset", "cd"}};
  score.coverage = {10, 8, 2, true};
  DatasetScore dataset;
  dataset.name = "set";
  dataset.accuracy = {8, 6, 0.75, 0.41, 0.93};
  dataset.balanced_accuracy = {8, std::nullopt, 0.7, 0.4, 0.9};
  dataset.splits["test"] = dataset.accuracy;
  dataset.breakdowns = {
      {"train_length", "Accuracy by train length", {{"2", {}, {8, 6, 0.75, 0.41, 0.93}}}}};
  dataset.misclassified = {{1, "images/1_m_train.png", "test", "east", "west", 0.25, "east 1"}};
  score.datasets = {dataset};
  score.scored = {{"set", "1101101-1-"}};
  return score;
}

ScoreReport read(const std::string& text) {
  return score_report_from_text(text, {"score.json"});
}

TEST(ScoreReport, LeavesOutOrNullsWhatTheSchemaSays) {
  nlohmann::json json = record_json(example());
  const nlohmann::json& dataset = json["datasets"][0];
  EXPECT_EQ(dataset["accuracy"]["correct"], 6);
  EXPECT_FALSE(dataset["balanced_accuracy"].contains("correct"));
  EXPECT_EQ(dataset["splits"].size(), 1u);  // the splits present
  EXPECT_FALSE(dataset["breakdowns"][0]["rows"][0].contains("split"));
  EXPECT_TRUE(dataset["calibration"].is_null());
  EXPECT_TRUE(json["pairs"].is_null());
  EXPECT_FALSE(json["inputs"].contains("baseline"));
  EXPECT_FALSE(json.contains("variants"));
  EXPECT_FALSE(json.contains("curriculum"));
}

TEST(ScoreReport, ReadsBackAsTheSameBytes) {
  std::string text = score_report_text(example());
  EXPECT_EQ(score_report_text(read(text)), text);
}

TEST(ScoreReport, RefusesAFaultNamingFileAndKeyPath) {
  nlohmann::json json = record_json(example());
  auto refused = [&](auto edit) {
    nlohmann::json copy = json;
    edit(copy);
    return input_error_of([&] { read(copy.dump()); });
  };
  std::string message =
      refused([](nlohmann::json& j) { j["datasets"][0]["accuracy"]["n"] = "eight"; });
  EXPECT_TRUE(mentions(message, "score.json: key 'datasets[0].accuracy.n'")) << message;
  message = refused([](nlohmann::json& j) { j["coverage"].erase("missing"); });
  EXPECT_TRUE(mentions(message, "key 'coverage.missing': missing")) << message;
  message = refused([](nlohmann::json& j) { j["datasets"][0]["recall"]["extra"] = j["pairs"]; });
  EXPECT_TRUE(mentions(message, "key 'datasets[0].recall.extra': not a key")) << message;
  message = refused([](nlohmann::json& j) { j["datasets"][0]["accuracy"]["correct"] = nullptr; });
  EXPECT_TRUE(mentions(message, "datasets[0].accuracy.correct")) << message;
  message = refused([](nlohmann::json& j) { j["railyard_score"] = 2; });
  EXPECT_TRUE(mentions(message, "version 1")) << message;
  EXPECT_TRUE(mentions(input_error_of([] { read("[]"); }), "expected an object"));
  EXPECT_TRUE(mentions(input_error_of([] { read("{"); }), "score.json:1: not valid JSON"));
}

}  // namespace
}  // namespace railyard::score
