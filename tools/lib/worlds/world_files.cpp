#include "tools/lib/worlds/world_files.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "util/shortest_decimal.h"

namespace railyard {
namespace {

using worlds::WorldRole;
using worlds::WorldSet;

std::string fixed(double x, int digits = 4) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, x);
  return text;
}

// n with leading zeros to the width of `last`: c07 of c75.
std::string padded(std::size_t n, std::size_t last) {
  std::string text = std::to_string(n);
  text.insert(0, std::to_string(last).size() - text.size(), '0');
  return text;
}

std::string concept_id(const WorldSet& set, int position) {
  std::string id = padded(static_cast<std::size_t>(position), set.pool.size() - 1);
  return id.insert(0, 1, 'c');
}

// [low, high] of a band or an interval.
std::array<double, 2> bounds(const auto& band) {
  return {band.low, band.high};
}

ConceptRecord concept_record(const WorldSet& set, int position) {
  const worlds::PoolConcept& c = set.pool[static_cast<std::size_t>(position)];
  int cars = c.clause.cars, literals = static_cast<int>(c.clause.literals.size());
  return ConceptRecord{concept_id(set, position),
                       position,
                       "eastbound(T) :- " + c.clause.body() + ".",
                       cars,
                       c.clause.literals.size(),
                       c.clause.kinds(),
                       c.clause.chain(),
                       cars + literals,
                       c.probe.share(),
                       c.fresh.share(),
                       c.fresh.size(),
                       c.literal_changes};
}

std::vector<int> members(const WorldSet& set, std::size_t k) {
  std::vector<int> out;
  for (int p = set.worlds[k].first; p < set.worlds[k].first + set.spec.window; ++p)
    out.push_back(p);
  return out;
}

WorldRecord world_record(const WorldSet& set, std::size_t k) {
  const worlds::World& w = set.worlds[k];
  std::vector<std::string> concepts;
  int complexity = 0;
  for (int p : members(set, k)) {
    concepts.push_back(concept_id(set, p));
    const auto& clause = set.pool[static_cast<std::size_t>(p)].clause;
    complexity += clause.cars + static_cast<int>(clause.literals.size());
  }
  return WorldRecord{world_id(set, k),
                     k,
                     world_rule_file(set, k),
                     worlds::role_name(w.role),
                     concepts,
                     complexity,
                     w.share,
                     bounds(w.interval),
                     w.east,
                     set.spec.share_trains,
                     w.probe.share(),
                     w.sole};
}

WorldsSpecRecord spec_record(const worlds::WorldSpec& s) {
  WorldSplitSizes split{s.split.train, s.split.val, s.split.test};
  return WorldsSpecRecord{s.name,
                          s.seed,
                          s.pool,
                          s.window,
                          s.stride,
                          s.worlds(),
                          bounds(s.concept_share),
                          bounds(s.world_share),
                          s.confidence,
                          s.probe_trains,
                          s.share_trains,
                          s.min_distance,
                          split};
}

}  // namespace

std::string world_id(const WorldSet& set, std::size_t k) {
  return set.spec.name + "_" + padded(k, set.worlds.size() - 1);
}

std::string world_rule_file(const WorldSet& set, std::size_t k) {
  return "rules/" + world_id(set, k) + ".pl";
}

std::string world_rule_text(const WorldSet& set, std::size_t k, const std::string& spec_name) {
  const worlds::World& w = set.worlds[k];
  std::string text = "% " + world_id(set, k) + ": world " + std::to_string(k) + " of " +
                     std::to_string(set.worlds.size()) + " made by `railyard worlds " + spec_name +
                     "` (seed " + std::to_string(set.spec.seed) + ").\n";
  text += "% Eastbound when any of its " + std::to_string(set.spec.window) +
          " concepts holds, one clause each (pool positions " + std::to_string(w.first) + ".." +
          std::to_string(w.first + set.spec.window - 1) + "). Split: " + worlds::role_name(w.role) +
          ".\n";
  text += "% East share " + fixed(w.share) + ", " + fixed(set.spec.confidence * 100, 1) +
          "% interval [" + fixed(w.interval.low) + ", " + fixed(w.interval.high) + "] on " +
          std::to_string(set.spec.share_trains) + " fresh trains. Load after background.pl.\n";
  for (int p : members(set, k)) {
    const worlds::Concept& c = set.pool[static_cast<std::size_t>(p)].clause;
    text += "\n% " + concept_id(set, p) + ": " + std::to_string(c.cars) + " car" +
            (c.cars > 1 ? "s, " : ", ") + std::to_string(c.literals.size()) + " literal" +
            (c.literals.size() > 1 ? "s" : "") + "\neastbound(T) :-\n";
    std::vector<std::string> goals = c.goals();
    for (std::size_t g = 0; g < goals.size(); ++g)
      text += "    " + goals[g] + (g + 1 < goals.size() ? ",\n" : ".\n");
  }
  return text;
}

