// First-argument indexing: the key table of a predicate whose clauses have distinct keys, and
// the fact tables that Op::kLookup reads instead of trying clauses.
#include <algorithm>

#include "logic/prolog/machine.h"

namespace railyard::prolog {

bool Machine::add_key(Pred& p, Cell key) {
  // Pred::key_slot, counting the slots it visits.
  auto slot = [&](Cell k) {
    const std::size_t h = p.key_slot(k);
    key_probes += ((h - p.key_hash(k)) & (p.key_table.size() - 1)) + 1;
    return h;
  };
  const std::size_t n = p.keys.size() + 1;  // keys with this one
  if (2 * n > p.key_table.size()) {
    // At most half full: grow to the next power of two and place the earlier keys again (all
    // distinct and non-zero, or the table would be gone), amortised O(1) per key.
    unsigned bits = 3;
    while ((std::size_t{1} << bits) < 2 * n) ++bits;
    p.key_shift = 64 - bits;
    p.key_table.assign(std::size_t{1} << bits, {0, 0});
    for (std::uint32_t i = 0; i < p.keys.size(); ++i) p.key_table[slot(p.keys[i])] = {p.keys[i], i};
  }
  const std::size_t h = slot(key);
  if (p.key_table[h].first == key) return false;
  p.key_table[h] = {key, static_cast<std::uint32_t>(p.keys.size())};
  return true;
}

void Machine::build_key_tables() {
  // add_key kept the table of every predicate whose clauses have distinct keys; a predicate of
  // fewer than 4 clauses is searched as fast by a scan of its keys.
  for (Pred& p : preds)
    if (!p.key_table.empty() &&
        (p.kind != Pred::kClauses || !p.distinct_keys || p.clauses.size() < 4))
      std::vector<std::pair<Cell, std::uint32_t>>().swap(p.key_table);
}

// Rows by atom id when every key is an atom of a small id: the table stays within a few times
// the facts' own size (kDirectSlack per fact), whatever the ids.
void Machine::build_atom_rows(Pred& p) {
  constexpr std::uint64_t kMaxId = 4096, kDirectSlack = 16;
  std::uint64_t top = 0;
  for (Cell key : p.keys) {
    if (tag_of(key) != kAtom || payload(key) >= kMaxId) return;
    top = std::max<std::uint64_t>(top, payload(key) + 1);
  }
  if (top > kDirectSlack * p.keys.size()) return;
  const auto none = static_cast<std::uint32_t>(p.keys.size());
  p.atom_rows.assign(top, none);
  for (std::uint32_t i = 0; i < none; ++i) p.atom_rows[payload(p.keys[i])] = i;
}

// A predicate of facts whose arguments are all atoms or integers, with distinct first arguments
// (shape_colour/2, payload_name/2): a call with its first argument bound finds its one row and
// compares the rest, with no clause to try and no choicepoint.
void Machine::build_fact_tables() {
  for (Pred& p : preds) {
    p.facts.clear();
    std::vector<std::uint32_t>().swap(p.atom_rows);
    if (p.kind != Pred::kClauses || !p.distinct_keys || p.arity == 0 || p.clauses.empty()) continue;
    bool atomic = true;
    for (const Clause& c : p.clauses) {
      if (c.body != kNoBody) atomic = false;
      for (std::uint32_t k = 0; atomic && k < p.arity; ++k)
        atomic = tag_of(tmpl[c.head + k]) == kAtom || tag_of(tmpl[c.head + k]) == kInt;
      if (!atomic) break;
    }
    if (!atomic) continue;
    p.facts.reserve(p.clauses.size() * p.arity);
    for (const Clause& c : p.clauses)
      p.facts.insert(p.facts.end(), &tmpl[c.head], &tmpl[c.head] + p.arity);
    build_atom_rows(p);
  }
  // Calls to fact tables look up their row; the others call, as compiled.
  for (std::uint32_t pc = 0; pc < static_code; ++pc) {
    Instr& in = code[pc];
    if (in.op == Op::kLookup) in.op = static_cast<Op>(in.aux);
    if ((in.op == Op::kCall || in.op == Op::kExec || in.op == Op::kExecLast) &&
        !preds[in.a].facts.empty()) {
      in.aux = static_cast<std::uint16_t>(in.op);
      in.op = Op::kLookup;
    }
  }
}

}  // namespace railyard::prolog
