#include "tools/lib/score/calibration.h"

#include <algorithm>
#include <cmath>

#include "util/random.h"

namespace railyard::score {

namespace {

int bin_of(float probability) {
  return std::min(kCalibrationBins - 1, static_cast<int>(probability * kCalibrationBins));
}

// Sums per bin, from which a resample's ECE is quick.
struct BinSums {
  std::uint64_t n = 0, east = 0;
  double probability = 0.0;
};

double ece_of(const std::vector<BinSums>& sums, std::uint64_t total) {
  double ece = 0.0;
  for (const BinSums& s : sums)
    if (s.n)
      ece += std::fabs(s.probability - static_cast<double>(s.east)) / static_cast<double>(total);
  return ece;
}

}  // namespace

std::vector<CalibrationBin> reliability_bins(const std::vector<Forecast>& forecasts) {
  std::vector<CalibrationBin> bins(kCalibrationBins);
  std::vector<double> sums(kCalibrationBins, 0.0);
  for (int b = 0; b < kCalibrationBins; ++b)
    bins[b].low = static_cast<double>(b) / kCalibrationBins,
    bins[b].high = static_cast<double>(b + 1) / kCalibrationBins;
  for (const Forecast& f : forecasts) {
    CalibrationBin& bin = bins[bin_of(f.probability)];
    ++bin.n;
    bin.east += f.east ? 1 : 0;
    sums[bin_of(f.probability)] += f.probability;
  }
  for (int b = 0; b < kCalibrationBins; ++b)
    if (bins[b].n) {
      double n = static_cast<double>(bins[b].n);
      bins[b].confidence = sums[b] / n;
      bins[b].accuracy = static_cast<double>(bins[b].east) / n;
    }
  return bins;
}

double expected_calibration_error(const std::vector<CalibrationBin>& bins) {
  std::uint64_t total = 0;
  for (const CalibrationBin& b : bins) total += b.n;
  double ece = 0.0;
  for (const CalibrationBin& b : bins)
    if (b.n)
      ece += static_cast<double>(b.n) / static_cast<double>(total) *
             std::fabs(b.confidence - b.accuracy);
  return ece;
}

Calibration calibration_of(const std::vector<Forecast>& forecasts, double confidence) {
  Calibration out{{forecasts.size(), std::nullopt, 0.0, 0.0, 0.0}, reliability_bins(forecasts)};
  Figure& ece = out.ece;
  ece.value = expected_calibration_error(out.bins);
  // Percentile bootstrap: resamples of the forecasts with replacement.
  std::vector<double> resampled;
  RandomStream random(0x5c0e, forecasts.size());
  for (int r = 0; r < kBootstrapResamples && !forecasts.empty(); ++r) {
    std::vector<BinSums> sums(kCalibrationBins);
    for (std::size_t k = 0; k < forecasts.size(); ++k) {
      const Forecast& f = forecasts[static_cast<std::size_t>(
          random.uniform_int(0, static_cast<std::int64_t>(forecasts.size()) - 1))];
      BinSums& s = sums[bin_of(f.probability)];
      ++s.n;
      s.east += f.east ? 1 : 0;
      s.probability += f.probability;
    }
    resampled.push_back(ece_of(sums, forecasts.size()));
  }
  if (!resampled.empty()) {
    std::sort(resampled.begin(), resampled.end());
    auto at = [&](double q) {
      std::size_t k =
          static_cast<std::size_t>(std::floor(q * static_cast<double>(resampled.size() - 1) + 0.5));
      return resampled[std::min(k, resampled.size() - 1)];
    };
    ece.low = std::min(ece.value, at((1.0 - confidence) / 2));
    ece.high = std::max(ece.value, at(1.0 - (1.0 - confidence) / 2));
  }
  return out;
}

}  // namespace railyard::score
