// The flags of a dataset card (--license, --url), stated once for `railyard pack --card` and
// `railyard card`.
#pragma once

#include <CLI/CLI.hpp>

#include "tools/lib/card/card_facts.h"

namespace railyard {

void add_card_flags(CLI::App& command, CardOptions& options);

}  // namespace railyard
