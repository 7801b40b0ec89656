// flloat's grammar by recursive descent, one function per precedence level.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "logic/ltlf/formula.h"
#include "util/printable_text.h"

namespace railyard::ltlf {
namespace {

enum class Token : std::uint8_t {
  End,
  Atom,
  True,
  False,
  Last,
  LeftParen,
  RightParen,
  Not,
  Next,
  WeakNext,
  Eventually,
  Always,
  And,
  Or,
  Implies,
  Equivalent,
  Until,
  Release,
};

struct Lexeme {
  Token token = Token::End;
  std::size_t begin = 0;  // byte offsets into the text
  std::size_t end = 0;
};

bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_name_char(char c) {
  return is_lower(c) || (c >= '0' && c <= '9') || c == '_';
}

// Bounds that keep every recursive walk of a formula (here, in the evaluator, the progression)
// far from the stack's end, whatever a config holds: nesting by parentheses, unary operators and
// right-associative chains; the text's length (kMaxFormulaLength) bounds left-associative ones.
constexpr int kMaxNesting = 200;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text), builder_(std::string(text)) {}

  Formula parse() {
    advance();
    NodeId root = equivalence();
    if (current_.token != Token::End)
      fail(current_.begin, "expected an operator or the end, found " + describe(current_));
    return std::move(builder_).finish(root);
  }

 private:
  // a <-> b <-> c holds when all are equal (flloat), i.e. (a <-> b) & (b <-> c).
  NodeId equivalence() {
    NodeId left = implication();
    NodeId result = left;
    bool chained = false;
    while (accept(Token::Equivalent)) {
      NodeId right = implication();
      NodeId pair = builder_.binary(Op::Equivalent, left, right);
      result = chained ? builder_.binary(Op::And, result, pair) : pair;
      chained = true;
      left = right;
    }
    return result;
  }

  NodeId implication() { return right_chain(Token::Implies, Op::Implies, &Parser::disjunction); }

  NodeId disjunction() {
    NodeId left = conjunction();
    while (accept(Token::Or)) left = builder_.binary(Op::Or, left, conjunction());
    return left;
  }

  NodeId conjunction() {
    NodeId left = until();
    while (accept(Token::And)) left = builder_.binary(Op::And, left, until());
    return left;
  }

  NodeId until() { return right_chain(Token::Until, Op::Until, &Parser::release); }

  NodeId release() { return right_chain(Token::Release, Op::Release, &Parser::unary); }

  // operand [token operand [token ...]], grouped to the right: a op (b op c). Each operator is a
  // level of nesting.
  NodeId right_chain(Token token, Op op, NodeId (Parser::*operand)()) {
    NodeId left = (this->*operand)();
    if (!accept(token)) return left;
    Nesting nesting(*this);
    return builder_.binary(op, left, right_chain(token, op, operand));
  }

  // One level deeper for the life of the object; refused past kMaxNesting.
  class Nesting {
   public:
    explicit Nesting(Parser& parser) : parser_(parser) {
      if (++parser_.depth_ > kMaxNesting)
        parser_.fail(parser_.current_.begin,
                     "nested deeper than " + std::to_string(kMaxNesting) +
                         " levels (of parentheses, unary operators and the right operands of "
                         "->, U and R)");
    }
    ~Nesting() { --parser_.depth_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    Parser& parser_;
  };

  // Each unary operator is a level of nesting, as each '(' is; a plain operand is none.
  NodeId unary() {
    static constexpr std::pair<Token, Op> kUnary[] = {{Token::Not, Op::Not},
                                                      {Token::Next, Op::Next},
                                                      {Token::WeakNext, Op::WeakNext},
                                                      {Token::Eventually, Op::Eventually},
                                                      {Token::Always, Op::Always}};
    for (auto [token, op] : kUnary)
      if (accept(token)) {
        Nesting nesting(*this);
        return builder_.unary(op, unary());
      }
    return primary();
  }

