// Output builtins, for users debugging their rules: write/1, print/1, writeln/1, writeq/1,
// write_canonical/1, nl/0, tab/1 and format/1,2 (the common directives).
#include <cstdio>
#include <ostream>

#include "logic/prolog/errors.h"
#include "logic/prolog/machine.h"
#include "logic/prolog/reader.h"
#include "logic/prolog/writer.h"

namespace railyard::prolog {
namespace {

std::string text(Machine& m, Cell t, bool quoted, bool canonical = false) {
  WriteOptions options;
  options.quoted = quoted;
  options.ignore_ops = canonical;
  return m.write_text(t, options);
}

// write/1, writeq/1 (and print/1), write_canonical/1.
template <bool quoted, bool canonical = false>
bool write1(Machine& m, Cell* a) {
  *m.out << text(m, a[0], quoted, canonical);
  return true;
}
bool tab1(Machine& m, Cell* a) {
  Number n = eval(m, a[0]);
  if (n.is_float) m.type_error("integer", a[0]);
  if (n.i <= 0) return true;
  m.charge(static_cast<std::uint64_t>(n.i) / 8);
  for (std::int64_t i = 0; i < n.i; ++i) *m.out << ' ';
  return true;
}

// The codes of a proper list as UTF-8 text (format strings and ~s).
std::string code_text(Machine& m, Cell list) {
  std::string text;
  for (Cell c : m.list_items(list)) append_utf8(text, static_cast<int>(m.get_int(c)));
  return text;
}

bool format(Machine& m, Cell fmt, Cell args) {
  std::string f;
  Cell fc = m.deref(fmt);
  if (tag_of(fc) == kAtom)
    f = m.symbols.name(static_cast<AtomId>(payload(fc)));
  else
    f = code_text(m, fc);
  m.charge(f.size() / 8);
  std::vector<Cell> items;
  Cell l = m.deref(args);
  if (tag_of(l) == kList || l == make_atom(atom::kNil))
    items = m.list_items(l);
  else
    items.push_back(l);
  std::size_t next = 0;
  auto take = [&]() {
    if (next >= items.size()) throw PrologError("format/2: not enough arguments for \"" + f + "\"");
    return items[next++];
  };
  std::string out;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '~') {
      out += f[i];
      continue;
    }
    if (++i >= f.size()) throw PrologError("format/2: truncated directive in \"" + f + "\"");
    std::string count;
    while (i < f.size() && f[i] >= '0' && f[i] <= '9') count += f[i++];
    if (i >= f.size()) throw PrologError("format/2: truncated directive in \"" + f + "\"");
    // A column or repeat count: output that large would only exhaust memory.
    if (count.size() > 4)
      throw PrologError("format/2: count " + count + " too large (at most 9999)");
    switch (f[i]) {
      case 'w': out += text(m, take(), false); break;
      case 'p':
      case 'q': out += text(m, take(), true); break;
      case 'a': out += text(m, take(), false); break;
      case 'd': {
        Cell v = m.deref(take());
        if (tag_of(v) != kInt) m.type_error("integer", v);
        out += std::to_string(int_value(v));
        break;
      }
      case 'f':
      case 'e':
      case 'g': {
        Number n = eval(m, take());
        double d = n.is_float ? n.d : static_cast<double>(n.i);
        std::string spec = "%." + (count.empty() ? std::string("6") : count) + f[i];
        int size = std::snprintf(nullptr, 0, spec.c_str(), d);
        std::string buf(static_cast<std::size_t>(std::max(size, 0)) + 1, '\0');
        std::snprintf(buf.data(), buf.size(), spec.c_str(), d);
        buf.pop_back();
        out += buf;
        break;
      }
      case 's': out += code_text(m, take()); break;
      case 'c': append_utf8(out, static_cast<int>(m.get_int(take()))); break;
      case 'n': out += std::string(count.empty() ? 1 : std::stoul(count), '\n'); break;
      case '~': out += '~'; break;
      case 'i': take(); break;
      case 't':
      case '|':
      case '+': break;  // column alignment is not supported; the text is kept
      default: throw PrologError(std::string("format/2: unknown directive ~") + f[i]);
    }
    m.reserve_space(out.size() / 8);  // the text so far counts against the term space
  }
  m.charge(out.size() / 8);
  *m.out << out;
  return true;
}

}  // namespace

void register_io_builtins(Machine& m) {
  m.define_native("write", 1, write1<false>);
  m.define_native("print", 1, write1<true>);
  m.define_native("writeq", 1, write1<true>);
  m.define_native("writeln", 1, [](Machine& m, Cell* a) {
    *m.out << text(m, a[0], false) << '\n';
    return true;
  });
  m.define_native("write_canonical", 1, write1<true, true>);
  m.define_native("nl", 0, [](Machine& m, Cell*) {
    *m.out << '\n';
    return true;
  });
  m.define_native("tab", 1, tab1);
  m.define_native("format", 1,
                  [](Machine& m, Cell* a) { return format(m, a[0], make_atom(atom::kNil)); });
  m.define_native("format", 2, [](Machine& m, Cell* a) { return format(m, a[0], a[1]); });
}

}  // namespace railyard::prolog
