// Atoms and text: atom_codes/2, atom_chars/2, char_code/2, atom_length/2, atom_number/2,
// number_codes/2, atom_concat/3, atomic_list_concat/2,3, upcase_atom/2, term_to_atom/2.
// Text costs one step per 8 bytes; the atoms made count against the term space until the proof
// ends (Machine::intern).
#include <charconv>
#include <cstdlib>

#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"
#include "logic/prolog/reader.h"
#include "logic/prolog/writer.h"

namespace railyard::prolog {
namespace {

const Cell kNil = make_atom(atom::kNil);

// The text of an atomic term; false for variables and compounds.
bool text_of(Machine& m, Cell c, std::string& out) {
  c = m.deref(c);
  switch (tag_of(c)) {
    case kAtom:
      out = m.symbols.name(static_cast<AtomId>(payload(c)));
      m.charge(out.size() / 8);
      return true;
    case kInt: out = std::to_string(int_value(c)); return true;
    case kFloat: out = format_float(m.float_value(c)); return true;
    default: return false;
  }
}

std::string need_text(Machine& m, Cell c) {
  std::string out;
  if (text_of(m, c, out)) return out;
  if (tag_of(m.deref(c)) == kRef) m.instantiation_error();
  m.type_error("atomic", c);
}

// Parses a whole text as a Prolog number (with an optional sign); false if it is not one.
bool parse_number(Machine& m, const std::string& text, Cell& out) {
  std::string t = text;
  std::size_t start = 0;
  while (start < t.size() && (t[start] == ' ' || t[start] == '\t' || t[start] == '\n')) ++start;
  t = t.substr(start);
  if (t.empty()) return false;
  bool negative = false;
  std::string body = t;
  if (body[0] == '-' || body[0] == '+') {
    negative = body[0] == '-';
    body = body.substr(1);
  }
  if (body.empty() || body[0] < '0' || body[0] > '9') return false;
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), value);
  if (ec == std::errc() && end == body.data() + body.size() && fits_int(value)) {
    out = make_int(negative ? -value : value);
    return true;
  }
  // Floats need a digit after the dot; other syntax (0'c, 0x..) goes through the reader.
  char* stop = nullptr;
  double d = std::strtod(body.c_str(), &stop);
  if (stop == body.c_str() + body.size() && body.find('.') != std::string::npos &&
      body.back() >= '0' && body.back() <= '9') {
    out = m.new_float(negative ? -d : d);
    return true;
  }
  try {
    Reader reader(body + " .", "number", m.symbols, m.ops);
    std::vector<Cell> cells;
    ReadClause clause;
    if (!reader.next(cells, clause)) return false;
    Cell c = clause.term;
    if (tag_of(c) == kInt) {
      out = make_int(negative ? -int_value(c) : int_value(c));
      return true;
    }
  } catch (const std::exception&) {
  }
  return false;
}

Cell code_list(Machine& m, const std::string& text, bool chars) {
  Machine::SpaceHold buffer(m, text.size());
  m.charge(text.size());
  std::vector<Cell> items;
  for (std::size_t p = 0; p < text.size();) {
    std::size_t start = p;
    int code = decode_utf8(text, p);
    items.push_back(chars ? make_atom(m.intern(text.substr(start, p - start))) : make_int(code));
  }
  return m.new_list(items.data(), items.size(), kNil);
}

// A character code: 0 to 0x10FFFF.
int character_code(Machine& m, Cell c) {
  std::int64_t code = m.get_int(c);
  if (code < 0 || code > 0x10FFFF) m.domain_error("character_code (0..0x10FFFF)", c);
  return static_cast<int>(code);
}

// Text from a list of codes or one-character atoms; false when the list is partial.
bool list_text(Machine& m, Cell list, std::string& out) {
  out.clear();
  Cell end;
  std::int64_t n = m.list_length(list, end);
  if (n < 0) m.type_error("list", list);
  m.charge(static_cast<std::uint64_t>(n));
  Cell l = m.deref(list);
  while (tag_of(l) == kList) {
    Cell item = m.deref(m.heap_[payload(l)]);
    if (tag_of(item) == kInt) {
      append_utf8(out, character_code(m, item));
    } else if (tag_of(item) == kAtom) {
      out += m.symbols.name(static_cast<AtomId>(payload(item)));
    } else if (tag_of(item) == kRef) {
      return false;
    } else {
      m.type_error("character_code", item);
    }
    l = m.deref(m.heap_[payload(l) + 1]);
  }
  if (tag_of(l) == kRef) return false;
  if (l != kNil) m.type_error("list", list);
  return true;
}

Cell atom_cell(Machine& m, const std::string& text) {
  return make_atom(m.intern(text));
}

// atom_codes/2 and atom_chars/2.
template <bool chars>
bool atom_codes(Machine& m, Cell* a) {
  std::string text;
  if (text_of(m, a[0], text)) return m.unify(a[1], code_list(m, text, chars));
  if (!list_text(m, a[1], text)) m.instantiation_error();
  return m.unify(a[0], atom_cell(m, text));
}

bool number_codes(Machine& m, Cell* a) {
  Cell n = m.deref(a[0]);
  std::string text;
  if (tag_of(n) == kInt || tag_of(n) == kFloat) {
    text_of(m, n, text);
    return m.unify(a[1], code_list(m, text, false));
  }
  if (!list_text(m, a[1], text)) m.instantiation_error();
  Cell value;
  if (!parse_number(m, text, value)) throw PrologError("Syntax error: illegal number: " + text);
  return m.unify(n, value);
}

