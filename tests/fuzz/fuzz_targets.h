// Fuzz targets: each takes arbitrary bytes, feeds them to one component the way a user's file
// would be, and returns 0. Hostile input must end in the component's own error, never a crash,
// a hang, a leak or unbounded memory.
//
// Each target's body is a plain function in its own fuzz_<name>.cpp, linked twice: into a
// libFuzzer binary fuzz_<name> (built by tools/fuzz.sh with clang, ASan and UBSan) and into the
// fuzz_regressions test of the normal build, which replays every file committed under
// tests/fuzz/regressions/<name>/. To add a target: write fuzz_<name>.cpp, declare it here and in
// kFuzzTargets, add <name> to the list in tests/fuzz/CMakeLists.txt, commit at least one input
// under regressions/<name>/, and give tools/fuzz.sh its seed files.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace railyard {

using FuzzTarget = int (*)(const std::uint8_t* data, std::size_t size);

// The Prolog reader: every clause of the text, each written back with writeq.
int fuzz_reader(const std::uint8_t* data, std::size_t size);
// A rule file: consulted after background.pl, then a few fixed trains labelled with it, under
// small limits.
int fuzz_rule(const std::uint8_t* data, std::size_t size);
// A dataset config file, through the schema to the effective config.
int fuzz_config(const std::uint8_t* data, std::size_t size);
// A scene file (scenes/*.yaml).
int fuzz_scene(const std::uint8_t* data, std::size_t size);
// An asset manifest (assets/manifest.yaml), without loading the meshes it names.
int fuzz_manifest(const std::uint8_t* data, std::size_t size);
// Train description lines; each line that parses must read back the same after formatting.
int fuzz_description(const std::uint8_t* data, std::size_t size);
// Intervention operations ("swap_loads(1,3); set(2, roof=none)"): the canonical form of what
// parses reads back the same, applying it to a few fixed trains leaves whole trains (or a
// refusal) alike through apply_sequence and try_apply, and every message is printable ASCII.
int fuzz_operations(const std::uint8_t* data, std::size_t size);

// An LTLf formula (a sequence: section's formula), then traces: the canonical text reads back
// the same, and the automaton agrees with LTLf's definition on every trace given.
int fuzz_formula(const std::uint8_t* data, std::size_t size);

// A suite file (configs/suites/*.yaml): every variant's config built, at scale 1 and 0.01.
int fuzz_suite(const std::uint8_t* data, std::size_t size);

// A worlds spec (configs/worlds/*.yaml), then concepts drawn from its grammar.
int fuzz_worlds(const std::uint8_t* data, std::size_t size);

// A predictions file of `railyard score`, as JSON Lines and as CSV, matched to small targets.
int fuzz_predictions(const std::uint8_t* data, std::size_t size);

// A tar shard (`railyard pack`) read member by member as verify reads it: each JSON member as a
// sample record (bounded), every other member hashed, then the whole file's digest.
int fuzz_shard(const std::uint8_t* data, std::size_t size);

// For loaders that read a file, as the command does: the input written to one file per process
// and kind (`name`, e.g. "config.yaml"), rewritten for each input.
inline std::filesystem::path fuzz_input_file(const char* name, const std::uint8_t* data,
                                             std::size_t size) {
  std::filesystem::path file = std::filesystem::temp_directory_path() /
                               ("railyard_fuzz_" + std::to_string(getpid()) + "_" + name);
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return file;
}

struct NamedFuzzTarget {
  const char* name;
  FuzzTarget run;
};
inline constexpr NamedFuzzTarget kFuzzTargets[] = {
    {"reader", fuzz_reader},           {"rule", fuzz_rule},
    {"config", fuzz_config},           {"scene", fuzz_scene},
    {"manifest", fuzz_manifest},       {"description", fuzz_description},
    {"operations", fuzz_operations},   {"suite", fuzz_suite},
    {"formula", fuzz_formula},         {"worlds", fuzz_worlds},
    {"predictions", fuzz_predictions}, {"shard", fuzz_shard},
};

}  // namespace railyard
