#include "tools/lib/export/logic_split.h"

#include "tools/lib/export/perception_noise.h"

namespace railyard::exports {

LogicSplit build_logic_split(const ExportOptions& options, std::span<const Example* const> examples,
                             bool object_types) {
  LogicSplit split(options.vocabulary, object_types);
  bool noisy = options.noise.rate > 0.0;
  Train seen;
  for (const Example* example : examples) {
    std::string id = example_id(*example);
    seen = example->train.train;
    if (noisy) {
      std::vector<AttributeChange> changes =
          apply_perception_noise(seen, options.noise, example->index, id);
      split.changed_attributes += changes.size();
      append_noise_record(split.noise_records, id, example->index, changes);
    }
    split.facts.add(id, seen);
    (example->train.label == Direction::East ? split.positives : split.negatives)
        .push_back(std::move(id));
  }
  return split;
}

}  // namespace railyard::exports