bool char_code(Machine& m, Cell* a) {
  Cell c = m.deref(a[0]);
  if (tag_of(c) == kAtom) {
    const std::string& name = m.symbols.name(static_cast<AtomId>(payload(c)));
    std::size_t p = 0;
    if (name.empty()) m.type_error("character", c);
    return m.unify(a[1], make_int(decode_utf8(name, p)));
  }
  std::string text;
  append_utf8(text, character_code(m, a[1]));
  return m.unify(c, atom_cell(m, text));
}

bool atom_length(Machine& m, Cell* a) {
  std::string text = need_text(m, a[0]);
  std::int64_t n = 0;
  for (std::size_t p = 0; p < text.size(); ++n) decode_utf8(text, p);
  return m.unify(a[1], make_int(n));
}

bool atom_number(Machine& m, Cell* a) {
  Cell t = m.deref(a[0]);
  if (tag_of(t) == kRef) {
    Cell n = m.deref(a[1]);
    if (tag_of(n) == kRef) m.instantiation_error();
    std::string text;
    if (!text_of(m, n, text) || tag_of(n) == kAtom) m.type_error("number", n);
    return m.unify(t, atom_cell(m, text));
  }
  if (tag_of(t) != kAtom) m.type_error("atom", t);
  Cell value;
  if (!parse_number(m, m.symbols.name(static_cast<AtomId>(payload(t))), value)) return false;
  return m.unify(a[1], value);
}

bool concat_split(Machine& m, Cell a, Cell b, Cell whole, std::size_t at);
bool concat_redo(Machine& m, const Cell* s) {
  return concat_split(m, s[0], s[1], s[2], static_cast<std::size_t>(int_value(s[3])));
}
bool concat_split(Machine& m, Cell a, Cell b, Cell whole, std::size_t at) {
  const std::string text = need_text(m, whole);
  if (at > text.size()) return false;
  std::size_t next = at;
  if (next < text.size()) {
    decode_utf8(text, next);
    Cell state[4] = {a, b, whole, make_int(static_cast<std::int64_t>(next))};
    m.push_redo(concat_redo, state, 4);
  }
  return m.unify(a, atom_cell(m, text.substr(0, at))) && m.unify(b, atom_cell(m, text.substr(at)));
}

bool atom_concat(Machine& m, Cell* a) {
  std::string x, y;
  if (text_of(m, a[0], x) && text_of(m, a[1], y)) return m.unify(a[2], atom_cell(m, x + y));
  return concat_split(m, a[0], a[1], a[2], 0);
}

bool atomic_list_concat(Machine& m, Cell list, const std::string& sep, Cell result,
                        bool can_split) {
  std::string joined;
  Cell end;
  if (m.list_length(list, end) < 0) m.type_error("list", list);
  Cell l = m.deref(list);
  bool first = true, complete = true;
  while (tag_of(l) == kList) {
    std::string part;
    if (!text_of(m, m.heap_[payload(l)], part)) {
      complete = false;
      break;
    }
    if (!first) joined += sep;
    joined += part;
    first = false;
    l = m.deref(m.heap_[payload(l) + 1]);
  }
  if (complete && l == kNil) return m.unify(result, atom_cell(m, joined));
  if (!can_split || sep.empty()) m.instantiation_error();
  std::string whole = need_text(m, result);
  std::vector<Cell> parts;
  std::size_t start = 0;
  for (;;) {
    std::size_t hit = whole.find(sep, start);
    parts.push_back(atom_cell(
        m, whole.substr(start, hit == std::string::npos ? std::string::npos : hit - start)));
    if (hit == std::string::npos) break;
    start = hit + sep.size();
  }
  return m.unify(list, m.new_list(parts.data(), parts.size(), kNil));
}

// upcase_atom/2 and downcase_atom/2.
template <bool upper>
bool change_case(Machine& m, Cell* a) {
  std::string text = need_text(m, a[0]);
  for (char& c : text) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return m.unify(a[1], atom_cell(m, text));
}

bool term_to_atom(Machine& m, Cell* a) {
  Cell t = m.deref(a[0]);
  if (tag_of(t) == kRef) {
    std::string text = need_text(m, a[1]);
    Reader reader(text + " .", "term_to_atom", m.symbols, m.ops);
    std::vector<Cell> cells;
    ReadClause clause;
    if (!reader.next(cells, clause)) m.domain_error("term text", a[1]);
    std::vector<std::pair<std::uint64_t, Cell>> vars;
    return m.unify(t, m.import(cells.data(), clause.term, vars));
  }
  return m.unify(a[1], atom_cell(m, m.write_text(t, WriteOptions{})));
}

}  // namespace

void register_atom_builtins(Machine& m) {
  m.define_native("atom_codes", 2, atom_codes</*chars=*/false>);
  m.define_native("atom_chars", 2, atom_codes</*chars=*/true>);
  m.define_native("char_code", 2, char_code);
  m.define_native("atom_length", 2, atom_length);
  m.define_native("atom_number", 2, atom_number);
  m.define_native("number_codes", 2, number_codes);
  m.define_native("atom_concat", 3, atom_concat, false, /*nondeterministic=*/true);
  m.define_native("atomic_list_concat", 2,
                  [](Machine& m, Cell* a) { return atomic_list_concat(m, a[0], "", a[1], false); });
  m.define_native("atomic_list_concat", 3, [](Machine& m, Cell* a) {
    return atomic_list_concat(m, a[0], need_text(m, a[1]), a[2], true);
  });
  m.define_native("upcase_atom", 2, change_case</*upper=*/true>);
  m.define_native("downcase_atom", 2, change_case</*upper=*/false>);
  m.define_native("term_to_atom", 2, term_to_atom);
}

}  // namespace railyard::prolog
