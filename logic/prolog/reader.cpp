#include "logic/prolog/reader.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "logic/prolog/errors.h"

namespace railyard::prolog {
namespace {

bool is_symbol_char(int c) {
  return c > 0 && std::strchr("+-*/\\^<>=~:.?@#&$", c) != nullptr;
}
bool is_alnum(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c >= 0x80;
}
bool is_digit(int c) {
  return c >= '0' && c <= '9';
}
bool is_layout(int c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

constexpr int kMaxCode = 0x10FFFF;  // the last Unicode code point

int digit_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

}  // namespace

void append_utf8(std::string& out, int code) {
  auto c = static_cast<unsigned>(code);
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

int decode_utf8(std::string_view text, std::size_t& pos) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned c = byte(pos);
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  if (extra == 0 || pos + extra >= text.size()) {
    ++pos;
    return static_cast<int>(c);
  }
  unsigned value = c & (0x3F >> extra);
  for (int i = 1; i <= extra; ++i) {
    unsigned next = byte(pos + i);
    if ((next & 0xC0) != 0x80) {
      ++pos;
      return static_cast<int>(c);
    }
    value = (value << 6) | (next & 0x3F);
  }
  pos += extra + 1;
  return static_cast<int>(value);
}

Reader::Reader(std::string_view text, std::string file, Symbols& symbols, const Operators& ops)
    : text_(text), file_(std::move(file)), symbols_(symbols), ops_(ops) {}

void Reader::fail_at(int line, int column, const std::string& detail) const {
  throw SyntaxError(file_, line, column, detail);
}

int Reader::peek_char(std::size_t ahead) const {
  std::size_t i = pos_ + ahead;
  return i < text_.size() ? static_cast<unsigned char>(text_[i]) : -1;
}

int Reader::get_char() {
  if (pos_ >= text_.size()) return -1;
  int c = static_cast<unsigned char>(text_[pos_++]);
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  return c;
}

void Reader::skip_layout(bool& saw_layout) {
  for (;;) {
    int c = peek_char();
    if (is_layout(c)) {
      get_char();
      saw_layout = true;
    } else if (c == '%') {
      while (peek_char() != -1 && peek_char() != '\n') get_char();
      saw_layout = true;
    } else if (c == '/' && peek_char(1) == '*') {
      int line = line_, column = column_;
      get_char();
      get_char();
      while (!(peek_char() == '*' && peek_char(1) == '/')) {
        if (peek_char() == -1) fail_at(line, column, "unterminated block comment");
        get_char();
      }
      get_char();
      get_char();
      saw_layout = true;
    } else {
      return;
    }
  }
}

int Reader::read_escape(int line, int column) {
  int c = get_char();
  switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'a': return 7;
    case 'b': return 8;
    case 'f': return 12;
    case 'v': return 11;
    case 'e': return 27;
    case 's': return ' ';
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      int value = c - '0';
      while (peek_char() >= '0' && peek_char() <= '7') {
        value = value * 8 + (get_char() - '0');
        if (value > kMaxCode) fail_at(line, column, "character code out of range in escape");
      }
      if (peek_char() == '\\') get_char();
      return value;
    }
    case 'x': {
      int value = 0;
      while (digit_value(peek_char()) < 16) {
        value = value * 16 + digit_value(get_char());
        if (value > kMaxCode) fail_at(line, column, "character code out of range in escape");
      }
      if (peek_char() == '\\') get_char();
      return value;
    }
    case '\\':
    case '\'':
    case '"':
    case '`': return c;
    default: fail_at(line, column, "undefined escape sequence in quoted text");
  }
}

void Reader::read_quoted(char quote, std::string& out, int line, int column) {
  for (;;) {
    int c = get_char();
    if (c == -1) fail_at(line, column, "unterminated quoted text");
    if (c == quote) {
      if (peek_char() == quote) {
        get_char();
        out += quote;
        continue;
      }
      return;
    }
    if (c == '\\') {
      if (peek_char() == '\n') {  // line continuation
        get_char();
        continue;
      }
      append_utf8(out, read_escape(line_, column_ - 1));
      continue;
    }
    out += static_cast<char>(c);
  }
}

