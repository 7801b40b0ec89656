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

// The three limits that bound one proof (see Limits in machine.h).
enum class LimitKind { kSteps, kDepth, kTermSpace };

// A step, depth or term-space limit was hit: most likely a runaway recursion or an endless
// generator. kind() says which limit; the message names it too.
class LimitError : public PrologError {
 public:
  LimitError(LimitKind kind, const std::string& message) : PrologError(message), kind_(kind) {}
  LimitKind kind() const { return kind_; }

 private:
  LimitKind kind_;
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
