// The kinds of single edits that the random and search modes choose from (intervention.h), in
// candidate order, with the cost by which a counterfactual search orders equally long sequences:
//   cost 1  set_roof, set_load_shape, set_load_count, delete
//           (take a part or a car away, change loads)
//   cost 2  swap_loads, move_loads, set_shape, set_wall, set_axles, set_length, swap_cars, move
//           (rearrange loads or cars, restyle a car)
//   cost 4  insert (a new car: each of ~2,500 valid cars at each place)
// Cost 1 holds the edits V-LoL's interventions make (remove roofs, change payloads) and those
// that most often decide the shipped rules, so likely flips come first. Measured with `railyard
// bench intervene` (k = 2) on theoryx, numerical, complex and multi, this table labels a fifth to
// a half fewer trains per search than all costs equal, or than costs by how much of the picture an
// edit changes (other sets 1; swap_loads, move_loads, set_length 2; swap_cars, move 3; delete,
// insert 4).
// Textual form: names joined by commas, e.g. "set_roof, set_load_shape, swap_loads"; "set" names
// every set_* kind and "all" every kind; set_* accepts the descriptor aliases (set_color,
// set_wheels, set_load, set_loads, ...).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "logic/vocabulary.h"

namespace railyard {

enum class EditKind : std::uint8_t {
  SetRoof,       // set(p, roof=...)
  SetLoadShape,  // set(p, load_shape=...) on a car with loads
  SetLoadCount,  // set(p, load_count=...); on an empty car together with a load_shape
  Delete,
  SwapLoads,
  MoveLoads,
  SetShape,
  SetWall,
  SetAxles,
  SetLength,
  SwapCars,
  Move,
  Insert,
};

inline constexpr std::array kEditKinds = {
    EditKind::SetRoof,   EditKind::SetLoadShape, EditKind::SetLoadCount, EditKind::Delete,
    EditKind::SwapLoads, EditKind::MoveLoads,    EditKind::SetShape,     EditKind::SetWall,
    EditKind::SetAxles,  EditKind::SetLength,    EditKind::SwapCars,     EditKind::Move,
    EditKind::Insert};

constexpr int edit_cost(EditKind kind) {
  constexpr std::array<std::uint8_t, kEditKinds.size()> kCost = {1, 1, 1, 1, 2, 2, 2,
                                                                 2, 2, 2, 2, 2, 4};
  return kCost[static_cast<std::size_t>(kind)];
}

std::string_view edit_kind_name(EditKind kind);

// The descriptor a set_* kind assigns (set_load_count: the count), none for other kinds.
constexpr std::optional<Descriptor> set_descriptor(EditKind kind) {
  switch (kind) {
    case EditKind::SetRoof: return Descriptor::Roof;
    case EditKind::SetLoadShape: return Descriptor::LoadShape;
    case EditKind::SetLoadCount: return Descriptor::LoadCount;
    case EditKind::SetShape: return Descriptor::Shape;
    case EditKind::SetWall: return Descriptor::Wall;
    case EditKind::SetAxles: return Descriptor::Axles;
    case EditKind::SetLength: return Descriptor::Length;
    default: return std::nullopt;
  }
}

// A set of edit kinds.
class EditKinds {
 public:
  constexpr EditKinds() = default;
  static constexpr EditKinds all() { return EditKinds((1u << kEditKinds.size()) - 1); }
  // Every kind but insert: insert tries each of the ~2,500 valid cars at each position, which
  // makes one search level cost about a hundred times more.
  static constexpr EditKinds search_default() { return all().without(EditKind::Insert); }

  constexpr bool contains(EditKind kind) const { return bits_ & bit(kind); }
  constexpr EditKinds with(EditKind kind) const { return EditKinds(bits_ | bit(kind)); }
  constexpr EditKinds without(EditKind kind) const { return EditKinds(bits_ & ~bit(kind)); }
  constexpr EditKinds operator|(EditKinds other) const { return EditKinds(bits_ | other.bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  // The kinds of this set whose cost lies in [low, high].
  constexpr EditKinds costing(int low, int high) const {
    EditKinds out;
    for (EditKind kind : kEditKinds)
      if (contains(kind) && edit_cost(kind) >= low && edit_cost(kind) <= high) out = out.with(kind);
    return out;
  }
  constexpr bool operator==(const EditKinds&) const = default;

 private:
  constexpr explicit EditKinds(std::uint32_t bits) : bits_(bits) {}
  static constexpr std::uint32_t bit(EditKind kind) { return 1u << static_cast<unsigned>(kind); }
  std::uint32_t bits_ = 0;
};

// Throws InterventionError (operation.h) naming the unknown kind and listing the known ones.
EditKinds parse_edit_kinds(std::string_view text);
std::string format_edit_kinds(EditKinds kinds);  // in enumerator order, ", " between names

}  // namespace railyard
