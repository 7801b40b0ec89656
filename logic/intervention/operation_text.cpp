// The textual form of operations (see operation.h): a formatter writing the canonical form and a
// parser that names the operation and the column of every mistake.
#include <algorithm>
#include <charconv>

#include "logic/intervention/operation.h"

namespace railyard {
namespace {

// Description-line order of an inserted car's values.
constexpr std::array kCarFields = {Descriptor::Shape,    Descriptor::Length, Descriptor::Wall,
                                   Descriptor::Roof,     Descriptor::Axles,  Descriptor::LoadShape,
                                   Descriptor::LoadCount};

struct KindName {
  OperationKind kind;
  std::string_view name;
};
constexpr std::array<KindName, 7> kKindNames = {{
    {OperationKind::SwapLoads, "swap_loads"},
    {OperationKind::MoveLoads, "move_loads"},
    {OperationKind::Set, "set"},
    {OperationKind::SwapCars, "swap_cars"},
    {OperationKind::Move, "move"},
    {OperationKind::Insert, "insert"},
    {OperationKind::Delete, "delete"},
}};

std::string_view kind_name(OperationKind kind) {
  for (const KindName& k : kKindNames)
    if (k.kind == kind) return k.name;
  return "?";
}

// A value's Michalski name; the bare number for a value outside the descriptor's range, which
// an operation built in code may carry (and apply() then refuses, naming it).
std::string value_text(Descriptor d, int value) {
  auto values = descriptor_values(d);
  if (std::find(values.begin(), values.end(), value) == values.end()) return std::to_string(value);
  return value_name(Vocabulary::Michalski, d, value);
}

// 'text', quoted for messages.
std::string quoted(std::string_view text) {
  std::string out = "'";
  out.append(text).append("'");
  return out;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
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
};

// Parses one operation; errors carry the operation's number and text and a 1-based column.
class OperationParser {
 public:
  OperationParser(Piece piece, std::size_t number) : op_text_(piece.trimmed()), number_(number) {}

  Operation parse() {
    const Piece& t = op_text_;
    if (t.text.empty()) fail(t.offset, "empty operation");
    std::size_t open = t.text.find('(');
    if (open == std::string_view::npos) fail(t.offset, "expected '(' after the operation's name");
    Piece name = t.sub(0, open).trimmed();
    std::size_t close = t.text.rfind(')');
    if (close == std::string_view::npos || close < open)
      fail(t.offset + t.text.size(), "missing ')'");
    if (close + 1 != t.text.size()) fail(t.offset + close + 1, "unexpected text after ')'");
    const KindName* kind = std::find_if(kKindNames.begin(), kKindNames.end(),
                                        [&](const KindName& k) { return k.name == name.text; });
    if (kind == kKindNames.end())
      fail(name.offset, "unknown operation '" + std::string(name.text) +
                            "' (swap_loads, move_loads, set, swap_cars, move, insert, delete)");
    split_arguments(t.sub(open + 1, close), t.offset + close);
    return parse_kind(kind->kind);
  }

 private:
  [[noreturn]] void fail(std::size_t offset, const std::string& problem) const {
    throw InterventionError("operation " + std::to_string(number_) + " '" +
                            std::string(op_text_.text) + "', column " + std::to_string(offset + 1) +
                            ": " + problem);
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
    if (!parsed)
      fail(arg.offset, quoted(arg.text) + " is not a value of " + std::string(descriptor_key(d)));
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
      auto d = parse_operation_key(key.text);
      if (!d)
        fail(key.offset, "unknown key '" + std::string(key.text) +
                             "' (shape/color, length, wall, roof, axles/wheels, load_shape/load, "
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
    Car car;
    bool no_load = false;
    auto fields = kCarFields;
    // Length and shape take disjoint values, so `insert(2, short,red,...)` reads as well.
    if (parse_value(Descriptor::Length, args_[1].text) &&
        parse_value(Descriptor::Shape, args_[2].text))
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
    Operation op = Operation::insert(position(0), car);
    if (!satisfies_visual_constraints(op.car))
      fail(args_[1].offset,
           "the new car breaks the visual constraints (a short car has 2 axles and at most 2 "
           "loads; a long car 2 or 3 axles and at most 3 loads)");
    return op;
  }

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
  std::string out(kind_name(op.kind));
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
    ops.push_back(OperationParser(whole.sub(start, i), ops.size() + 1).parse());
    start = i + 1;
  }
  return ops;
}

Operation parse_operation(std::string_view text) {
  std::size_t semicolon = text.find(';');
  if (semicolon != std::string_view::npos)
    throw InterventionError(quoted(text) + ", column " + std::to_string(semicolon + 1) +
                            ": one operation expected, not a sequence");
  return parse_operations(text).front();
}

}  // namespace railyard
