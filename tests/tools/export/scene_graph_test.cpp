// Scene graphs: every node's label, boxes, area, world centre and mask reference are the input
// annotation's; nodes and edges follow the train; networkx loads the file as a user would.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "logic/vocabulary.h"
#include "tests/support/scratch_dir.h"
#include "tests/tools/export/export_test_support.h"
#include "tools/lib/export/exporter.h"

namespace railyard::exports {
namespace {

using namespace exports::testing;
using Json = nlohmann::json;
namespace fs = std::filesystem;

// Parts as a rendered Trains scene has them, every number distinct so that a mix-up shows.
std::vector<PartRecord> annotated_parts(const Train& train, std::uint64_t index) {
  std::vector<PartRecord> parts;
  auto add = [&](PartKind kind, int car, int payload, std::string label) {
    PartRecord p;
    p.kind = kind;
    p.car = car;
    p.payload = payload;
    p.label = std::move(label);
    int n = static_cast<int>(parts.size()) + 1;
    p.id = static_cast<std::uint32_t>(n);
    p.region.visible_box = {10 * n, 5 * n, n + 3, n + 1};
    p.region.full_box = {10 * n - 1, 5 * n - 2, n + 6, n + 5};
    p.region.area = 100 * index + static_cast<std::uint64_t>(n);
    p.centre = {0.1f * static_cast<float>(n), -0.25f, 1.0f / static_cast<float>(n)};
    parts.push_back(p);
  };
  add(PartKind::Locomotive, 0, -1, "locomotive");
  add(PartKind::Rail, 0, -1, "rail");
  for (const Car& car : train.cars) {
    if (car.position != 2 || index % 7 != 0)  // some cars' bodies are not annotated
      add(PartKind::Body, car.position, -1, std::string(name(Vocabulary::Trains, car.shape)));
    add(PartKind::Wall, car.position, -1, std::string(name(Vocabulary::Trains, car.wall)));
    if (car.roof != Roof::None)
      add(PartKind::Roof, car.position, -1, std::string(name(Vocabulary::Trains, car.roof)));
    add(PartKind::Wheels, car.position, -1, std::to_string(car.axles) + "_wheels");
    for (int k = 0; k < car.load_count; ++k)
      add(PartKind::Payload, car.position, k,
          std::string(name(Vocabulary::Trains, car.load_shape)));
  }
  if (index % 3 == 0) std::reverse(parts.begin(), parts.end());  // order must not matter
  return parts;
}

std::vector<Example> graph_examples() {
  std::vector<Example> examples = sampled_examples(false, 2, 4, 150, 31, 0);
  std::vector<Example> long_trains = sampled_examples(true, 5, 9, 50, 32, 150);
  examples.insert(examples.end(), long_trains.begin(), long_trains.end());
  for (Example& example : examples) {
    example.train.label = example.index % 2 ? Direction::East : Direction::West;
    example.parts = annotated_parts(example.train.train, example.index);
  }
  examples[3].image = "odd \"name\"\\.png";  // escaped in JSON
  return examples;
}

std::string node_id(const std::string& train, const PartRecord& part) {
  std::string car = train + "_c" + std::to_string(part.car);
  switch (part.kind) {
    case PartKind::Locomotive: return train + "_loco";
    case PartKind::Body: return car;
    case PartKind::Wall: return car + "_wall";
    case PartKind::Roof: return car + "_roof";
    case PartKind::Wheels: return car + "_wheels";
    case PartKind::Payload: return car + "_l" + std::to_string(part.payload + 1);
    case PartKind::Rail: break;
  }
  return "";
}

using Edge = std::tuple<std::string, std::string, std::string>;

// The edges the train and its annotated parts call for.
std::set<Edge> expected_edges(const Example& example) {
  std::string t = example_id(example);
  std::set<Edge> edges;
  const auto& cars = example.train.train.cars;
  for (std::size_t k = 0; k < cars.size(); ++k) {
    std::string car = t + "_c" + std::to_string(k + 1);
    edges.insert({t, car, "has_car"});
    if (k > 0) edges.insert({t + "_c" + std::to_string(k), car, "infront"});
  }
  static const std::map<PartKind, std::string> kEdge = {{PartKind::Locomotive, "has_locomotive"},
                                                        {PartKind::Wall, "has_wall"},
                                                        {PartKind::Roof, "has_roof"},
                                                        {PartKind::Wheels, "has_wheels"},
                                                        {PartKind::Payload, "has_load"}};
  for (const PartRecord& part : example.parts) {
    auto it = kEdge.find(part.kind);
    if (it == kEdge.end()) continue;
    std::string owner = part.kind == PartKind::Locomotive ? t : t + "_c" + std::to_string(part.car);
    edges.insert({owner, node_id(t, part), it->second});
  }
  return edges;
}

std::vector<Json> read_graphs(const fs::path& file) {
  std::vector<Json> graphs;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) graphs.push_back(Json::parse(line));
  return graphs;
}

class SceneGraphs : public railyard::testing::ScratchDirTest {
 protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    examples_ = graph_examples();
    write_export({ExportTarget::SceneGraphs, {}, {}}, examples_, dir_ / "graphs");
  }

