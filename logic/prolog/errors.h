// Errors the engine reports. All derive from PrologError so a caller can catch them in one place.
#pragma once

#include <stdexcept>
#include <string>

namespace railyard::prolog {

// An error raised while running a goal (unknown procedure, type or instantiation error, ...).
class PrologError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A step, depth or memory limit was hit: the program is most likely in a runaway recursion.
class LimitError : public PrologError {
 public:
  using PrologError::PrologError;
};

// A source text that does not read. what() is "file:line:column: syntax error: detail".
class SyntaxError : public PrologError {
 public:
  SyntaxError(const std::string& file, int line, int column, const std::string& detail)
      : PrologError(file + ":" + std::to_string(line) + ":" + std::to_string(column) +
                    ": syntax error: " + detail),
        line_(line),
        column_(column) {}
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_;
  int column_;
};

}  // namespace railyard::prolog
