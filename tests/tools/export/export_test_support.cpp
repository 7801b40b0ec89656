#include "tests/tools/export/export_test_support.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "logic/rule.h"
#include "logic/sampler.h"

namespace railyard::exports::testing {

std::vector<Example> sampled_examples(bool random_distribution, int min_cars, int max_cars,
                                      int count, std::uint64_t seed, std::uint64_t first_index) {
  SamplerConfig config;
  config.distribution = random_distribution ? Distribution::Random : Distribution::Michalski;
  config.min_cars = min_cars;
  config.max_cars = max_cars;
  TrainSampler sampler(config);
  std::vector<Example> examples(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    Example& example = examples[static_cast<std::size_t>(k)];
    example.index = first_index + static_cast<std::uint64_t>(k);
    example.train.train = sampler.sample(seed, example.index);
    example.split = example.index % 5 == 4 ? "test" : "train";
    example.image = std::to_string(example.index) + "_m_train.png";
  }
  return examples;
}

std::vector<Example> comparison_examples() {
  std::vector<Example> all;
  auto add = [&](bool random, int min_cars, int max_cars, int count, std::uint64_t seed) {
    std::vector<Example> more =
        sampled_examples(random, min_cars, max_cars, count, seed, all.size());
    all.insert(all.end(), more.begin(), more.end());
  };
  add(false, 2, 4, 2000, 21);
  add(true, 2, 4, 1000, 22);
  add(false, 5, 12, 500, 23);
  add(true, 5, 12, 500, 24);
  return all;
}

void label_with_rule(std::vector<Example>& examples, const std::string& rule) {
  Rule engine = Rule::load(kRules / (rule + ".pl"), kRules / "background.pl");
  for (Example& example : examples) example.train.label = engine.label(example.train.train);
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::pair<std::string, std::string>> folder_contents(const std::filesystem::path& dir) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file())
      files.emplace_back(std::filesystem::relative(entry.path(), dir).string(),
                         read_text(entry.path()));
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace railyard::exports::testing
