// The textual form of operations (see operation.h): a formatter writing the canonical form and a
// parser that names the operation and the column of every mistake.
#include <algorithm>
#include <charconv>

#include "logic/intervention/operation.h"
#include "util/enum_names.h"
#include "util/printable_text.h"

namespace railyard {
namespace {

// Description-line order of an inserted car's values.
constexpr std::array kCarFields = {Descriptor::Shape,    Descriptor::Length, Descriptor::Wall,
                                   Descriptor::Roof,     Descriptor::Axles,  Descriptor::LoadShape,
                                   Descriptor::LoadCount};

constexpr auto kKindNames = enum_names<OperationKind>({{OperationKind::SwapLoads, "swap_loads"},
                                                       {OperationKind::MoveLoads, "move_loads"},
                                                       {OperationKind::Set, "set"},
                                                       {OperationKind::SwapCars, "swap_cars"},
                                                       {OperationKind::Move, "move"},
                                                       {OperationKind::Insert, "insert"},
                                                       {OperationKind::Delete, "delete"}});

// A value's Michalski name; the bare number for a value outside the descriptor's range, which
// an operation built in code may carry (and apply() then refuses, naming it).
std::string value_text(Descriptor d, int value) {
  auto values = descriptor_values(d);
  if (std::find(values.begin(), values.end(), value) == values.end()) return std::to_string(value);
  return value_name(Vocabulary::Michalski, d, value);
}

// The longest piece of the user's text a message repeats, in characters.
constexpr std::size_t kShownCharacters = 120;

// `text` for a message: every character beyond printable ASCII escaped (util/printable_text.h),
// at most kShownCharacters of it.
std::string shown(std::string_view text) {
  return printable(text, kShownCharacters, ShownCharacters::Ascii);
}

// 'text', quoted and shown for messages.
std::string quoted(std::string_view text) {
  std::string out = "'";
  out.append(shown(text)).append("'");
  return out;
}

// What a character that has no place in an operation is, for the message that finds it.
std::string character_name(char32_t code) {
  struct Named {
    char32_t code;
    const char* name;
  };
  static constexpr Named kNames[] = {
      {0x00, "NUL"},
      {0x0B, "vertical tab"},
      {0x0C, "form feed"},
      {0x1B, "escape"},
      {0x7F, "delete"},
      {0xA0, "no-break space"},
      {0xAD, "soft hyphen"},
      {0x200B, "zero width space"},
      {0x200C, "zero width non-joiner"},
      {0x200D, "zero width joiner"},
      {0x200E, "left-to-right mark"},
      {0x200F, "right-to-left mark"},
      {0x2028, "line separator"},
      {0x2029, "paragraph separator"},
      {0x202F, "narrow no-break space"},
      {0x2060, "word joiner"},
      {0x3000, "ideographic space"},
      {0xFEFF, "byte order mark"},
  };
  for (const Named& n : kNames)
    if (n.code == code) return n.name;
  if (code >= 0x2000 && code <= 0x200A) return "a typographic space";
  if (code < 0x20 || (code >= 0x80 && code < 0xA0)) return "a control character";
  if (code == 0x2018 || code == 0x2019 || code == 0x201C || code == 0x201D)
    return "a typographic quote";
  if (code >= 0xFF01 && code <= 0xFF5E)
    return "a full-width form of '" + std::string(1, static_cast<char>(code - 0xFEE0)) + "'";
  return "";
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A piece of the text with its offset in the whole text, so messages can give columns.
struct Piece {
  std::string_view text;
  std::size_t offset = 0;

  Piece trimmed() const {
    std::size_t begin = 0, end = text.size();
    while (begin < end && is_space(text[begin])) ++begin;
    while (end > begin && is_space(text[end - 1])) --end;
    return {text.substr(begin, end - begin), offset + begin};
  }
  Piece sub(std::size_t begin, std::size_t end) const {
    return {text.substr(begin, end - begin), offset + begin};
  }
  Piece from(std::size_t begin) const { return sub(begin, text.size()); }
};

// The 1-based column of byte `offset` of `whole`, in characters (a byte that is not UTF-8
// counts as one).
std::size_t column_of(std::string_view whole, std::size_t offset) {
  std::size_t column = 1;
  for (std::size_t i = 0; i < offset && i < whole.size();) {
    Utf8Char c = utf8_at(whole, i);
    i += c.length ? c.length : 1;
    ++column;
  }
  return column;
}

// Parses one operation; errors carry the operation's number and text and a 1-based column.
class OperationParser {
 public:
  // `piece` is the text between two ';' (or an end) of `whole`.
  OperationParser(std::string_view whole, Piece piece, std::size_t number)
      : whole_(whole), op_text_(piece.trimmed()), number_(number) {}

  Operation parse() {
    const Piece& t = op_text_;
    if (t.text.empty()) fail(t.offset, empty_operation());
    check_characters();
    std::size_t open = t.text.find('(');
    if (open == std::string_view::npos) fail(t.offset, "expected '(' after the operation's name");
    Piece name = t.sub(0, open).trimmed();
    if (name.text.empty())
      fail(t.offset, "expected an operation's name before '(' (" + kKindNames.list() + ")");
    std::size_t close = t.text.find(')', open);
    std::size_t nested = t.text.find('(', open + 1);
    if (nested != std::string_view::npos && nested < close) nested_parenthesis(nested);
    if (close == std::string_view::npos) fail(t.offset + t.text.size(), "missing ')'");
    text_after(close);
    std::optional<OperationKind> kind = kKindNames.parse(name.text);
    if (!kind)
      fail(name.offset, "unknown operation " + quoted(name.text) + " (" + kKindNames.list() + ")");
    split_arguments(t.sub(open + 1, close), t.offset + close);
    return parse_kind(*kind);
  }

 private:
  [[noreturn]] void fail(std::size_t offset, const std::string& problem) const {
    throw InterventionError("operation " + std::to_string(number_) + " " + quoted(op_text_.text) +
                            ", column " + std::to_string(column_of(whole_, offset)) + ": " +
                            problem);
  }

  // Why the text between two ';' (or an end) is empty.
  std::string empty_operation() const {
    bool before = op_text_.offset > 0 && number_ > 1;  // a ';' comes before it
    bool after = op_text_.offset < whole_.size();      // a ';' follows it
    if (before && after) return "empty operation (nothing between two ';')";
    if (before) return "empty operation (nothing after the last ';')";
    if (after) return "empty operation (nothing before the first ';')";
    return "empty operation";
  }

  // Operations are plain ASCII: the first character that is not (NUL, a zero width space, a
  // no-break space pasted from a document, ...) is named, escaped, where it is.
  void check_characters() const {
    const Piece& t = op_text_;
    for (std::size_t i = 0; i < t.text.size(); ++i) {
      char c = t.text[i];
      if ((c >= 0x20 && c < 0x7F) || is_space(c)) continue;
      std::size_t length = 1;
      std::string escaped = escape_character(t.text, i, length, ShownCharacters::Ascii);
      Utf8Char u = utf8_at(t.text, i);
      std::string name = u.length ? character_name(u.code) : "a byte that is not UTF-8";
      fail(t.offset + i, "unexpected character " + escaped +
                             (name.empty() ? "" : " (" + name + ")") +
                             ": operations are written in ASCII");
    }
  }

  // A '(' inside the arguments: a missing ')' (and ';') before the next operation, or a value
  // written as a term.
  [[noreturn]] void nested_parenthesis(std::size_t nested) const {
    const Piece& t = op_text_;
    std::size_t word_end = nested;
    while (word_end > 0 && is_space(t.text[word_end - 1])) --word_end;
    std::size_t word_begin = word_end;
    while (word_begin > 0 && is_name_char(t.text[word_begin - 1])) --word_begin;
    std::string_view word = t.text.substr(word_begin, word_end - word_begin);
    if (kKindNames.parse(word))
      fail(t.offset + word_begin, "expected ')' and ';' before the next operation " + quoted(word) +
                                      " (operations are separated by ';')");
    fail(t.offset + nested, "unexpected '(' inside the arguments (is a ')' missing before it?)");
  }

  // Nothing may follow the ')' that closes the arguments but the ';' before the next operation.
  void text_after(std::size_t close) const {
    Piece rest = op_text_.from(close + 1).trimmed();
    if (rest.text.empty()) return;
    if (rest.text.front() == ')') fail(rest.offset, "unexpected ')' (one too many)");
    // The next operation without its ';' (or after a ','): swap_loads(1,3) set(2, roof=none).
    bool comma = rest.text.front() == ',';
    Piece next = comma ? rest.from(1).trimmed() : rest;
    std::size_t word = 0;
    while (word < next.text.size() && is_name_char(next.text[word])) ++word;
    Piece after_word = next.from(word).trimmed();
    bool operation_follows = word > 0 && (kKindNames.parse(next.text.substr(0, word)) ||
                                          (!after_word.text.empty() && after_word.text[0] == '('));
    if (operation_follows && comma) fail(rest.offset, "expected ';' between operations, not ','");
    if (operation_follows)
      fail(rest.offset, "expected ';' before the next operation " +
                            quoted(next.text.substr(0, word)) +
                            " (operations are separated by ';')");
    fail(rest.offset, "unexpected text after ')': " + quoted(rest.text));
  }

  void split_arguments(Piece inside, std::size_t close_offset) {
    if (inside.trimmed().text.empty()) fail(close_offset, "expected arguments before ')'");
    std::size_t start = 0;
    for (std::size_t i = 0; i <= inside.text.size(); ++i) {
      if (i < inside.text.size() && inside.text[i] != ',') continue;
      Piece arg = inside.sub(start, i).trimmed();
      if (arg.text.empty()) fail(inside.offset + i, "empty argument");
      args_.push_back(arg);
      start = i + 1;
    }
  }

  void expect_arguments(std::size_t least, std::size_t most, std::string_view form) const {
    if (args_.size() >= least && args_.size() <= most) return;
    fail(op_text_.offset, "expected " + std::string(form) + ", got " +
                              std::to_string(args_.size()) + " argument" +
                              (args_.size() == 1 ? "" : "s"));
  }

  int number(const Piece& arg, int least, std::string_view what) const {
    int value = 0;
    auto [end, ec] = std::from_chars(arg.text.data(), arg.text.data() + arg.text.size(), value);
    if (ec != std::errc() || end != arg.text.data() + arg.text.size() || value < least)
      fail(arg.offset, quoted(arg.text) + " is not " + std::string(what));
    return value;
  }
  int position(std::size_t i) const { return number(args_[i], 1, "a car position (1, 2, ...)"); }

  int value(Descriptor d, const Piece& arg) const {
    auto parsed = parse_value(d, arg.text);
    if (!parsed) {
      std::string names;
      for (int v : descriptor_values(d))
        names.append(names.empty() ? "" : ", ").append(value_name(Vocabulary::Michalski, d, v));
      if (d == Descriptor::LoadShape) names += ", none";
      fail(arg.offset, quoted(arg.text) + " is not a value of " + std::string(descriptor_key(d)) +
                           " (" + names + ")");
    }
    return *parsed;
  }

  Operation parse_kind(OperationKind kind) {
    switch (kind) {
      case OperationKind::SwapLoads:
        expect_arguments(2, 2, "swap_loads(car, car)");
        return Operation::swap_loads(position(0), position(1));
      case OperationKind::MoveLoads: {
        expect_arguments(2, 3, "move_loads(from, to) or move_loads(from, to, count)");
        int count = args_.size() == 3 ? number(args_[2], 1, "a load count of at least 1") : 0;
        return Operation::move_loads(position(0), position(1), count);
      }
      case OperationKind::Set: return parse_set();
      case OperationKind::SwapCars:
        expect_arguments(2, 2, "swap_cars(car, car)");
        return Operation::swap_cars(position(0), position(1));
      case OperationKind::Move:
        expect_arguments(2, 2, "move(from, to)");
        return Operation::move(position(0), position(1));
      case OperationKind::Insert: return parse_insert();
      case OperationKind::Delete:
        expect_arguments(1, 1, "delete(car)");
        return Operation::remove(position(0));
    }
    fail(op_text_.offset, "unknown operation");
  }

  Operation parse_set() {
    if (args_.size() < 2) expect_arguments(2, 8, "set(car, key=value, ...)");
    Operation op = Operation::set(position(0));
    bool no_load = false;  // load_shape=none
    for (std::size_t i = 1; i < args_.size(); ++i) {
      const Piece& arg = args_[i];
      std::size_t equals = arg.text.find('=');
      if (equals == std::string_view::npos) fail(arg.offset, "expected key=value");
      Piece key = arg.sub(0, equals).trimmed();
      Piece text = arg.sub(equals + 1, arg.text.size()).trimmed();
      if (key.text.empty()) fail(arg.offset + equals, "expected a key before '='");
      if (text.text.empty())
        fail(arg.offset + equals + 1, "expected a value after '" + shown(key.text) + "='");
      auto d = parse_operation_key(key.text);
      if (!d)
        fail(key.offset, "unknown key " + quoted(key.text) +
                             " (shape/color, length, wall, roof, axles/wheels, load_shape/load, "
                             "load_count/loads)");
      if (op.assigned(*d) || (no_load && *d == Descriptor::LoadShape))
        fail(key.offset, std::string(descriptor_key(*d)) + " is set twice");
      if (*d == Descriptor::LoadShape && text.text == "none") {
        no_load = true;
        continue;
      }
      op.with(*d, value(*d, text));
    }
    if (no_load) {
      if (op.assigned(Descriptor::LoadCount).value_or(0) != 0)
        fail(op_text_.offset, "load_shape=none contradicts load_count=" +
                                  std::to_string(*op.assigned(Descriptor::LoadCount)));
      op.with(Descriptor::LoadCount, 0);
    }
    return op;
  }

  Operation parse_insert() {
    expect_arguments(1 + kCarFields.size(), 1 + kCarFields.size(),
                     "insert(position, shape, length, wall, roof, axles, load_shape, load_count)");
    int at = position(0);
    Car car;
    bool no_load = false;
    auto fields = kCarFields;
    // Length and shape take disjoint values, so `insert(2, short,red,...)` reads as well (and a
    // mistake in its shape is named as one).
    if (parse_value(Descriptor::Length, args_[1].text) &&
        !parse_value(Descriptor::Length, args_[2].text))
      std::swap(fields[0], fields[1]);
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const Piece& arg = args_[f + 1];
      if (fields[f] == Descriptor::LoadShape && arg.text == "none") {
        no_load = true;
        continue;
      }
      set_descriptor_value(car, fields[f], value(fields[f], arg));
    }
    if (no_load && car.load_count > 0)
      fail(args_[6].offset, "load shape 'none' with " + std::to_string(car.load_count) + " loads");
    Operation op = Operation::insert(at, car);
    if (!satisfies_visual_constraints(op.car))
      fail(args_[1].offset,
           "the new car breaks the visual constraints (a short car has 2 axles and at most 2 "
           "loads; a long car 2 or 3 axles and at most 3 loads)");
    return op;
  }

  std::string_view whole_;
  Piece op_text_;
  std::size_t number_;
  std::vector<Piece> args_;
};

}  // namespace

std::optional<Descriptor> parse_operation_key(std::string_view key) {
  if (key == "loads") return Descriptor::LoadCount;
  return parse_descriptor_key(key);
}

std::string format_operation(const Operation& op) {
  std::string out(kKindNames.name(op.kind));
  out += '(';
  out += std::to_string(op.first);
  switch (op.kind) {
    case OperationKind::SwapLoads:
    case OperationKind::SwapCars:
    case OperationKind::Move: out += ',' + std::to_string(op.second); break;
    case OperationKind::MoveLoads:
      out += ',' + std::to_string(op.second);
      if (op.count != 0) out += ',' + std::to_string(op.count);
      break;
    case OperationKind::Set:
      for (Descriptor d : kDescriptors) {
        auto value = op.assigned(d);
        if (!value) continue;
        out.append(", ").append(descriptor_key(d)).append("=").append(value_text(d, *value));
      }
      break;
    case OperationKind::Insert:
      for (std::size_t f = 0; f < kCarFields.size(); ++f) {
        Descriptor d = kCarFields[f];
        out += f == 0 ? ", " : ",";
        if (d == Descriptor::LoadShape && op.car.load_count == 0)
          out += "none";
        else
          out += value_text(d, descriptor_value(op.car, d));
      }
      break;
    case OperationKind::Delete: break;
  }
  out += ')';
  return out;
}

std::string format_operations(std::span<const Operation> ops) {
  std::string out;
  for (const Operation& op : ops) {
    if (!out.empty()) out += "; ";
    out += format_operation(op);
  }
  return out;
}

std::vector<Operation> parse_operations(std::string_view text) {
  std::vector<Operation> ops;
  Piece whole{text, 0};
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ';') continue;
    ops.push_back(OperationParser(text, whole.sub(start, i), ops.size() + 1).parse());
    start = i + 1;
  }
  return ops;
}

Operation parse_operation(std::string_view text) {
  std::size_t semicolon = text.find(';');
  if (semicolon != std::string_view::npos)
    throw InterventionError(quoted(text) + ", column " +
                            std::to_string(column_of(text, semicolon)) +
                            ": one operation expected, not a sequence");
  return parse_operations(text).front();
}

}  // namespace railyard
