// `railyard worlds` judged by SWI-Prolog, not railyard's engine: every world file loads after
// the background file, each world's east share on fresh trains lies in its interval and the
// band, concepts and worlds label a large train set differently, dropping a literal or a concept
// changes SWI's labels, the similarity matrix is the shared concepts, held-out pairs never meet
// in a training world, and the worlds' suite passes --check and renders labels SWI agrees with,
// one concept per east train in training splits and several in test splits.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "logic/sampler.h"
#include "tests/support/scratch_dir.h"
#include "tools/bench/swipl.h"
#include "tools/lib/records/dataset_folder.h"
#include "tools/lib/worlds/world_files.h"
#include "tools/lib/worlds/worlds_run.h"
#include "util/child_process.h"
#include "util/read_file.h"

namespace railyard {
namespace {

const std::filesystem::path kSource(RAILYARD_SOURCE_DIR);
const std::filesystem::path kBackground = kSource / "logic/rules/background.pl";
const std::filesystem::path kSmall = kSource / "configs/worlds/small.yaml";

class WorldsSwipl : public testing::ScratchDirTest {
 protected:
  void SetUp() override {
    testing::ScratchDirTest::SetUp();
    ASSERT_TRUE(find_swipl()) << "swipl (SWI-Prolog) is needed: install swi-prolog-nox";
  }
  // A rule file of eastbound/1 clauses, one per body.
  std::filesystem::path rule_file(const std::string& name, const std::vector<std::string>& bodies) {
    std::filesystem::path file = dir_ / (name + ".pl");
    std::ofstream out(file);
    for (const std::string& body : bodies) out << "eastbound(T) :- " << body << ".\n";
    return file;
  }
  std::vector<Direction> swipl_labels(const std::filesystem::path& rule,
                                      const std::vector<Train>& trains) {
    return label_with_swipl(kBackground, rule, trains).labels;
  }
};

struct Built {
  WorldsFile file;
  worlds::WorldSet set;
  nlohmann::json json;
};

const Built& small_worlds() {
  static const Built built = [] {
    Built b{load_worlds_file(kSmall), {}, {}};
    b.set = build_worlds_of(b.file);
    b.json = record_json(worlds_index(b.set));
    return b;
  }();
  return built;
}

std::vector<Train> fresh_trains(const worlds::WorldSpec& spec, std::uint64_t seed,
                                std::uint64_t n) {
  TrainSampler sampler(spec.sampler);
  std::vector<Train> trains;
  for (std::uint64_t i = 0; i < n; ++i) trains.push_back(sampler.sample(seed, i));
  return trains;
}

std::size_t east(const std::vector<Direction>& labels) {
  return static_cast<std::size_t>(std::count(labels.begin(), labels.end(), Direction::East));
}

std::vector<std::string> world_bodies(const worlds::WorldSet& set, std::size_t k, int skip = -1) {
  std::vector<std::string> bodies;
  for (int p = set.worlds[k].first; p < set.worlds[k].first + set.spec.window; ++p)
    if (p != skip) bodies.push_back(set.pool[static_cast<std::size_t>(p)].clause.body());
  return bodies;
}

TEST_F(WorldsSwipl, WorldFilesLoadAndTheirSharesHoldOnFreshTrains) {
  const Built& b = small_worlds();
  write_worlds(b.set, b.file, dir_ / "out");
  std::vector<Train> fresh = fresh_trains(b.set.spec, 987654321, 40000);
  for (std::size_t k = 0; k < b.set.worlds.size(); ++k) {
    std::vector<Direction> labels = swipl_labels(dir_ / "out" / world_rule_file(b.set, k), fresh);
    double share = static_cast<double>(east(labels)) / static_cast<double>(fresh.size());
    const worlds::World& w = b.set.worlds[k];
    EXPECT_TRUE(w.interval.contains(share)) << world_id(b.set, k) << " share " << share;
    EXPECT_GE(share, b.set.spec.world_share.low);
    EXPECT_LE(share, b.set.spec.world_share.high);
  }
}

TEST_F(WorldsSwipl, NoTwoConceptsOrWorldsLabelALargeSetAlike) {
  const Built& b = small_worlds();
  std::vector<Train> fresh = fresh_trains(b.set.spec, 123, 20000);
  std::vector<std::vector<Direction>> concepts, worlds;
  for (std::size_t i = 0; i < b.set.pool.size(); ++i)
    concepts.push_back(
        swipl_labels(rule_file("c" + std::to_string(i), {b.set.pool[i].clause.body()}), fresh));
  for (std::size_t k = 0; k < b.set.worlds.size(); ++k)
    worlds.push_back(
        swipl_labels(rule_file("w" + std::to_string(k), world_bodies(b.set, k)), fresh));
  for (const auto* family : {&concepts, &worlds})
    for (std::size_t i = 0; i < family->size(); ++i)
      for (std::size_t j = 0; j < i; ++j) EXPECT_NE((*family)[i], (*family)[j]) << i << " " << j;
}

TEST_F(WorldsSwipl, DroppingALiteralOrAConceptChangesSwiplsLabels) {
  const Built& b = small_worlds();
  std::vector<Train> probe = worlds::probe_trains(b.set.spec);
  for (std::size_t i = 0; i < b.set.pool.size(); ++i) {
    const worlds::Concept& c = b.set.pool[i].clause;
    std::vector<Direction> whole = swipl_labels(rule_file("whole", {c.body()}), probe);
    for (std::size_t l = 0; l < c.literals.size(); ++l)
      EXPECT_NE(swipl_labels(rule_file("part", {c.without(l).body()}), probe), whole)
          << c.body() << " without literal " << l;
  }
  for (std::size_t k = 0; k < b.set.worlds.size(); ++k) {
    std::vector<Direction> whole = swipl_labels(rule_file("world", world_bodies(b.set, k)), probe);
    for (int p = b.set.worlds[k].first; p < b.set.worlds[k].first + b.set.spec.window; ++p)
      EXPECT_NE(swipl_labels(rule_file("less", world_bodies(b.set, k, p)), probe), whole)
          << "world " << k << " without concept " << p;
  }
}

TEST_F(WorldsSwipl, SimilarityIsSharedConceptsAndHeldOutPairsNeverMeetInTraining) {
  const nlohmann::json& json = small_worlds().json;
  const auto& worlds = json["worlds"];
  int window = json["spec"]["window"], stride = json["spec"]["stride"];
  for (std::size_t i = 0; i < worlds.size(); ++i) {
    std::set<std::string> a = worlds[i]["concepts"];
    for (std::size_t j = 0; j < worlds.size(); ++j) {
      std::set<std::string> bset = worlds[j]["concepts"];
      std::vector<std::string> shared;
      std::set_intersection(a.begin(), a.end(), bset.begin(), bset.end(),
                            std::back_inserter(shared));
      EXPECT_EQ(json["similarity"][i][j], shared.size());
      if (j == i + 1) {
        EXPECT_EQ(shared.size(), static_cast<std::size_t>(window - stride));
      }
    }
  }
  ASSERT_FALSE(json["heldout_pairs"].empty());
  for (const auto& pair : json["heldout_pairs"]) {
    bool a_trained = false, b_trained = false, met_in_test = false;
    for (const auto& w : worlds) {
      std::set<std::string> members = w["concepts"];
      bool has_a = members.count(pair[0]), has_b = members.count(pair[1]);
      if (w["split"] == "train") {
        EXPECT_FALSE(has_a && has_b) << pair << " meet in training world " << w["id"];
        a_trained |= has_a;
        b_trained |= has_b;
      }
      met_in_test |= w["split"] == "test" && has_a && has_b;
    }
    EXPECT_TRUE(a_trained && b_trained && met_in_test) << pair;
  }
}

TEST_F(WorldsSwipl, TheWorldsSuiteChecksAndItsLabelsAgreeWithSwipl) {
  const Built& b = small_worlds();
  write_worlds(b.set, b.file, dir_ / "out");
  std::string suite = (dir_ / "out" / "suite.yaml").string();
  ChildResult check =
      run_child(RAILYARD_BINARY, {"suite", suite, "--check", "-o", (dir_ / "checks").string()});
  ASSERT_EQ(check.exit_code, 0) << check.output;
  ChildResult run =
      run_child(RAILYARD_BINARY, {"suite", suite, "-o", (dir_ / "runs").string(), "--scale", "0.2",
                                  "--set", "width=64", "--set", "height=36", "--set",
                                  "outputs.depth_exr=false", "--set", "threads=2"});
  ASSERT_EQ(run.exit_code, 0) << run.output;
  for (std::size_t k = 0; k < b.set.worlds.size(); ++k) {
    std::filesystem::path variant = dir_ / "runs" / b.set.spec.name / world_id(b.set, k);
    ASSERT_TRUE(std::filesystem::is_directory(variant)) << variant;
    // The variant folder holds the dataset folder named by its identity (and its descriptions).
    std::filesystem::path dataset;
    for (const auto& entry : std::filesystem::directory_iterator(variant))
      if (std::filesystem::is_directory(entry.path() / "records")) dataset = entry.path();
    DatasetFolder folder = DatasetFolder::open(dataset);
    std::vector<Train> trains;
    std::vector<Direction> ours;
    for (std::uint64_t i = 0; i < folder.count(); ++i) {
      SampleRecord record = folder.read_record(i);
      trains.push_back(record.train.train);
      ours.push_back(record.train.label);
    }
    ASSERT_EQ(trains.size(), 20u);
    EXPECT_EQ(swipl_labels(dir_ / "out" / world_rule_file(b.set, k), trains), ours);
    // Within the world, GraphLog's unseen compositions: a training east train satisfies one
    // concept, a test east train several (counted by SWI, concept by concept).
    std::vector<int> satisfied(trains.size(), 0);
    for (const std::string& body : world_bodies(b.set, k)) {
      std::vector<Direction> by_concept = swipl_labels(rule_file("concept", {body}), trains);
      for (std::size_t i = 0; i < trains.size(); ++i)
        satisfied[i] += by_concept[i] == Direction::East;
    }
    for (std::uint64_t i = 0; i < folder.count(); ++i) {
      if (ours[i] != Direction::East) continue;
      if (folder.split_of(i) == "train") {
        EXPECT_EQ(satisfied[i], 1) << world_id(b.set, k) << " " << i;
      }
      if (folder.split_of(i) == "test") {
        EXPECT_GE(satisfied[i], 2) << world_id(b.set, k) << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace railyard
