// The galleries: misclassified samples (thumbnail, the record's part masks on hover or with the
// page's toggle, description, true and predicted label, probability) and inconsistent pairs
// (base and intervened side by side with their difference mask). Pictures come from the target
// folder, made small and inlined; a sample whose files cannot be read gets a card saying so, so
// one damaged file never costs the whole report.
#pragma once

#include <cstddef>
#include <string>

#include "tools/lib/records/formats/score_report.h"

namespace railyard::score {

struct GalleryLimits {
  std::size_t samples = 50;  // cards per dataset (score.json lists 50 by default)
  std::size_t pairs = 24;
  int thumbnail_width = 240;  // pixels
};

// Dataset k's misclassified samples; "" when none.
std::string misclassified_gallery(const ScoreReport& score, std::size_t k,
                                  const GalleryLimits& limits = {});

// The pairs' examples read from the pairs folder `inputs.target.path`; "" when none.
std::string pairs_gallery(const ScoreReport& score, const GalleryLimits& limits = {});

// The colour key of the mask overlay.
std::string mask_legend();

}  // namespace railyard::score
