#include "logic/ltlf/minimise.h"

#include <map>

namespace railyard::ltlf {

std::vector<std::uint32_t> minimal_blocks(const std::vector<std::uint32_t>& next,
                                          const std::vector<char>& accepting,
                                          std::uint32_t letter_count) {
  std::size_t states = accepting.size();
  std::vector<std::uint32_t> block(states);
  for (std::size_t s = 0; s < states; ++s) block[s] = accepting[s] ? 1 : 0;
  std::size_t block_count = 0;
  while (true) {
    std::map<std::vector<std::uint32_t>, std::uint32_t> signatures;
    std::vector<std::uint32_t> refined(states);
    std::vector<std::uint32_t> signature(letter_count + 1);
    for (std::size_t s = 0; s < states; ++s) {
      signature[0] = block[s];
      for (std::uint32_t a = 0; a < letter_count; ++a)
        signature[a + 1] = block[next[s * letter_count + a]];
      auto [it, inserted] =
          signatures.try_emplace(signature, static_cast<std::uint32_t>(signatures.size()));
      refined[s] = it->second;
    }
    block = std::move(refined);
    // Refinement only splits blocks, so an unchanged count means a fixed point.
    if (signatures.size() == block_count) return block;
    block_count = signatures.size();
  }
}

}  // namespace railyard::ltlf
