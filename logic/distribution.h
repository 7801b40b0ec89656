// The two car distributions of the reference, as conditional probability tables. A car is drawn
// descriptor by descriptor in the order of kDrawOrder; each conditional may look at the
// descriptors drawn before it.
#pragma once

#include <array>
#include <string_view>

#include "logic/train.h"
#include "logic/vocabulary.h"
#include "util/enum_names.h"

namespace railyard {

enum class Distribution { Michalski, Random };
// The reference's names, then the config's short ones.
inline constexpr auto kDistributionNames =
    enum_names<Distribution>({{Distribution::Michalski, "MichalskiTrains"},
                              {Distribution::Random, "RandomTrains"},
                              {Distribution::Michalski, "michalski"},
                              {Distribution::Random, "random"}});

// "MichalskiTrains", "RandomTrains".
inline std::string_view distribution_name(Distribution d) {
  return kDistributionNames.name(d);
}

inline constexpr std::array kDrawOrder = {
    Descriptor::Length, Descriptor::Shape,     Descriptor::Wall,     Descriptor::Roof,
    Descriptor::Axles,  Descriptor::LoadCount, Descriptor::LoadShape};

// P(d = value | the descriptors of `context` that precede d in kDrawOrder). The load shape of a
// car without loads is not drawn: its conditional is 1 for Rectangle, the placeholder value.
double conditional_probability(Distribution dist, Descriptor d, const Car& context, int value);

}  // namespace railyard
