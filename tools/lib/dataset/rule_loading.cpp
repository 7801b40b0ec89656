#include "tools/lib/dataset/rule_loading.h"

#include <thread>

#include "tools/lib/dataset/inputs.h"

namespace railyard {

unsigned default_threads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

LoadedRule load_rule(const std::string& name_or_path, unsigned threads) {
  LoadedRule loaded;
  const std::filesystem::path data = data_root();
  loaded.path = resolve_rule(name_or_path, rules_dir(data));
  loaded.name = loaded.path.stem().string();
  if (threads == 0) threads = default_threads();
  loaded.per_thread.push_back(Rule::load(loaded.path, background_file(data)));
  while (loaded.per_thread.size() < threads)
    loaded.per_thread.push_back(loaded.per_thread.front().clone());
  return loaded;
}

}  // namespace railyard
