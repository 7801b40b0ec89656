// What a dataset publishes of the true labels. Label noise: a fraction of samples publish the
// opposite label, recorded next to the true one. Supervision: a fraction of samples have their
// label given; the others are withheld for semi-supervised learning. V-LoL's files know only
// east/west, so a withheld sample still shows its published label there; it is marked
// "labelled": false in its record and all_scenes entry and listed in splits/unlabelled.txt
// (the given ones in splits/labelled.txt), and the true label stays in the record. Whether index
// i is flipped or withheld depends only on (seed, i), each from a stream of its own.
//
// Fading supervision (KANDY's curricula): with a decay, sample i of n sits at curriculum position
// t = t0 + (t1 - t0) * i / (n - 1) of its span [t0, t1] (t0 for a single sample) and its label is
// given with probability f(t) = gamma * exp(-sigma * t), sigma = log(gamma / beta): gamma at
// t = 0, beta at t = 1. A curriculum of K datasets gives dataset k the span [k/K, (k+1)/K], so
// together they walk one curve. The draw is label_given's, at that probability.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "logic/train.h"

namespace railyard {

bool label_flipped(std::uint64_t seed, std::uint64_t index, double noise);
Direction published_label(Direction true_label, std::uint64_t seed, std::uint64_t index,
                          double noise);
// Whether sample i's label is given, with probability `supervision` (always when it is 1).
bool label_given(std::uint64_t seed, std::uint64_t index, double supervision);

// supervision_decay: {gamma, beta, span: [t0, t1]}.
struct SupervisionDecay {
  double gamma = 1.0;                    // f(0), in (0, 1]
  double beta = 1.0;                     // f(1), in (0, gamma]
  std::array<double, 2> span{0.0, 1.0};  // the positions the dataset's first and last samples take

  // f(t) = gamma * exp(-log(gamma / beta) * t).
  double probability(double t) const;
  // The curve's mean over the span: the share of labels a large dataset gives.
  double mean() const;
  // Where the index-th of `positions` units sits on the curve.
  double position(std::uint64_t index, std::uint64_t positions) const;

  bool operator==(const SupervisionDecay&) const = default;
};

// How a dataset gives labels: a constant share, or a decay along its units (samples, or
// sequences in a sequence set) of which there are `positions`.
struct Supervision {
  double share = 1.0;
  std::optional<SupervisionDecay> decay;
  std::uint64_t positions = 1;

  // The probability that unit `index`'s label is given.
  double probability(std::uint64_t index) const {
    return decay ? decay->probability(decay->position(index, positions)) : share;
  }
  // Whether it is (label_given at that probability; exactly the constant share's draw without a
  // decay).
  bool given(std::uint64_t seed, std::uint64_t index) const {
    return label_given(seed, index, probability(index));
  }
  bool partial() const { return decay || share < 1.0; }
};

}  // namespace railyard
