// score.json (tools/lib/score/README.md's schema), what `railyard score` writes and `--compare`
// reads back, as one typed value: every figure of a score folder. The scorer builds it, score.md,
// the plots and report.html render it, and read_score_report refuses a file that is not one, naming
// the file and the key path of the first fault. Written with sorted keys, one space of indent.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/lib/records/formats/record_members.h"

namespace railyard::score {

// A share with its interval. `correct` is set for a proportion (value = correct / n, Wilson
// interval); a figure that is not one (balanced accuracy, ECE) leaves it out.
struct Figure {
  std::uint64_t n = 0;
  OptionalKey<std::uint64_t> correct;
  double value = 0.0, low = 0.0, high = 1.0;
};

// A table of Figures by one property; the rows of accuracy by world also carry the world's split.
struct BreakdownRow {
  std::string value;
  OptionalKey<std::string> split;
  Figure figure;
};
struct Breakdown {
  std::string by, title;
  std::vector<BreakdownRow> rows;
};

// A bin of p(east): its mean p(east) ("confidence") and share of east trains ("accuracy").
struct CalibrationBin {
  double low = 0.0, high = 0.0;
  std::uint64_t n = 0, east = 0;
  double confidence = 0.0, accuracy = 0.0;
};
struct Calibration {
  Figure ece;
  std::vector<CalibrationBin> bins;
};

struct Confounder {
  std::string attribute, goes_with;
  Figure agrees, disagrees;
};
struct Heldout {
  std::vector<std::string> combinations;
  Figure with, without;
};
struct Recall {
  Figure east, west;
};
struct Misclassified {
  std::uint64_t index = 0;
  std::string image, split, label, predicted;
  std::optional<double> probability;
  std::string description;
};

// One dataset folder, suite variant or pairs side.
struct DatasetScore {
  std::string name, folder;
  std::uint64_t samples = 0;
  Figure accuracy, balanced_accuracy;
  Recall recall;
  std::map<std::string, Figure> splits;  // train, val, test: those with scored samples
  std::vector<Breakdown> breakdowns;
  std::optional<Calibration> calibration;  // when the predictions give probabilities
  std::optional<Confounder> confounder;
  std::optional<Heldout> heldout;
  std::vector<Misclassified> misclassified;
};

struct PairSide {
  std::string image, label, predicted;
};
struct PairExample {
  std::uint64_t pair = 0;
  std::string operation;
  bool flipped = false;
  PairSide base, intervened;
  std::string record;
  std::optional<std::string> difference;  // differences/pair_<p>.png, once a folder is written
};
struct PairsScore {
  std::uint64_t pairs = 0;
  Figure consistency, consistency_flipped, consistency_kept;
  Breakdown by_operation;
  Figure base, intervened;
  std::vector<PairExample> examples;
};

struct SequencesScore {
  std::uint64_t sequences = 0;
  Figure sequence_accuracy, balanced_accuracy;
  std::map<std::string, Figure> splits;  // train, val, test: those with scored samples
  Breakdown by_length;
  std::optional<Breakdown> predicates;  // when the predictions give per-step predicates
};

struct Correlation {
  double pearson = 0.0;
  std::uint64_t n = 0;
};
struct WorldsScore {
  std::string file;
  Breakdown by_world;
  Correlation similarity_correlation;
};

struct PredictionsFile {
  std::string path, sha256;
};
struct TargetInput {
  std::string path, kind, sha256;
};
struct Inputs {
  std::vector<PredictionsFile> predictions;
  OptionalKey<std::string> baseline;
  TargetInput target;
};
struct Coverage {
  std::uint64_t expected = 0, scored = 0, missing = 0;
  bool partial = false;
};
struct Plot {
  std::string file, title;
};

struct ScoreReport {
  int railyard_score = 1;  // the version
  double confidence = 0.95;
  Inputs inputs;
  Coverage coverage;
  std::vector<DatasetScore> datasets;
  std::optional<PairsScore> pairs;
  std::optional<SequencesScore> sequences;
  std::optional<WorldsScore> worlds;
  OptionalKey<Breakdown> variants;  // a suite's
  OptionalKey<bool> curriculum;     // a suite's
  std::vector<Plot> plots;
  // Per dataset name, one character per sample in index order: 1 right, 0 wrong, - not scored.
  std::map<std::string, std::string> scored;
};

RAILYARD_RECORD(Figure, n, correct, value, low, high)
RAILYARD_RECORD(BreakdownRow, value, split, figure)
RAILYARD_RECORD(Breakdown, by, title, rows)
RAILYARD_RECORD(CalibrationBin, low, high, n, east, confidence, accuracy)
RAILYARD_RECORD(Calibration, ece, bins)
RAILYARD_RECORD(Confounder, attribute, goes_with, agrees, disagrees)
RAILYARD_RECORD(Heldout, combinations, with, without)
RAILYARD_RECORD(Recall, east, west)
RAILYARD_RECORD(Misclassified, index, image, split, label, predicted, probability, description)
RAILYARD_RECORD(DatasetScore, name, folder, samples, accuracy, balanced_accuracy, recall, splits,
                breakdowns, calibration, confounder, heldout, misclassified)
RAILYARD_RECORD(PairSide, image, label, predicted)
RAILYARD_RECORD(PairExample, pair, operation, flipped, base, intervened, record, difference)
RAILYARD_RECORD(PairsScore, pairs, consistency, consistency_flipped, consistency_kept, by_operation,
                base, intervened, examples)
RAILYARD_RECORD(SequencesScore, sequences, sequence_accuracy, balanced_accuracy, splits, by_length,
                predicates)
RAILYARD_RECORD(Correlation, pearson, n)
RAILYARD_RECORD(WorldsScore, file, by_world, similarity_correlation)
RAILYARD_RECORD(PredictionsFile, path, sha256)
RAILYARD_RECORD(TargetInput, path, kind, sha256)
RAILYARD_RECORD(Inputs, predictions, baseline, target)
RAILYARD_RECORD(Coverage, expected, scored, missing, partial)
RAILYARD_RECORD(Plot, file, title)
RAILYARD_RECORD(ScoreReport, railyard_score, confidence, inputs, coverage, datasets, pairs,
                sequences, worlds, variants, curriculum, plots, scored)
void check_record(const RecordPlace& at, const ScoreReport& report);  // version 1

// The bytes of score.json (record_json(report) is its JSON).
std::string score_report_text(const ScoreReport& report);

// Throw DatasetError naming the origin (the file) and the key path of the first fault.
ScoreReport score_report_from_text(std::string_view text, const JsonOrigin& origin);
ScoreReport read_score_report(const std::filesystem::path& file);

}  // namespace railyard::score
