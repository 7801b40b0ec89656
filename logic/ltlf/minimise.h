// Moore's partition refinement: states stay together while they agree on acceptance and, for
// every letter, on the block of their successors. The automata here are small (limits in
// automaton.h), so the quadratic worst case never matters.
#pragma once

#include <cstdint>
#include <vector>

namespace railyard::ltlf {

// The block of each state of a complete DFA (next[state * letter_count + letter]); blocks are
// numbered by their first state, so block 0 holds state 0.
std::vector<std::uint32_t> minimal_blocks(const std::vector<std::uint32_t>& next,
                                          const std::vector<char>& accepting,
                                          std::uint32_t letter_count);

}  // namespace railyard::ltlf