void Reader::read_number(Token& t) {
  std::size_t start = pos_;
  if (peek_char() == '0' && peek_char(1) == '\'') {
    get_char();
    get_char();
    int c = peek_char();
    if (c == '\\') {
      get_char();
      t.int_value = read_escape(t.line, t.column);
    } else if (c == '\'' && peek_char(1) == '\'') {
      get_char();
      get_char();
      t.int_value = '\'';
    } else if (c == -1) {
      fail_at(t.line, t.column, "end of file in character code");
    } else {
      std::size_t p = pos_;
      int code = decode_utf8(text_, p);
      while (pos_ < p) get_char();
      t.int_value = code;
    }
    t.kind = Tok::kInt;
    return;
  }
  int base = 10;
  if (peek_char() == '0' && (peek_char(1) == 'x' || peek_char(1) == 'o' || peek_char(1) == 'b') &&
      digit_value(peek_char(2)) < (peek_char(1) == 'x'   ? 16
                                   : peek_char(1) == 'o' ? 8
                                                         : 2)) {
    base = peek_char(1) == 'x' ? 16 : peek_char(1) == 'o' ? 8 : 2;
    get_char();
    get_char();
  }
  std::int64_t value = 0;
  bool overflow = false;
  while (digit_value(peek_char()) < base ||
         (peek_char() == '_' && digit_value(peek_char(1)) < base)) {
    int c = get_char();
    if (c == '_') continue;
    if (__builtin_mul_overflow(value, base, &value) ||
        __builtin_add_overflow(value, digit_value(c), &value) || value > kMaxInt)
      overflow = true;
  }
  bool is_float = false;
  if (base == 10 && peek_char() == '.' && is_digit(peek_char(1))) {
    is_float = true;
    get_char();
    while (is_digit(peek_char())) get_char();
  }
  if (base == 10 && (peek_char() == 'e' || peek_char() == 'E') &&
      (is_digit(peek_char(1)) ||
       ((peek_char(1) == '+' || peek_char(1) == '-') && is_digit(peek_char(2))))) {
    is_float = true;
    get_char();
    if (peek_char() == '+' || peek_char() == '-') get_char();
    while (is_digit(peek_char())) get_char();
  }
  if (is_float) {
    std::string digits;
    for (std::size_t i = start; i < pos_; ++i)
      if (text_[i] != '_') digits += text_[i];
    t.kind = Tok::kFloat;
    t.float_value = std::strtod(digits.c_str(), nullptr);
    if (peek_char() == 'I' && text_.substr(pos_, 3) == "Inf") {
      for (int i = 0; i < 3; ++i) get_char();
      t.float_value = t.float_value < 0 ? -__builtin_inf() : __builtin_inf();
    } else if (peek_char() == 'N' && text_.substr(pos_, 3) == "NaN") {
      for (int i = 0; i < 3; ++i) get_char();
      t.float_value = __builtin_nan("");
    }
    return;
  }
  if (overflow)
    fail_at(t.line, t.column, "integer too large (this engine's integers have 61 bits)");
  t.kind = Tok::kInt;
  t.int_value = value;
}

