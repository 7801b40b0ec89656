// worlds.json, the index of the folder `railyard worlds` writes, as one typed value: the spec,
// the pool's concepts (clause, complexity, shares), the worlds (concepts, rule file, split, share
// and interval), the similarity (shared concepts) and semantic distance matrices, the held-out
// concept pairs and the checks' rejection counts. read_worlds_index refuses a file that is not
// one, naming the file and the key path of the first fault.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tools/lib/records/formats/record_members.h"

namespace railyard {

struct WorldSplitSizes {
  int train = 0, val = 0, test = 0;
};
struct WorldsSpecRecord {
  std::string name;
  std::uint64_t seed = 0;
  int pool = 0, window = 0, stride = 0, worlds = 0;
  std::array<double, 2> concept_share{}, world_share{};
  double confidence = 0.0;
  std::uint64_t probe_trains = 0, share_trains = 0;
  double min_distance = 0.0;
  WorldSplitSizes split;
};
struct ConceptRecord {
  std::string id;
  int position = 0;
  std::string clause;
  int cars = 0;
  std::uint64_t literals = 0;
  std::vector<std::string> kinds;
  int chain = 0, complexity = 0;
  double probe_share = 0.0, share = 0.0;
  std::uint64_t share_trains = 0;
  std::vector<std::uint64_t> literal_changes;
};
struct WorldRecord {
  std::string id;
  std::uint64_t index = 0;
  std::string file, split;  // file: rules/<id>.pl
  std::vector<std::string> concepts;
  int complexity = 0;
  double share = 0.0;
  std::array<double, 2> interval{};
  std::uint64_t east = 0, share_trains = 0;
  double probe_share = 0.0;
  std::vector<std::uint64_t> sole;
};
struct WorldSplitIds {
  std::vector<std::string> train, val, test;
};
struct WorldsIndex {
  WorldsSpecRecord spec;
  std::vector<ConceptRecord> concepts;
  std::vector<WorldRecord> worlds;
  WorldSplitIds splits;
  std::vector<std::vector<int>> similarity;  // worlds x worlds
  std::vector<std::vector<double>> distance;
  std::vector<std::array<std::string, 2>> heldout_pairs;
  std::uint64_t candidates = 0;
  std::map<std::string, std::uint64_t> rejections;
};

RAILYARD_RECORD(WorldSplitSizes, train, val, test)
RAILYARD_RECORD(WorldsSpecRecord, name, seed, pool, window, stride, worlds, concept_share,
                world_share, confidence, probe_trains, share_trains, min_distance, split)
RAILYARD_RECORD(ConceptRecord, id, position, clause, cars, literals, kinds, chain, complexity,
                probe_share, share, share_trains, literal_changes)
RAILYARD_RECORD(WorldRecord, id, index, file, split, concepts, complexity, share, interval, east,
                share_trains, probe_share, sole)
RAILYARD_RECORD(WorldSplitIds, train, val, test)
RAILYARD_RECORD(WorldsIndex, spec, concepts, worlds, splits, similarity, distance, heldout_pairs,
                candidates, rejections)
// Beyond keys and types: plain world ids with their rule files, concepts of the pool, square
// matrices.
void check_record(const RecordPlace& at, const WorldsIndex& index);

// The bytes of worlds.json (record_json(index) is its JSON).
std::string worlds_index_text(const WorldsIndex& index);

// Besides the keys and types: each world's file is rules/<id>.pl (a plain id: it stays in the
// folder), its concepts are the pool's, and the matrices are worlds x worlds. Throws DatasetError
// naming the file and the key (IoError when it cannot be read).
WorldsIndex read_worlds_index(const std::filesystem::path& file);

}  // namespace railyard
