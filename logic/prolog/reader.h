// Reads Prolog clauses from text into cells: a tokenizer and an operator-precedence parser over
// the operator table. Double-quoted and back-quoted text reads as a list of character codes.
// Operator chains are parsed in a loop; brackets, arguments and prefix operators recurse, at most
// kMaxNesting deep, and terms nest at most kMaxNesting deep (cell.h): deeper text is a syntax
// error naming its line and column, never a stack overflow.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "logic/prolog/cell.h"
#include "logic/prolog/operators.h"
#include "logic/prolog/symbols.h"

namespace railyard::prolog {

struct ReadClause {
  Cell term = 0;
  std::vector<std::pair<std::string, Cell>> variables;  // named variables, first-seen order
  int line = 0;                                         // where the clause starts
  int column = 0;
};

class Reader {
 public:
  // `file` names the source in syntax errors.
  Reader(std::string_view text, std::string file, Symbols& symbols, const Operators& ops);

  // Reads the next clause into `cells` (appending; term cells refer to indices in `cells`).
  // Returns false at the end of the text. Throws SyntaxError.
  bool next(std::vector<Cell>& cells, ReadClause& out);

  const std::string& file() const { return file_; }

 private:
  enum class Tok { kAtom, kVar, kInt, kFloat, kString, kBackQuote, kPunct, kEnd, kEof };
  struct Token {
    Tok kind = Tok::kEof;
    std::string text;  // atom or variable name, string contents, punctuation character
    std::int64_t int_value = 0;
    double float_value = 0.0;
    int line = 0, column = 0;
    bool layout_before = false;  // whitespace or a comment right before this token
    bool quoted = false;
  };
  struct Parsed {
    Cell term;
    int priority;
    unsigned depth = 0;  // nesting in arguments other than the last (see kMaxNesting)
  };

  // Tokenizer.
  Token lex();
  void skip_layout(bool& saw_layout);
  int peek_char(std::size_t ahead = 0) const;
  int get_char();
  void read_quoted(char quote, std::string& out, int line, int column);
  int read_escape(int line, int column);
  void read_number(Token& t);
  [[noreturn]] void fail_at(int line, int column, const std::string& detail) const;

  // Parser.
  const Token& peek();
  Token take();
  Parsed parse(int max_priority);
  Parsed parse_argument();
  Parsed parse_nested(int max_priority);  // inside brackets: separators are operators again
  Parsed parse_primary(int max_priority);
  Parsed parse_arguments(AtomId name);
  Parsed parse_list();
  unsigned nest(unsigned inner, unsigned last);  // depth of a compound; error when too deep
  bool is_term_start(const Token& t) const;
  bool is_terminator(const Token& t) const;
  Cell variable(const std::string& name);
  Cell float_term(double value);
  Parsed code_list(const std::string& utf8);
  Cell compound(AtomId name, const std::vector<Cell>& args);

  std::string_view text_;
  std::string file_;
  Symbols& symbols_;
  const Operators& ops_;
  std::size_t pos_ = 0;
  int line_ = 1, column_ = 1;
  bool have_peek_ = false;
  // Inside arguments and list elements ',' and '|' separate instead of being operators; like
  // SWI-Prolog, other operators up to 1200 are accepted there.
  bool arg_mode_ = false;
  Token peeked_;
  int last_line_ = 1, last_column_ = 1;  // of the last token taken
  unsigned nesting_ = 0;                 // brackets, arguments and prefix operators open
  std::vector<Cell>* cells_ = nullptr;
  std::vector<std::pair<std::string, Cell>>* variables_ = nullptr;
  std::unordered_map<std::string, Cell> variable_index_;
};

// UTF-8 helpers shared with the builtins.
void append_utf8(std::string& out, int code);
// Decodes one code point at `pos`, advancing it; bytes that are not valid UTF-8 read as themselves.
int decode_utf8(std::string_view text, std::size_t& pos);

}  // namespace railyard::prolog
