#include "tools/lib/export/example.h"

namespace railyard::exports {

std::string example_id(const Example& example) {
  if (!example.id.empty()) return example.id;
  std::string id = "t";  // not "t" + ...: GCC 12 warns falsely (-Wrestrict) on that form
  id += std::to_string(example.index);
  return id;
}

}  // namespace railyard::exports
