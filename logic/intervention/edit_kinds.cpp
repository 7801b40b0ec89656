#include "logic/intervention/edit_kinds.h"

#include "logic/intervention/operation.h"
#include "util/enum_names.h"

namespace railyard {
namespace {

constexpr auto kEditKindNames = enum_names<EditKind>({{EditKind::SetRoof, "set_roof"},
                                                      {EditKind::SetLoadShape, "set_load_shape"},
                                                      {EditKind::SetLoadCount, "set_load_count"},
                                                      {EditKind::Delete, "delete"},
                                                      {EditKind::SwapLoads, "swap_loads"},
                                                      {EditKind::MoveLoads, "move_loads"},
                                                      {EditKind::SetShape, "set_shape"},
                                                      {EditKind::SetWall, "set_wall"},
                                                      {EditKind::SetAxles, "set_axles"},
                                                      {EditKind::SetLength, "set_length"},
                                                      {EditKind::SwapCars, "swap_cars"},
                                                      {EditKind::Move, "move"},
                                                      {EditKind::Insert, "insert"}});

EditKind set_kind(Descriptor d) {
  for (EditKind kind : kEditKinds)
    if (set_descriptor(kind) == d) return kind;
  return EditKind::SetRoof;  // unreachable: every descriptor has its set kind
}

bool is_space(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// The kinds one name stands for.
EditKinds parse_one(std::string_view name) {
  if (name == "all") return EditKinds::all();
  EditKinds set_kinds;
  for (Descriptor d : kDescriptors) set_kinds = set_kinds.with(set_kind(d));
  if (name == "set") return set_kinds;
  if (auto kind = kEditKindNames.parse(name)) return EditKinds().with(*kind);
  constexpr std::string_view kSet = "set_";
  if (name.starts_with(kSet))
    if (auto d = parse_operation_key(name.substr(kSet.size())))
      return EditKinds().with(set_kind(*d));
  throw InterventionError("unknown edit kind '" + std::string(name) + "' (known: all, set, " +
                          format_edit_kinds(EditKinds::all()) + ")");
}

}  // namespace

std::string_view edit_kind_name(EditKind kind) {
  return kEditKindNames.name(kind);
}

EditKinds parse_edit_kinds(std::string_view text) {
  EditKinds kinds;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ',') continue;
    std::string_view name = trim(text.substr(start, i - start));
    if (name.empty())
      throw InterventionError("edit kinds '" + std::string(text) + "': empty name at column " +
                              std::to_string(start + 1));
    kinds = kinds | parse_one(name);
    start = i + 1;
  }
  return kinds;
}

std::string format_edit_kinds(EditKinds kinds) {
  std::string out;
  for (EditKind kind : kEditKinds) {
    if (!kinds.contains(kind)) continue;
    if (!out.empty()) out += ", ";
    out += edit_kind_name(kind);
  }
  return out;
}

}  // namespace railyard
