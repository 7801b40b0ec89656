// Calibration of the probability of east: a reliability table of 10 equal bins of p(east), each
// with its mean probability ("confidence") and the share of east trains in it ("accuracy": what
// a calibrated p(east) equals), and the expected calibration error
// ECE = sum over bins of n_b / N * |confidence_b - accuracy_b|, with a percentile bootstrap
// interval (fixed seed: the same file gives the same interval).
#pragma once

#include <vector>

#include "tools/lib/score/figure.h"

namespace railyard::score {

struct Forecast {
  float probability = 0.0f;  // of east
  bool east = false;         // the truth
};

inline constexpr int kCalibrationBins = 10;
inline constexpr int kBootstrapResamples = 200;

std::vector<CalibrationBin> reliability_bins(const std::vector<Forecast>& forecasts);
double expected_calibration_error(const std::vector<CalibrationBin>& bins);

// The bins and the ECE (a Figure without "correct"); `confidence`: the interval's level.
Calibration calibration_of(const std::vector<Forecast>& forecasts, double confidence);

}  // namespace railyard::score
