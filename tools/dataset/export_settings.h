// The `exports:` key of a dataset config: the exports for symbolic and graph learners written
// into the dataset folder once it is finished (tools/export/dataset_export.h), e.g.
//   exports: [{target: popper}, {target: aleph, vocabulary: michalski, noise: 0.05, seed: 7},
//             {target: scene_graphs}]
#pragma once

#include "util/settings_schema.h"

namespace railyard {

struct DatasetConfig;

Setting<DatasetConfig> exports_setting();

}  // namespace railyard