  // The examples of one split, in input order.
  std::vector<const Example*> split(const std::string& name) const {
    std::vector<const Example*> out;
    for (const Example& e : examples_)
      if (e.split == name) out.push_back(&e);
    return out;
  }

  std::vector<Example> examples_;
};

TEST_F(SceneGraphs, NodesCarryTheirAnnotations) {
  for (std::string split_name : {"train", "test"}) {
    std::vector<Json> graphs = read_graphs(dir_ / "graphs" / split_name / "scene_graphs.jsonl");
    std::vector<const Example*> examples = split(split_name);
    ASSERT_EQ(graphs.size(), examples.size());
    for (std::size_t g = 0; g < graphs.size(); ++g) {
      const Example& example = *examples[g];
      const Json& graph = graphs[g];
      std::string t = example_id(example);
      EXPECT_EQ(graph["graph"]["id"], t);
      EXPECT_EQ(graph["graph"]["image"], example.image);
      EXPECT_EQ(graph["graph"]["label"], std::string(name(example.train.label)));
      std::map<std::string, Json> nodes;
      std::set<std::string> keys;
      for (const Json& node : graph["nodes"]) {
        nodes[node["id"]] = node;
        std::string node_keys;
        for (const auto& item : node.items()) node_keys += item.key() + ",";
        keys.insert(node_keys);
      }
      EXPECT_EQ(keys.size(), 1u) << t << ": nodes with different keys";
      for (const PartRecord& part : example.parts) {
        if (part.kind == PartKind::Rail) continue;
        std::string id = node_id(t, part);
        ASSERT_TRUE(nodes.count(id)) << id;
        const Json& node = nodes[id];
        EXPECT_EQ(node["label"], part.label) << id;
        EXPECT_EQ(node["part_id"], part.id) << id;
        EXPECT_EQ(node["image"], example.image) << id;
        EXPECT_EQ(node["box"].get<std::vector<int>>(),
                  (std::vector<int>{part.region.visible_box.x, part.region.visible_box.y,
                                    part.region.visible_box.width, part.region.visible_box.height}))
            << id;
        EXPECT_EQ(node["amodal_box"].get<std::vector<int>>(),
                  (std::vector<int>{part.region.full_box.x, part.region.full_box.y,
                                    part.region.full_box.width, part.region.full_box.height}))
            << id;
        EXPECT_EQ(node["area"], part.region.area) << id;
        for (int i = 0; i < 3; ++i) EXPECT_EQ(node["world"][i].get<float>(), part.centre[i]) << id;
      }
      std::size_t non_car_parts = 0;
      for (const PartRecord& part : example.parts)
        non_car_parts += part.kind != PartKind::Rail && part.kind != PartKind::Body;
      EXPECT_EQ(nodes.size(), 1 + example.train.train.cars.size() + non_car_parts) << t;
      for (const Car& car : example.train.train.cars) {
        const Json& node = nodes[t + "_c" + std::to_string(car.position)];
        EXPECT_EQ(node["kind"], "car");
        EXPECT_EQ(node["car"], car.position);
        EXPECT_EQ(node["attributes"]["color"], std::string(name(Vocabulary::Trains, car.shape)));
        EXPECT_EQ(node["attributes"]["load_count"], car.load_count);
        EXPECT_EQ(node["attributes"]["wheels"], car.axles);
        EXPECT_EQ(node["label"], std::string(name(Vocabulary::Trains, car.shape)));
      }
    }
  }
}

