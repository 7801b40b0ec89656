#include "tools/lib/records/formats/worlds_index.h"

#include <algorithm>
#include <cctype>

#include "util/printable_text.h"

namespace railyard {

std::string worlds_index_text(const WorldsIndex& index) {
  return record_json(index).dump(1) + "\n";
}

namespace {

// What worlds.json must be beyond its keys and types.
void check_index(const JsonField<nlohmann::json>& field, const WorldsIndex& index) {
  auto plain = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  auto worlds = field["worlds"].items();
  for (std::size_t k = 0; k < worlds.size(); ++k) {
    const WorldRecord& world = index.worlds[k];
    if (world.id.empty() || !std::all_of(world.id.begin(), world.id.end(), plain) ||
        world.file != "rules/" + world.id + ".pl")
      worlds[k]["file"].fail("expected rules/<id>.pl of a plain id");
    for (const std::string& id : world.concepts)
      if (std::none_of(index.concepts.begin(), index.concepts.end(),
                       [&](const ConceptRecord& c) { return c.id == id; }))
        worlds[k]["concepts"].fail("'" + printable(id) + "' is not a concept of the pool");
  }
  for (const char* key : {"similarity", "distance"})
    for (const auto& row : field[key].items(worlds.size())) row.items(worlds.size());
}

}  // namespace

WorldsIndex read_worlds_index(const std::filesystem::path& file) {
  return read_record_file<WorldsIndex>(file, check_index);
}

}  // namespace railyard
