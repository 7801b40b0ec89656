// One split of a Popper or Aleph export: the background facts of its trains, after perception
// noise, and its examples by published label.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "tools/lib/export/background_facts.h"
#include "tools/lib/export/example.h"
#include "tools/lib/export/export_options.h"

namespace railyard::exports {

struct LogicSplit {
  explicit LogicSplit(LogicVocabulary vocabulary, bool object_types)
      : facts(vocabulary, object_types) {}

  BackgroundFacts facts;
  std::vector<std::string> positives;  // ids of eastbound examples, in input order
  std::vector<std::string> negatives;  // ids of westbound examples
  std::string noise_records;           // noise.jsonl; empty when the rate is 0
  std::size_t changed_attributes = 0;
};

// object_types: collect Aleph's type facts as well.
LogicSplit build_logic_split(const ExportOptions& options, std::span<const Example* const> examples,
                             bool object_types);

}  // namespace railyard::exports
