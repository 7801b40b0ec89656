#include "logic/worlds/concept.h"

#include <algorithm>

namespace railyard::worlds {
namespace {

std::string car_var(int car) {
  return "C" + std::to_string(car + 1);
}

// A test's text with its car and value variables filled in.
std::string fill(const char* pattern, int car, const std::string& value = {}) {
  std::string out;
  for (const char* p = pattern; *p; ++p) {
    if (*p == '@')
      out += car_var(car);
    else if (*p == '#')
      out += value;
    else
      out += *p;
  }
  return out;
}

// The goals of a binary literal (comparison or equality); `m` numbers its value variables.
std::string binary_goals(const Literal& l, std::size_t m) {
  std::string a = "A" + std::to_string(m), b = "B" + std::to_string(m);
  const auto& attributes =
      l.kind == LiteralKind::Comparison ? numeric_attributes() : categorical_attributes();
  bool shared = l.kind == LiteralKind::Comparison ? !l.less : !l.different;
  std::string out = fill(attributes[l.left].text, l.car, a) + ", " +
                    fill(attributes[l.right].text, l.other, shared ? a : b);
  if (!shared) out += ", " + a + (l.kind == LiteralKind::Comparison ? " < " : " \\== ") + b;
  return out;
}

}  // namespace

const std::vector<AttributeTest>& attribute_tests() {
  static const std::vector<AttributeTest> tests = {
      {"rectangle", "rectangle(@)"},
      {"bucket", "bucket(@)"},
      {"ellipse", "ellipse(@)"},
      {"hexagon", "hexagon(@)"},
      {"u_shaped", "u_shaped(@)"},
      {"short", "short(@)"},
      {"long", "long(@)"},
      {"double", "double(@)"},
      {"closed", "closed(@)"},
      {"roof_arc", "has_roof0(@, arc)"},
      {"roof_flat", "has_roof0(@, flat)"},
      {"roof_jagged", "has_roof0(@, jagged)"},
      {"roof_peaked", "has_roof0(@, peaked)"},
      {"axles_2", "has_wheel0(@, 2)"},
      {"axles_3", "has_wheel0(@, 3)"},
      {"load_rectangle", "has_load0(@, rectangle)"},
      {"load_triangle", "has_load0(@, triangle)"},
      {"load_circle", "has_load0(@, circle)"},
      {"load_diamond", "has_load0(@, diamond)"},
      {"load_hexagon", "has_load0(@, hexagon)"},
      {"load_utriangle", "has_load0(@, utriangle)"},
      {"loads_0", "load_num(@, 0)"},
      {"loads_1", "load_num(@, 1)"},
      {"loads_2", "load_num(@, 2)"},
      {"loads_3", "load_num(@, 3)"},
  };
  return tests;
}

const std::vector<AttributeTest>& numeric_attributes() {
  static const std::vector<AttributeTest> attributes = {
      {"position", "car_num(@, #)"}, {"loads", "load_num(@, #)"}, {"axles", "has_wheel0(@, #)"}};
  return attributes;
}

const std::vector<AttributeTest>& categorical_attributes() {
  static const std::vector<AttributeTest> attributes = {
      {"color", "car_color(@, #)"}, {"roof", "has_roof0(@, #)"}, {"load", "has_load0(@, #)"}};
  return attributes;
}

const char* kind_name(LiteralKind kind) {
  switch (kind) {
    case LiteralKind::Attribute: return "attribute";
    case LiteralKind::Comparison: return "comparison";
    case LiteralKind::Equality: return "equality";
    case LiteralKind::Infront: break;
  }
  return "infront";
}

void Concept::canonicalise() {
  std::sort(literals.begin(), literals.end());
  literals.erase(std::unique(literals.begin(), literals.end()), literals.end());
}

Concept Concept::without(std::size_t i) const {
  Concept c = *this;
  c.literals.erase(c.literals.begin() + static_cast<std::ptrdiff_t>(i));
  return c;
}

bool Concept::every_car_used() const {
  std::vector<bool> used(static_cast<std::size_t>(cars), false);
  for (const Literal& l : literals) {
    used[static_cast<std::size_t>(l.car)] = true;
    if (l.kind != LiteralKind::Attribute) used[static_cast<std::size_t>(l.other)] = true;
  }
  return std::all_of(used.begin(), used.end(), [](bool u) { return u; });
}

std::vector<std::string> Concept::goals() const {
  std::vector<std::string> goals;
  for (int car = 0; car < cars; ++car) {
    auto link = std::find_if(literals.begin(), literals.end(), [&](const Literal& l) {
      return l.kind == LiteralKind::Infront && l.other == car;
    });
    goals.push_back(link != literals.end()
                        ? "infront(T, " + car_var(link->car) + ", " + car_var(car) + ")"
                        : "has_car(T, " + car_var(car) + ")");
    for (std::size_t m = 0; m < literals.size(); ++m) {
      const Literal& l = literals[m];
      if (l.kind == LiteralKind::Attribute && l.car == car)
        goals.push_back((l.negated ? "\\+ " : "") + fill(attribute_tests()[l.test].text, car));
      else if ((l.kind == LiteralKind::Comparison || l.kind == LiteralKind::Equality) &&
               std::max(l.car, l.other) == car)
        goals.push_back(binary_goals(l, m + 1));
    }
  }
  return goals;
}

std::string Concept::body() const {
  std::string out;
  for (const std::string& g : goals()) out += (out.empty() ? "" : ", ") + g;
  return out;
}

std::vector<std::string> Concept::kinds() const {
  std::vector<std::string> out;
  for (const Literal& l : literals) out.push_back(kind_name(l.kind));
  return out;
}

int Concept::chain() const {
  int longest = 0, run = 0;
  for (int car = 1; car < cars; ++car) {
    bool linked = std::any_of(literals.begin(), literals.end(), [&](const Literal& l) {
      return l.kind == LiteralKind::Infront && l.other == car;
    });
    run = linked ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace railyard::worlds
