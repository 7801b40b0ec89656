// The card's picture: the label balance, the train lengths and each descriptor's values as bar
// charts of counts, drawn on util's Image with its text painter (no plotting library).
#pragma once

#include "tools/lib/card/card_facts.h"
#include "util/image.h"

namespace railyard {

Image<Rgb8> card_picture(const CardFacts& facts);

}  // namespace railyard