Reader::Token Reader::lex() {
  Token t;
  skip_layout(t.layout_before);
  t.line = line_;
  t.column = column_;
  int c = peek_char();
  if (c == -1) {
    t.kind = Tok::kEof;
    return t;
  }
  if (is_digit(c)) {
    read_number(t);
    return t;
  }
  if (c == '_' || (c >= 'A' && c <= 'Z')) {
    while (is_alnum(peek_char())) t.text += static_cast<char>(get_char());
    t.kind = Tok::kVar;
    return t;
  }
  if (is_alnum(c)) {
    while (is_alnum(peek_char())) t.text += static_cast<char>(get_char());
    t.kind = Tok::kAtom;
    return t;
  }
  if (c == '\'' || c == '"' || c == '`') {
    get_char();
    read_quoted(static_cast<char>(c), t.text, t.line, t.column);
    t.kind = c == '\'' ? Tok::kAtom : c == '"' ? Tok::kString : Tok::kBackQuote;
    t.quoted = true;
    return t;
  }
  if (c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == ',' ||
      c == '|') {
    get_char();
    if (c == '|' && peek_char() == '|') {
      get_char();
      t.kind = Tok::kAtom;
      t.text = "||";
      return t;
    }
    t.kind = Tok::kPunct;
    t.text = std::string(1, static_cast<char>(c));
    return t;
  }
  if (c == '!' || c == ';') {
    get_char();
    t.kind = Tok::kAtom;
    t.text = std::string(1, static_cast<char>(c));
    return t;
  }
  if (is_symbol_char(c)) {
    // A lone '.' followed by layout, '%' or the end of the text ends the clause.
    if (c == '.' && (peek_char(1) == -1 || is_layout(peek_char(1)) || peek_char(1) == '%')) {
      get_char();
      t.kind = Tok::kEnd;
      return t;
    }
    while (is_symbol_char(peek_char())) t.text += static_cast<char>(get_char());
    t.kind = Tok::kAtom;
    return t;
  }
  fail_at(t.line, t.column, std::string("illegal character '") + static_cast<char>(c) + "'");
}

const Reader::Token& Reader::peek() {
  if (!have_peek_) {
    peeked_ = lex();
    have_peek_ = true;
  }
  return peeked_;
}

Reader::Token Reader::take() {
  peek();
  have_peek_ = false;
  last_line_ = peeked_.line;
  last_column_ = peeked_.column;
  return std::move(peeked_);
}

unsigned Reader::nest(unsigned inner, unsigned last) {
  unsigned depth = std::max(inner + 1, last);
  if (depth > kMaxNesting)
    fail_at(last_line_, last_column_,
            "term nested more than " + std::to_string(kMaxNesting) + " levels deep");
  return depth;
}

bool Reader::is_terminator(const Token& t) const {
  if (t.kind == Tok::kEnd || t.kind == Tok::kEof) return true;
  if (t.kind != Tok::kPunct) return false;
  return t.text == ")" || t.text == "]" || t.text == "}" || t.text == "," || t.text == "|";
}

bool Reader::is_term_start(const Token& t) const {
  if (is_terminator(t)) return false;
  if (t.kind != Tok::kAtom) return true;
  AtomId a;
  if (!symbols_.find_atom(t.text, a)) return true;
  // An infix operator that is not also a prefix operator cannot start an operand.
  return !(ops_.infix(a).priority > 0 && ops_.prefix(a).priority == 0) ||
         (peek_char() == '(' && !t.layout_before);
}

Cell Reader::variable(const std::string& name) {
  std::vector<Cell>& cells = *cells_;
  if (name != "_") {
    auto it = variable_index_.find(name);
    if (it != variable_index_.end()) return it->second;
  }
  Cell v = make_ref(cells.size());
  cells.push_back(v);
  if (name != "_") {
    variables_->emplace_back(name, v);
    variable_index_.emplace(name, v);
  }
  return v;
}

Cell Reader::compound(AtomId name, const std::vector<Cell>& args) {
  std::vector<Cell>& cells = *cells_;
  if (name == atom::kListName && args.size() == 2) {
    std::size_t at = cells.size();
    cells.push_back(args[0]);
    cells.push_back(args[1]);
    return make_list(at);
  }
  std::size_t at = cells.size();
  cells.push_back(make_functor(symbols_.functor(name, static_cast<unsigned>(args.size()))));
  cells.insert(cells.end(), args.begin(), args.end());
  return make_str(at);
}

// A float is boxed as on the machine's heap (Machine::new_float): a header cell, then its bits.
Cell Reader::float_term(double value) {
  std::vector<Cell>& cells = *cells_;
  std::size_t at = cells.size();
  cells.push_back(make_functor(functor::kFloatHeader));
  Cell bits;
  std::memcpy(&bits, &value, sizeof bits);
  cells.push_back(bits);
  return make_float_ref(at);
}

Reader::Parsed Reader::code_list(const std::string& utf8) {
  std::vector<Cell> codes;
  for (std::size_t p = 0; p < utf8.size();) codes.push_back(make_int(decode_utf8(utf8, p)));
  Cell list = make_atom(atom::kNil);
  for (auto it = codes.rbegin(); it != codes.rend(); ++it)
    list = compound(atom::kListName, {*it, list});
  return {list, 0, codes.empty() ? 0u : 1u};
}

