#include "logic/prolog/writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <string_view>
#include <vector>

#include "logic/prolog/cell_table.h"
#include "logic/prolog/cycles.h"

namespace railyard::prolog {
namespace {

bool is_symbol_char(char c) {
  return c != 0 && std::strchr("+-*/\\^<>=~:.?@#&$", c) != nullptr;
}
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// Concatenation without `const char* + std::string&&`, which trips a GCC 12 -Wrestrict bug.
std::string cat(std::string_view a, std::string_view b, std::string_view c = {}) {
  std::string out;
  out.reserve(a.size() + b.size() + c.size());
  out.append(a).append(b).append(c);
  return out;
}

// A writer over an explicit stack of actions, so that the depth of a term costs heap memory, not
// C++ stack. Actions are popped last-pushed-first; push() takes them in the order they run.
class Writer {
 public:
  Writer(const Cell* cells, const Symbols& symbols, const Operators& ops, WriteOptions options)
      : cells_(cells), symbols_(symbols), ops_(ops), options_(options) {}

  std::string write(Cell t, bool* truncated) {
    // A term with more compounds than the text may hold is cut short anyway: written plainly.
    std::uint64_t max_compounds =
        std::max<std::uint64_t>(kCycleCheckAfter, options_.max_length / 64);
    std::vector<std::uint64_t> points =
        cycle_points(cells_, t, symbols_, max_compounds).value_or(std::vector<std::uint64_t>{});
    if (points.empty())
      push({term(t, 1200)});
    else
      push_cyclic(t, points);
    run();
    if (truncated) *truncated = truncated_;
    if (truncated_) out_ += "...";
    return std::move(out_);
  }

 private:
  // @(Template, [S_1=Subterm, ...]): the template and the subterms name the compounds that cycles
  // return to S_1, S_2, ..., and each subterm is one of those compounds written out.
  void push_cyclic(Cell t, const std::vector<std::uint64_t>& points) {
    for (std::size_t k = 0; k < points.size(); ++k) names_.insert(points[k], 0, k + 1);
    std::vector<Action> actions{text("@("), term(t, 999), text(",[")};
    for (std::size_t k = 0; k < points.size(); ++k) {
      // A functor cell starts a structure; anything else is the head of a list cell.
      bool structure = tag_of(cells_[points[k]]) == kFunctor;
      Action body = term(structure ? make_str(points[k]) : make_list(points[k]),
                         options_.ignore_ops ? 999 : 699);
      body.expand = true;
      if (k > 0) actions.push_back(text(","));
      if (options_.ignore_ops)
        actions.insert(actions.end(), {text("=("), name(k + 1), text(","), body, text(")")});
      else
        actions.insert(actions.end(), {name(k + 1), glue(), text("="), glue(), body});
    }
    actions.push_back(text("])"));
    push(actions);
  }

  enum class Kind : std::uint8_t {
    kTerm,      // a term at a priority
    kOperand,   // the same, an atom that is an operator in parentheses
    kText,      // fixed text
    kAtom,      // an atom's name, quoted if the options say so
    kName,      // S_<atom>: a cycle's name
    kGlue,      // a space before the next text if the two would read as one token
    kListRest,  // the tail of a list after an element
  };
  struct Action {
    Kind kind;
    bool expand = false;  // a cycle point written out rather than by its name
    std::int16_t priority = 0;
    std::uint32_t atom = 0;
    Cell term = 0;
    const char* text = nullptr;
  };
  static Action term(Cell t, int priority) {
    return {Kind::kTerm, false, static_cast<std::int16_t>(priority), 0, t, nullptr};
  }
  static Action operand(Cell t, int priority) {
    return {Kind::kOperand, false, static_cast<std::int16_t>(priority), 0, t, nullptr};
  }
  static Action text(const char* s) { return {Kind::kText, false, 0, 0, 0, s}; }
  static Action atom(AtomId a) { return {Kind::kAtom, false, 0, a, 0, nullptr}; }
  static Action name(std::size_t k) {
    return {Kind::kName, false, 0, static_cast<std::uint32_t>(k), 0, nullptr};
  }
  static Action glue() { return {Kind::kGlue, false, 0, 0, 0, nullptr}; }
  static Action list_rest(Cell tail) { return {Kind::kListRest, false, 0, 0, tail, nullptr}; }