TEST_F(SceneGraphs, EdgesFollowTheTrain) {
  std::vector<Json> graphs = read_graphs(dir_ / "graphs" / "train" / "scene_graphs.jsonl");
  std::vector<const Example*> examples = split("train");
  ASSERT_EQ(graphs.size(), examples.size());
  for (std::size_t g = 0; g < graphs.size(); ++g) {
    std::set<Edge> edges;
    for (const Json& e : graphs[g]["edges"])
      edges.insert({e["source"].get<std::string>(), e["target"].get<std::string>(),
                    e["type"].get<std::string>()});
    EXPECT_EQ(edges.size(), graphs[g]["edges"].size()) << "repeated edges";
    EXPECT_EQ(edges, expected_edges(*examples[g])) << example_id(*examples[g]);
    EXPECT_EQ(graphs[g]["links"], graphs[g]["edges"]);
  }
}

TEST_F(SceneGraphs, NetworkxLoadsThem) {
  const fs::path python = "/usr/bin/python3";
  if (!fs::exists(python) || run_child(python.string(), {"-c", "import networkx"}).exit_code != 0)
    GTEST_SKIP() << "/usr/bin/python3 with networkx (Debian python3-networkx) is not installed";
  std::ofstream expected(dir_ / "expected.jsonl");
  for (const Example* example : split("train")) {
    std::set<Edge> edges = expected_edges(*example);
    std::map<std::string, int> types;
    for (const Edge& e : edges) ++types[std::get<2>(e)];
    std::size_t nodes = 1 + example->train.train.cars.size();
    for (const PartRecord& part : example->parts)
      nodes += part.kind != PartKind::Rail && part.kind != PartKind::Body;
    expected << Json{{"id", example_id(*example)},
                     {"nodes", nodes},
                     {"edges", edges.size()},
                     {"types", types}}
                    .dump()
             << "\n";
  }
  expected.close();
  ChildResult run =
      run_child(python.string(), {(kChecks / "check_scene_graphs.py").string(),
                                  (dir_ / "graphs" / "train" / "scene_graphs.jsonl").string(),
                                  (dir_ / "expected.jsonl").string()});
  EXPECT_EQ(run.exit_code, 0) << run.output;
}

TEST_F(SceneGraphs, PartsTheTrainLacksAreRefused) {
  auto refused = [&](PartRecord part, const std::string& message) {
    std::vector<Example> one = {examples_[1]};
    one[0].parts.push_back(std::move(part));
    try {
      write_export({ExportTarget::SceneGraphs, {}, {}}, one, dir_ / "graphs");
      ADD_FAILURE() << "accepted: " << message;
    } catch (const ExportError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("example t1"), std::string::npos) << e.what();
    }
  };
  int cars = static_cast<int>(examples_[1].train.train.cars.size());
  refused({99, PartKind::Wall, cars + 1, -1, "solid_wall", {}, {}}, "names a car");
  refused({99, PartKind::Payload, 1, 3, "box", {}, {}}, "is not a load");
  refused({99, PartKind::Wheels, 1, -1, "2_wheels", {}, {}}, "same object");
  // The export that was there is untouched.
  EXPECT_EQ(read_graphs(dir_ / "graphs" / "train" / "scene_graphs.jsonl").size(),
            split("train").size());
}

}  // namespace
}  // namespace railyard::exports
