#include <cstdlib>

#include "logic/prolog/engine.h"
#include "logic/worlds/concept_grammar.h"
#include "tests/fuzz/fuzz_targets.h"
#include "tools/lib/worlds/worlds_file.h"
#include "util/input_error.h"

namespace railyard {

// A worlds spec as `railyard worlds` reads it; a spec that loads then draws concepts from its
// grammar (the draw the builder makes for every pool position), each a clause that must read
// back through the Prolog reader. The full build (probe trains labelled by every concept) is
// left out: its cost is the spec's sizes, bounded by the schema, not the fuzzer's to explore.
int fuzz_worlds(const std::uint8_t* data, std::size_t size) {
  std::filesystem::path file = fuzz_input_file("worlds.yaml", data, size);
  WorldsFile spec;
  try {
    spec = load_worlds_file(file);
  } catch (const InputError&) {
    return 0;
  }
  worlds::ConceptGrammar grammar(spec.spec.grammar);
  prolog::Engine engine;
  for (std::uint64_t position = 0; position < 32; ++position) {
    worlds::Concept drawn = grammar.draw(spec.spec.seed, position, 0);
    if (drawn.cars < spec.spec.grammar.cars.min || drawn.cars > spec.spec.grammar.cars.max)
      std::abort();
    try {
      engine.consult_text("concept(T) :- " + drawn.body() + ".\n", "concept");
    } catch (const InputError&) {
      std::abort();  // the grammar wrote a clause the reader refuses
    } catch (const prolog::PrologError&) {
      std::abort();
    }
  }
  return 0;
}

}  // namespace railyard