WorldsIndex worlds_index(const WorldSet& set) {
  WorldsIndex out;
  out.spec = spec_record(set.spec);
  for (int p = 0; p < static_cast<int>(set.pool.size()); ++p)
    out.concepts.push_back(concept_record(set, p));
  for (std::size_t k = 0; k < set.worlds.size(); ++k) {
    out.worlds.push_back(world_record(set, k));
    worlds::WorldRole role = set.worlds[k].role;
    (role == WorldRole::Train ? out.splits.train
     : role == WorldRole::Val ? out.splits.val
                              : out.splits.test)
        .push_back(world_id(set, k));
    out.similarity.emplace_back();
    out.distance.emplace_back();
    for (std::size_t j = 0; j < set.worlds.size(); ++j) {
      out.similarity.back().push_back(set.shared(k, j));
      out.distance.back().push_back(set.distance(k, j));
    }
  }
  for (const worlds::ConceptPair& pair : set.heldout)
    out.heldout_pairs.push_back({concept_id(set, pair.a), concept_id(set, pair.b)});
  out.candidates = set.candidates;
  for (std::size_t r = 0; r < set.rejections.size(); ++r)
    out.rejections[worlds::rejection_name(static_cast<worlds::Rejection>(r))] = set.rejections[r];
  return out;
}

namespace {

// The worlds in a suite's order: a curriculum takes them in sliding order; a multi-task suite
// groups them by split (train, val, test worlds), each group in sliding order.
std::vector<std::size_t> suite_order(const WorldSet& set, bool curriculum) {
  std::vector<std::size_t> order(set.worlds.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (!curriculum)  // WorldRole's enumerators are in that order
    std::ranges::stable_sort(order, {}, [&](std::size_t k) { return set.worlds[k].role; });
  return order;
}

}  // namespace

std::string world_suite_text(const WorldSet& set, const WorldsFile& file, WorldSuite kind) {
  bool curriculum = kind == WorldSuite::Curriculum;
  std::string name = set.spec.name + (curriculum ? "_curriculum" : "");
  std::string text =
      curriculum ? "# " + set.spec.name +
                       "'s worlds in sliding order, a continual curriculum: neighbouring tasks "
                       "share " +
                       std::to_string(set.spec.window - set.spec.stride) + " of " +
                       std::to_string(set.spec.window) + " concepts.\n"
                 : "# " + set.spec.name +
                       "'s worlds for multi-task and transfer learning, grouped by their "
                       "split: train, val, test worlds.\n";
  text +=
      "# Made by `railyard worlds`; rule paths are relative to this file. Render with\n"
      "#   railyard suite " +
      std::string(curriculum ? "curriculum" : "suite") + ".yaml\n";
  text += "suite: " + name + "\nseed: " + std::to_string(set.spec.seed) + "\n";
  if (curriculum) text += "curriculum: true\n";
  text += "config: " + file.dataset_yaml + "\nvariants:\n";
  std::vector<std::size_t> order = suite_order(set, curriculum);
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::size_t k = order[i];
    std::string keys = "rule: " + world_rule_file(set, k);
    if (curriculum && file.curriculum.fades())
      keys += ", supervision_decay: {gamma: " + shortest_decimal(file.curriculum.gamma) +
              ", beta: " + shortest_decimal(file.curriculum.beta) + ", span: [" +
              shortest_decimal(static_cast<double>(i) / static_cast<double>(order.size())) + ", " +
              shortest_decimal(static_cast<double>(i + 1) / static_cast<double>(order.size())) +
              "]}";
    text += "  - {name: " + world_id(set, k) + ", set: {" + keys + "}}  # " +
            worlds::role_name(set.worlds[k].role) + "\n";
  }
  return text;
}

void write_worlds(const WorldSet& set, const WorldsFile& file,
                  const std::filesystem::path& folder) {
  StagedFolder staged(folder, kWorldsFolder);
  std::string spec_name = file.file.filename().string();
  for (std::size_t k = 0; k < set.worlds.size(); ++k)
    staged.write(world_rule_file(set, k), world_rule_text(set, k, spec_name));
  staged.write("worlds.json", worlds_index_text(worlds_index(set)));
  staged.write("suite.yaml", world_suite_text(set, file, WorldSuite::MultiTask));
  staged.write("curriculum.yaml", world_suite_text(set, file, WorldSuite::Curriculum));
  staged.commit();
}

}  // namespace railyard
