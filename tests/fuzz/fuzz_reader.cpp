#include <string_view>
#include <vector>

#include "logic/prolog/errors.h"
#include "logic/prolog/reader.h"
#include "logic/prolog/writer.h"
#include "tests/fuzz/fuzz_targets.h"

namespace railyard {

int fuzz_reader(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  prolog::Symbols symbols;
  prolog::Operators ops(symbols);
  prolog::Reader reader(text, "fuzz.pl", symbols, ops);
  std::vector<prolog::Cell> cells;
  prolog::ReadClause clause;
  try {
    while (reader.next(cells, clause)) {
      prolog::WriteOptions options;
      options.max_length = 1 << 16;
      prolog::write_term(cells.data(), clause.term, symbols, ops, options);
      cells.clear();
    }
  } catch (const prolog::SyntaxError&) {
  }
  return 0;
}

}  // namespace railyard