  void push(std::initializer_list<Action> actions) {
    stack_.insert(stack_.end(), std::rbegin(actions), std::rend(actions));
  }
  void push(const std::vector<Action>& actions) {
    stack_.insert(stack_.end(), actions.rbegin(), actions.rend());
  }

  void run() {
    std::size_t budget =
        options_.max_length == std::string::npos ? std::string::npos : 2 * options_.max_length + 64;
    while (!stack_.empty()) {
      if (budget-- == 0 || out_.size() > options_.max_length) {
        truncated_ = true;
        out_.resize(std::min(out_.size(), options_.max_length));
        return;
      }
      Action a = stack_.back();
      stack_.pop_back();
      switch (a.kind) {
        case Kind::kText: emit(a.text); break;
        case Kind::kAtom: emit(atom_text(a.atom)); break;
        case Kind::kName:
          emit(cat(options_.ignore_ops ? "_S" : "S_", std::to_string(a.atom)));
          break;
        case Kind::kGlue: glue_ = true; break;
        case Kind::kListRest: list_rest_of(a.term); break;
        case Kind::kOperand: {
          Cell t = deref(cells_, a.term);
          if (tag_of(t) == kAtom && ops_.is_op(static_cast<AtomId>(payload(t)))) {
            push({text("("), atom(static_cast<AtomId>(payload(t))), text(")")});
            break;
          }
          write_one(t, a.priority, false);
          break;
        }
        case Kind::kTerm: write_one(deref(cells_, a.term), a.priority, a.expand); break;
      }
    }
  }

  // Appends text; after a glue action, with a space where the two would read as one token.
  void emit(std::string_view s) {
    if (s.empty()) return;
    if (glue_ && !out_.empty()) {
      char a = out_.back(), b = s.front();
      if ((is_symbol_char(a) && is_symbol_char(b)) || (is_alnum(a) && is_alnum(b))) out_ += ' ';
    }
    glue_ = false;
    out_.append(s);
  }

  std::string atom_text(AtomId a) const {
    const std::string& name = symbols_.name(a);
    return options_.quoted ? quote_atom_if_needed(name) : name;
  }

  bool is_point(Cell t, std::uint32_t& k) {
    if (names_.size() == 0 || (tag_of(t) != kStr && tag_of(t) != kList)) return false;
    const std::uint64_t* found = names_.find(payload(t), 0);
    if (!found) return false;
    k = static_cast<std::uint32_t>(*found);
    return true;
  }

  void write_one(Cell t, int max_priority, bool expand) {
    std::uint32_t k;
    if (!expand && is_point(t, k)) {
      push({name(k)});
      return;
    }
    switch (tag_of(t)) {
      case kRef: emit(cat("_G", std::to_string(payload(t)))); return;
      case kInt: emit(std::to_string(int_value(t))); return;
      case kFloat: {
        double d;
        std::memcpy(&d, &cells_[payload(t) + 1], sizeof d);
        emit(format_float(d));
        return;
      }
      case kAtom: emit(atom_text(static_cast<AtomId>(payload(t)))); return;
      case kList:
        emit("[");
        push({term(cells_[payload(t)], 999), list_rest(cells_[payload(t) + 1])});
        return;
      case kStr: compound(t, max_priority); return;
      default: emit("<bad cell>"); return;
    }
  }

  void list_rest_of(Cell tail) {
    tail = deref(cells_, tail);
    std::uint32_t k;
    if (tag_of(tail) == kList && !is_point(tail, k)) {
      emit(",");
      push({term(cells_[payload(tail)], 999), list_rest(cells_[payload(tail) + 1])});
    } else if (tag_of(tail) == kAtom && payload(tail) == atom::kNil) {
      emit("]");
    } else {
      emit("|");
      push({term(tail, 999), text("]")});
    }
  }