Reader::Parsed Reader::parse_arguments(AtomId name) {
  take();  // '('
  std::vector<Cell> args;
  unsigned inner = 0, last = 0;
  for (;;) {
    Parsed arg = parse_argument();
    if (!args.empty()) inner = std::max(inner, last);
    args.push_back(arg.term);
    last = arg.depth;
    Token t = take();
    if (args.size() > 255) fail_at(t.line, t.column, "more than 255 arguments");
    if (t.kind == Tok::kPunct && t.text == ",") continue;
    if (t.kind == Tok::kPunct && t.text == ")") break;
    fail_at(t.line, t.column, "expected ',' or ')' in arguments");
  }
  unsigned depth = args.size() > 1 ? nest(inner, last) : last;
  return {compound(name, args), 0, depth};
}

Reader::Parsed Reader::parse_list() {
  std::vector<Cell> items;
  Cell tail = make_atom(atom::kNil);
  unsigned inner = 0, last = 0;
  for (;;) {
    Parsed item = parse_argument();
    items.push_back(item.term);
    inner = std::max(inner, item.depth);
    Token t = take();
    if (t.kind == Tok::kPunct && t.text == ",") continue;
    if (t.kind == Tok::kPunct && t.text == "|") {
      Parsed rest = parse_argument();
      tail = rest.term;
      last = rest.depth;
      t = take();
    }
    if (t.kind == Tok::kPunct && t.text == "]") break;
    fail_at(t.line, t.column, "expected ',', '|' or ']' in list");
  }
  for (auto it = items.rbegin(); it != items.rend(); ++it)
    tail = compound(atom::kListName, {*it, tail});
  return {tail, 0, nest(inner, last)};
}

Reader::Parsed Reader::parse_primary(int max_priority) {
  // Every recursion of the parser passes here: brackets, arguments and prefix operators.
  struct Open {
    unsigned& count;
    ~Open() { --count; }
  } open{++nesting_};
  if (nesting_ > kMaxNesting) {
    const Token& at = peek();
    fail_at(at.line, at.column,
            "term nested more than " + std::to_string(kMaxNesting) + " levels deep");
  }
  Token t = take();
  switch (t.kind) {
    case Tok::kInt: return {make_int(t.int_value), 0};
    case Tok::kFloat: return {float_term(t.float_value), 0};
    case Tok::kVar: return {variable(t.text), 0};
    case Tok::kString:
    case Tok::kBackQuote: return code_list(t.text);
    case Tok::kEnd: fail_at(t.line, t.column, "unexpected end of clause");
    case Tok::kEof: fail_at(t.line, t.column, "unexpected end of file");
    case Tok::kPunct: {
      if (t.text == "(") {
        Parsed inner = parse_nested(1200);
        Token close = take();
        if (close.kind != Tok::kPunct || close.text != ")")
          fail_at(close.line, close.column, "expected ')'");
        return {inner.term, 0, inner.depth};
      }
      if (t.text == "[") {
        if (peek().kind == Tok::kPunct && peek().text == "]") {
          take();
          if (peek().kind == Tok::kPunct && peek().text == "(" && !peek().layout_before)
            return parse_arguments(atom::kNil);
          return {make_atom(atom::kNil), 0};
        }
        return parse_list();
      }
      if (t.text == "{") {
        if (peek().kind == Tok::kPunct && peek().text == "}") {
          take();
          return {make_atom(atom::kCurly), 0};
        }
        Parsed inner = parse_nested(1200);
        Token close = take();
        if (close.kind != Tok::kPunct || close.text != "}")
          fail_at(close.line, close.column, "expected '}'");
        return {compound(atom::kCurly, {inner.term}), 0, inner.depth};
      }
      fail_at(t.line, t.column, "unexpected '" + t.text + "'");
    }
    case Tok::kAtom: break;
  }
  AtomId name = symbols_.atom(t.text);
  const Token& next = peek();
  if (next.kind == Tok::kPunct && next.text == "(" && !next.layout_before)
    return parse_arguments(name);
  if (!t.quoted && t.text == "-" && !next.layout_before &&
      (next.kind == Tok::kInt || next.kind == Tok::kFloat)) {
    Token number = take();
    if (number.kind == Tok::kInt) return {make_int(-number.int_value), 0};
    return {float_term(-number.float_value), 0};
  }
  OpDef prefix = ops_.prefix(name);
  if (prefix.priority > 0 && is_term_start(next)) {
    int priority = prefix.priority;
    if (priority > max_priority) priority = 999;
    int arg_max = prefix.type == OpType::kFy ? priority : priority - 1;
    Parsed arg = parse(arg_max);
    return {compound(name, {arg.term}), priority, arg.depth};
  }
  int priority = ops_.is_op(name) ? std::max(prefix.priority, ops_.infix(name).priority) : 0;
  return {make_atom(name), priority > max_priority ? 0 : priority};
}

