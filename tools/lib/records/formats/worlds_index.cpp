#include "tools/lib/records/formats/worlds_index.h"

#include <algorithm>
#include <cctype>

#include "util/printable_text.h"

namespace railyard {

std::string worlds_index_text(const WorldsIndex& index) {
  return record_json(index).dump(1) + "\n";
}

void check_record(const RecordPlace& at, const WorldsIndex& index) {
  auto plain = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  const std::size_t count = index.worlds.size();
  for (std::size_t k = 0; k < count; ++k) {
    const WorldRecord& world = index.worlds[k];
    RecordPlace place = at["worlds[" + std::to_string(k) + "]"];
    if (world.id.empty() || !std::all_of(world.id.begin(), world.id.end(), plain) ||
        world.file != "rules/" + world.id + ".pl")
      place["file"].fail("expected rules/<id>.pl of a plain id");
    for (const std::string& id : world.concepts)
      if (std::none_of(index.concepts.begin(), index.concepts.end(),
                       [&](const ConceptRecord& c) { return c.id == id; }))
        place["concepts"].fail("'" + printable(id) + "' is not a concept of the pool");
  }
  auto square = [&](const auto& matrix, const std::string& key) {  // worlds x worlds
    auto fits = [&](std::size_t n, const std::string& where) {
      if (n != count)
        at[where].fail("expected a list of " + std::to_string(count) + ", got " +
                       std::to_string(n) + " items");
    };
    fits(matrix.size(), key);
    for (std::size_t k = 0; k < matrix.size(); ++k)
      fits(matrix[k].size(), key + "[" + std::to_string(k) + "]");
  };
  square(index.similarity, "similarity");
  square(index.distance, "distance");
}

WorldsIndex read_worlds_index(const std::filesystem::path& file) {
  return read_record_file<WorldsIndex>(file);
}

}  // namespace railyard