  void compound(Cell t, int max_priority) {
    std::uint64_t at = payload(t);
    FunctorId f = static_cast<FunctorId>(payload(cells_[at]));
    AtomId name = symbols_.functor_name(f);
    unsigned arity = symbols_.arity(f);
    const Cell* args = &cells_[at + 1];
    if (!options_.ignore_ops && operator_form(name, arity, args, max_priority)) return;
    std::vector<Action> actions{atom(name), text("(")};
    for (unsigned i = 0; i < arity; ++i) {
      if (i > 0) actions.push_back(text(","));
      actions.push_back(term(args[i], 999));
    }
    actions.push_back(text(")"));
    push(actions);
  }

  // Curly terms and operators; false for a compound that is written f(a, b).
  bool operator_form(AtomId name, unsigned arity, const Cell* args, int max_priority) {
    if (name == atom::kCurly && arity == 1) {
      push({text("{"), term(args[0], 1200), text("}")});
      return true;
    }
    std::vector<Action> actions;
    int priority = 0;
    if (arity == 2 && ops_.infix(name).priority > 0) {
      OpDef op = ops_.infix(name);
      priority = op.priority;
      int lp = op.type == OpType::kYfx ? op.priority : op.priority - 1;
      int rp = op.type == OpType::kXfy ? op.priority : op.priority - 1;
      actions.push_back(operand(args[0], lp));
      std::string op_text = name == atom::kComma ? "," : name == atom::kBar ? "|" : atom_text(name);
      bool alpha = !op_text.empty() && is_alnum(op_text.front());
      if (alpha) {
        actions.insert(actions.end(), {text(" "), atom(name), text(" ")});
      } else if (name == atom::kComma || name == atom::kBar) {
        actions.insert(actions.end(), {glue(), text(name == atom::kComma ? "," : "|")});
      } else if (name == atom::kArrow || name == atom::kSoftArrow) {
        actions.push_back(atom(name));
      } else {
        actions.insert(actions.end(), {glue(), atom(name)});
      }
      actions.insert(actions.end(), {glue(), operand(args[1], rp)});
    } else if (arity == 1 && ops_.prefix(name).priority > 0) {
      OpDef op = ops_.prefix(name);
      priority = op.priority;
      int ap = op.type == OpType::kFy ? op.priority : op.priority - 1;
      Cell arg = deref(cells_, args[0]);
      std::string op_text = atom_text(name);
      bool number = tag_of(arg) == kInt || tag_of(arg) == kFloat;
      bool arg_is_op = tag_of(arg) == kAtom && ops_.is_op(static_cast<AtomId>(payload(arg)));
      actions.push_back(atom(name));
      bool space = number || arg_is_op || (!op_text.empty() && is_alnum(op_text.back()));
      actions.push_back(space ? text(" ") : glue());
      if (arg_is_op)
        actions.insert(actions.end(), {text("("), term(arg, ap), text(")")});
      else
        actions.push_back(term(arg, ap));
    } else if (arity == 1 && ops_.postfix(name).priority > 0) {
      OpDef op = ops_.postfix(name);
      priority = op.priority;
      int ap = op.type == OpType::kYf ? op.priority : op.priority - 1;
      actions.insert(actions.end(), {term(args[0], ap), glue(), atom(name)});
    } else {
      return false;
    }
    if (priority > max_priority) {
      actions.insert(actions.begin(), text("("));
      actions.push_back(text(")"));
    }
    push(actions);
    return true;
  }

  const Cell* cells_;
  const Symbols& symbols_;
  const Operators& ops_;
  WriteOptions options_;
  std::vector<Action> stack_;
  CellTable names_;  // cycle point address -> its number
  std::string out_;
  bool glue_ = false;
  bool truncated_ = false;
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
                       WriteOptions options, bool* truncated) {
  return Writer(cells, symbols, ops, options).write(term, truncated);
}

}  // namespace railyard::prolog