// Infix and postfix operators, in a loop: the right operand of an infix operator waits on
// `pending` while it is parsed, instead of in a recursive call, so that operator chains as long
// as a clause body cost no stack.
Reader::Parsed Reader::parse(int max_priority) {
  struct Pending {
    Parsed left;
    AtomId op;
    int op_priority;
    int max_priority;  // of the expression the operator is in
  };
  std::vector<Pending> pending;
  Parsed left = parse_primary(max_priority);
  for (;;) {
    const Token& t = peek();
    AtomId name = 0;
    bool candidate = true;
    if (arg_mode_ && t.kind == Tok::kPunct && (t.text == "," || t.text == "|"))
      candidate = false;
    else if (t.kind == Tok::kPunct && t.text == ",")
      name = atom::kComma;
    else if (t.kind == Tok::kPunct && t.text == "|")
      name = atom::kBar;
    else if (t.kind == Tok::kAtom)
      name = symbols_.atom(t.text);
    else
      candidate = false;
    if (candidate) {
      OpDef infix = ops_.infix(name);
      if (infix.priority > 0) {
        int left_max = infix.type == OpType::kYfx ? infix.priority : infix.priority - 1;
        int right_max = infix.type == OpType::kXfy ? infix.priority : infix.priority - 1;
        if (infix.priority <= max_priority && left.priority <= left_max) {
          take();
          pending.push_back({left, name, infix.priority, max_priority});
          max_priority = right_max;
          left = parse_primary(right_max);
          continue;
        }
      }
      OpDef postfix = ops_.postfix(name);
      if (postfix.priority > 0 && postfix.priority <= max_priority) {
        take();
        left = {compound(name, {left.term}), postfix.priority, left.depth};
        continue;
      }
    }
    if (pending.empty()) return left;
    // The right operand of the innermost pending operator is complete.
    const Pending& p = pending.back();
    left = {compound(p.op, {p.left.term, left.term}), p.op_priority,
            nest(p.left.depth, left.depth)};
    max_priority = p.max_priority;
    pending.pop_back();
  }
}

Reader::Parsed Reader::parse_argument() {
  bool saved = arg_mode_;
  arg_mode_ = true;
  Parsed p = parse(1200);
  arg_mode_ = saved;
  return p;
}

Reader::Parsed Reader::parse_nested(int max_priority) {
  bool saved = arg_mode_;
  arg_mode_ = false;
  Parsed p = parse(max_priority);
  arg_mode_ = saved;
  return p;
}

bool Reader::next(std::vector<Cell>& cells, ReadClause& out) {
  cells_ = &cells;
  out.variables.clear();
  variables_ = &out.variables;
  variable_index_.clear();
  nesting_ = 0;
  const Token& first = peek();
  if (first.kind == Tok::kEof) return false;
  out.line = first.line;
  out.column = first.column;
  out.term = parse(1200).term;
  Token end = take();
  if (end.kind != Tok::kEnd)
    fail_at(end.line, end.column,
            end.kind == Tok::kEof ? "end of file in clause (missing '.'?)"
                                  : "operator expected (missing ',' or '.'?)");
  return true;
}

}  // namespace railyard::prolog