  NodeId primary() {
    Lexeme at = current_;
    switch (at.token) {
      case Token::Atom: advance(); return builder_.atom(text_.substr(at.begin, at.end - at.begin));
      case Token::True: advance(); return builder_.leaf(Op::True);
      case Token::False: advance(); return builder_.leaf(Op::False);
      case Token::Last: advance(); return builder_.leaf(Op::Last);
      case Token::LeftParen: {
        Nesting nesting(*this);
        advance();
        NodeId inner = equivalence();
        if (!accept(Token::RightParen))
          fail(current_.begin, "expected ')' to close the '(' at column " +
                                   std::to_string(column(at.begin)) + ", found " +
                                   describe(current_));
        return inner;
      }
      default:
        fail(at.begin,
             "expected an atom, true, false, last, a unary operator or '(', found " + describe(at));
    }
  }

  bool accept(Token token) {
    if (current_.token != token) return false;
    advance();
    return true;
  }

  void advance() {
    std::size_t i = current_.end;
    while (i < text_.size() &&
           (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r'))
      ++i;
    current_ = lex(i);
  }

  Lexeme lex(std::size_t i) {
    if (i >= text_.size()) return {Token::End, i, i};
    char c = text_[i];
    if (is_lower(c)) return word(i);
    auto one = [&](Token t) { return Lexeme{t, i, i + 1}; };
    switch (c) {
      case '(': return one(Token::LeftParen);
      case ')': return one(Token::RightParen);
      case '!': return one(Token::Not);
      case '&': return one(Token::And);
      case '|': return one(Token::Or);
      case 'X': return one(Token::Next);
      case 'F': return one(Token::Eventually);
      case 'G': return one(Token::Always);
      case 'U': return one(Token::Until);
      case 'R': return one(Token::Release);
      case 'W':
        if (text_.substr(i, 2) == "WX") return {Token::WeakNext, i, i + 2};
        fail(i, "'W' must begin 'WX'");
      case '-':
        if (text_.substr(i, 2) == "->") return {Token::Implies, i, i + 2};
        fail(i, "'-' must begin '->'");
      case '<':
        if (text_.substr(i, 3) == "<->") return {Token::Equivalent, i, i + 3};
        fail(i, "'<' must begin '<->'");
      default: break;
    }
    if (c >= 'A' && c <= 'Z')
      fail(i, "'" + std::string(1, c) +
                  "' is not an operator (X, WX, F, G, U, R); atoms are lower case");
    std::size_t length = 0;
    std::string shown = escape_character(text_, i, length);
    fail(i, "unexpected character '" +
                (shown.empty() ? std::string(text_.substr(i, length)) : shown) + "'");
  }

  // Atoms and the lower-case constants; flloat's atoms are [a-z][a-z0-9_]*.
  Lexeme word(std::size_t i) {
    std::size_t end = i;
    while (end < text_.size() && is_name_char(text_[end])) ++end;
    std::string_view name = text_.substr(i, end - i);
    Token token = name == "true"    ? Token::True
                  : name == "false" ? Token::False
                  : name == "last"  ? Token::Last
                                    : Token::Atom;
    return {token, i, end};
  }

  // Columns count characters, not bytes, from 1.
  std::size_t column(std::size_t byte) const {
    std::size_t characters = 0;
    for (std::size_t i = 0; i < byte && i < text_.size(); ++i)
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++characters;
    return characters + 1;
  }

  static std::string quoted(std::string_view shown) {
    std::string text = "'";
    text += shown;
    text += '\'';
    return text;
  }

  std::string describe(const Lexeme& at) const {
    if (at.token == Token::End) return "the end";
    return quoted(printable(text_.substr(at.begin, at.end - at.begin)));
  }

  [[noreturn]] void fail(std::size_t byte, const std::string& what) const {
    throw FormulaError(quoted_formula(text_) + ": column " + std::to_string(column(byte)) + ": " +
                       what);
  }

  std::string_view text_;
  FormulaBuilder builder_;
  Lexeme current_;
  int depth_ = 0;
};

}  // namespace

bool is_atom_name(std::string_view name) {
  return !name.empty() && is_lower(name[0]) &&
         std::all_of(name.begin(), name.end(), is_name_char) && name != "true" && name != "false" &&
         name != "last";
}

Formula parse_formula(std::string_view text) {
  if (text.size() > kMaxFormulaLength)
    throw FormulaError(quoted_formula(text.substr(0, 40)) + "...: " + std::to_string(text.size()) +
                       " characters, more than the " + std::to_string(kMaxFormulaLength) +
                       " a formula may have");
  return Parser(text).parse();
}

}  // namespace railyard::ltlf
