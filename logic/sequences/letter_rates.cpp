#include "logic/sequences/letter_rates.h"

#include <cstdio>

#include "util/random.h"

namespace railyard {
namespace {

// Keeps the measuring draws apart from the trains of any dataset with the same seed.
constexpr std::uint64_t kRateDomain = 0x5241544553ULL;  // "RATES"

}  // namespace

std::vector<double> LetterRates::rates() const {
  std::vector<double> rates(counts.size(), 0.0);
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (trains) rates[i] = static_cast<double>(counts[i]) / static_cast<double>(trains);
  return rates;
}

std::string LetterRates::describe(const std::vector<std::string>& names) const {
  std::string text;
  std::vector<double> r = rates();
  for (std::uint32_t letter = 0; letter < r.size(); ++letter) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.4f", r[letter]);
    text += (letter ? "; " : "") + letter_text(names, letter) + ": " + rate;
  }
  return text;
}

LetterRates measure_letter_rates(const TrainSampler& sampler, StepPredicates& predicates,
                                 std::uint64_t seed, std::uint64_t trains) {
  LetterRates rates;
  rates.counts.assign(predicates.letter_count(), 0);
  std::uint64_t stream_seed = mix64(seed ^ kRateDomain);
  AttemptTally tally;
  // A train the filters refuse is drawn again (attempt + 1): rates under the filtered distribution.
  for (std::uint64_t i = 0; i < trains; ++i) {
    for (std::uint64_t attempt = 0; attempt < 1000; ++attempt) {
      Train train = sampler.sample(stream_seed, i, attempt);
      if (!admits(sampler.config().filters, train, tally)) continue;
      ++rates.counts[predicates.letter(train)];
      ++rates.trains;
      break;
    }
  }
  return rates;
}

}  // namespace railyard
