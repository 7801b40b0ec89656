#include "logic/prolog/writer.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>

namespace railyard::prolog {
namespace {

bool is_symbol_char(char c) {
  return c != 0 && std::strchr("+-*/\\^<>=~:.?@#&$", c) != nullptr;
}
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

Cell deref(const Cell* cells, Cell c) {
  while (tag_of(c) == kRef) {
    Cell next = cells[payload(c)];
    if (next == c) return c;
    c = next;
  }
  return c;
}

// Concatenation without `const char* + std::string&&`, which trips a GCC 12 -Wrestrict bug.
std::string cat(std::string_view a, std::string_view b, std::string_view c = {}) {
  std::string out;
  out.reserve(a.size() + b.size() + c.size());
  out.append(a).append(b).append(c);
  return out;
}

class Writer {
 public:
  Writer(const Cell* cells, const Symbols& symbols, const Operators& ops, WriteOptions options)
      : cells_(cells), symbols_(symbols), ops_(ops), options_(options) {}

  std::string write(Cell t, int max_priority) {
    t = deref(cells_, t);
    switch (tag_of(t)) {
      case kRef: return cat("_G", std::to_string(payload(t)));
      case kInt: return std::to_string(int_value(t));
      case kFloat: {
        double d;
        std::memcpy(&d, &cells_[payload(t) + 1], sizeof d);
        return format_float(d);
      }
      case kAtom: return atom(static_cast<AtomId>(payload(t)));
      case kList: return list(t);
      case kStr: return compound(t, max_priority);
      default: return "<bad cell>";
    }
  }

 private:
  std::string atom(AtomId a) const {
    const std::string& name = symbols_.name(a);
    return options_.quoted ? quote_atom_if_needed(name) : name;
  }

  // An operand of an operator; an atom that is itself an operator goes in parentheses.
  std::string operand(Cell t, int max_priority) {
    t = deref(cells_, t);
    if (tag_of(t) == kAtom && ops_.is_op(static_cast<AtomId>(payload(t))))
      return cat("(", atom(static_cast<AtomId>(payload(t))), ")");
    return write(t, max_priority);
  }

  std::string list(Cell t) {
    std::string out = "[";
    for (;;) {
      std::uint64_t at = payload(t);
      out += write(cells_[at], 999);
      Cell tail = deref(cells_, cells_[at + 1]);
      if (tag_of(tail) == kList) {
        out += ",";
        t = tail;
        continue;
      }
      if (!(tag_of(tail) == kAtom && payload(tail) == atom::kNil))
        out += cat("|", write(tail, 999));
      return out + "]";
    }
  }

  // Joins operator and operand text, with a space where the two would otherwise read as one token.
  static void join(std::string& out, const std::string& next) {
    if (!out.empty() && !next.empty()) {
      char a = out.back(), b = next.front();
      if ((is_symbol_char(a) && is_symbol_char(b)) || (is_alnum(a) && is_alnum(b)) ||
          (a == ',' && false))
        out += ' ';
    }
    out += next;
  }

  std::string compound(Cell t, int max_priority) {
    std::uint64_t at = payload(t);
    FunctorId f = static_cast<FunctorId>(payload(cells_[at]));
    AtomId name = symbols_.functor_name(f);
    unsigned arity = symbols_.arity(f);
    const Cell* args = &cells_[at + 1];
    if (!options_.ignore_ops) {
      if (name == atom::kCurly && arity == 1) return cat("{", write(args[0], 1200), "}");
      if (arity == 2) {
        OpDef op = ops_.infix(name);
        if (op.priority > 0) {
          int lp = op.type == OpType::kYfx ? op.priority : op.priority - 1;
          int rp = op.type == OpType::kXfy ? op.priority : op.priority - 1;
          std::string out = operand(args[0], lp);
          std::string op_text = name == atom::kComma ? "," : name == atom::kBar ? "|" : atom(name);
          bool alpha = is_alnum(op_text.front());
          if (alpha || name == atom::kArrow || name == atom::kSoftArrow) {
            out += alpha ? cat(" ", op_text, " ") : op_text;
          } else {
            join(out, op_text);
          }
          join(out, operand(args[1], rp));
          return op.priority > max_priority ? cat("(", out, ")") : out;
        }
      }
      if (arity == 1) {
        OpDef op = ops_.prefix(name);
        if (op.priority > 0) {
          int ap = op.type == OpType::kFy ? op.priority : op.priority - 1;
          std::string out = atom(name);
          Cell arg = deref(cells_, args[0]);
          std::string arg_text = write(arg, ap);
          bool number = tag_of(arg) == kInt || tag_of(arg) == kFloat;
          bool arg_is_op = tag_of(arg) == kAtom && ops_.is_op(static_cast<AtomId>(payload(arg)));
          if (arg_is_op) arg_text = cat("(", arg_text, ")");
          if (number || is_alnum(out.back()) || arg_is_op)
            out += cat(" ", arg_text);
          else
            join(out, arg_text);
          return op.priority > max_priority ? cat("(", out, ")") : out;
        }
        OpDef post = ops_.postfix(name);
        if (post.priority > 0) {
          int ap = post.type == OpType::kYf ? post.priority : post.priority - 1;
          std::string out = write(args[0], ap);
          join(out, atom(name));
          return post.priority > max_priority ? cat("(", out, ")") : out;
        }
      }
    }
    std::string out = atom(name) + "(";
    for (unsigned i = 0; i < arity; ++i) {
      if (i > 0) out += ",";
      out += write(args[i], 999);
    }
    return out + ")";
  }

  const Cell* cells_;
  const Symbols& symbols_;
  const Operators& ops_;
  WriteOptions options_;
};

}  // namespace

std::string quote_atom_if_needed(const std::string& name) {
  if (name == "[]" || name == "!" || name == ";" || name == "{}") return name;
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') {
    bool plain = true;
    for (char c : name) plain = plain && is_alnum(c);
    if (plain) return name;
  }
  if (!name.empty()) {
    bool symbolic = true;
    for (char c : name) symbolic = symbolic && is_symbol_char(c);
    if (symbolic) return name;
  }
  std::string out = "'";
  for (char c : name) {
    switch (c) {
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%x\\", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "'";
}

std::string format_float(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  (void)ec;
  std::string sci(buf, end);  // d.ddde[+-]XX
  std::size_t e = sci.find('e');
  int exponent = std::stoi(sci.substr(e + 1));
  std::string mantissa = sci.substr(0, e);
  bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (char c : mantissa)
    if (c != '.') digits += c;
  std::string out;
  if (exponent >= -4 && exponent < 15) {
    if (exponent < 0) {
      out = cat("0.", std::string(static_cast<std::size_t>(-exponent - 1), '0'), digits);
    } else if (static_cast<int>(digits.size()) <= exponent + 1) {
      out =
          digits + std::string(static_cast<std::size_t>(exponent + 1) - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
            digits.substr(static_cast<std::size_t>(exponent + 1));
    }
  } else {
    out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
    char ebuf[16];
    std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += ebuf;
  }
  return negative ? cat("-", out) : out;
}

std::string write_term(const Cell* cells, Cell term, const Symbols& symbols, const Operators& ops,
                       WriteOptions options) {
  return Writer(cells, symbols, ops, options).write(term, 1200);
}

}  // namespace railyard::prolog
