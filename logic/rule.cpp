#include "logic/rule.h"

#include <algorithm>
#include <vector>

#include "logic/vocabulary.h"
#include "util/file_system.h"
#include "util/printable_text.h"

namespace railyard {
namespace {

template <class Enum, std::size_t N>
void intern_names(prolog::Engine& engine, std::array<prolog::Cell, N>& cells) {
  for (std::size_t i = 0; i < N; ++i)
    cells[i] =
        prolog::Engine::atom_cell(engine.atom(name(Vocabulary::Michalski, static_cast<Enum>(i))));
}

// Runs one consult, turning the engine's errors into RuleErrors that name the file.
template <class Consult>
void loading(const std::string& file, Consult consult) {
  try {
    consult();
  } catch (const prolog::SyntaxError& e) {
    throw RuleError(e.what());
  } catch (const prolog::PrologError& e) {
    throw RuleError(std::string(e.what()) + " (while loading " + file + ")");
  }
}

}  // namespace

Rule Rule::load(const std::filesystem::path& rule_file,
                const std::filesystem::path& background_file, const std::string& goal) {
  Rule rule;
  rule.rule_file_ = rule_file;
  rule.goal_ = goal;
  for (const auto& file : {background_file, rule_file}) {
    if (std::string why = file_system::why_not_a_file(file); !why.empty())
      throw RuleError("rule file " + printable(file.string()) + ": " + why);
    loading(file.string(), [&] { rule.engine_.consult_file(file); });
  }
  rule.finish_loading();
  return rule;
}

Rule Rule::from_text(std::string_view rule_text, const std::string& rule_name,
                     const prolog::Engine& background, const std::string& goal) {
  Rule rule;
  rule.rule_file_ = rule_name;
  rule.goal_ = goal;
  rule.engine_ = background;
  loading(rule_name, [&] { rule.engine_.consult_text(rule_text, rule_name); });
  rule.finish_loading();
  return rule;
}

Rule Rule::from_text(std::string_view rule_text, const std::string& rule_name,
                     const std::filesystem::path& background_file, const std::string& goal) {
  if (std::string why = file_system::why_not_a_file(background_file); !why.empty())
    throw RuleError("rule file " + background_file.string() + ": " + why);
  prolog::Engine background;
  loading(background_file.string(), [&] { background.consult_file(background_file); });
  return from_text(rule_text, rule_name, background, goal);
}

void Rule::finish_loading() {
  if (!engine_.defines(goal_, 1))
    throw RuleError(rule_file_.string() + ": does not define " + goal_ + "/1 (it must define " +
                    goal_ + "(Train))");
  intern_vocabulary();
}

void Rule::intern_vocabulary() {
  eastbound_ = engine_.functor(goal_, 1);
  car_ = engine_.functor("c", 7);
  load_ = engine_.functor("l", 2);
  intern_names<Shape>(engine_, shape_);
  intern_names<Roof>(engine_, roof_);
  intern_names<Length>(engine_, length_);
  intern_names<Wall>(engine_, wall_);
  intern_names<LoadShape>(engine_, load_shape_);
  no_load_ = prolog::Engine::atom_cell(engine_.atom("none"));
}

Direction Rule::label(const Train& train) {
  try {
    prolog::Cell term = build_train(train);
    return engine_.prove(eastbound_, {&term, 1}) ? Direction::East : Direction::West;
  } catch (const prolog::PrologError& e) {
    throw RuleError(rule_file_.string() + ": " + e.what() + " (labelling " + train_term(train) +
                    ")");
  }
}

std::size_t Rule::clause_count() const {
  return engine_.clause_count(eastbound_);
}

std::vector<bool> Rule::clauses_proving(const Train& train) {
  std::vector<bool> out(clause_count());
  try {
    for (std::size_t k = 0; k < out.size(); ++k) {
      prolog::Cell term = build_train(train);  // each clause starts a proof of its own
      out[k] = engine_.prove_clause(eastbound_, k, {&term, 1});
    }
  } catch (const prolog::PrologError& e) {
    throw RuleError(rule_file_.string() + ": " + e.what() + " (labelling " + train_term(train) +
                    ")");
  }
  return out;
}

std::size_t Rule::clauses_proved(const Train& train) {
  std::vector<bool> proving = clauses_proving(train);
  return static_cast<std::size_t>(std::count(proving.begin(), proving.end(), true));
}

// A new proof with the train term built on the engine's heap (where a limit can be hit too), in
// one block: each car is l(Shape, Count), then c(...) and its list cell.
prolog::Cell Rule::build_train(const Train& train) {
  using prolog::Cell;
  using prolog::Engine;
  engine_.begin();
  const std::size_t n = train.cars.size();
  if (n == 0) return prolog::make_atom(prolog::atom::kNil);
  constexpr std::size_t kPerCar = 3 + 8 + 2;
  const std::uint64_t at = engine_.allocate(kPerCar * n);
  Cell* out = engine_.cells(at);
  const Cell car_functor = prolog::make_functor(car_), load_functor = prolog::make_functor(load_);
  for (std::size_t i = 0; i < n; ++i) {
    const Car& car = train.cars[i];
    const std::uint64_t base = at + kPerCar * i;
    Cell* c = out + kPerCar * i;
    c[0] = load_functor;
    c[1] = car.load_count == 0 ? no_load_ : load_shape_[static_cast<std::size_t>(car.load_shape)];
    c[2] = Engine::integer(car.load_count);
    c[3] = car_functor;
    c[4] = Engine::integer(car.position);
    c[5] = shape_[static_cast<std::size_t>(car.shape)];
    c[6] = length_[static_cast<std::size_t>(car.length)];
    c[7] = wall_[static_cast<std::size_t>(car.wall)];
    c[8] = roof_[static_cast<std::size_t>(car.roof)];
    c[9] = Engine::integer(car.axles);
    c[10] = prolog::make_str(base);
    c[11] = prolog::make_str(base + 3);
    c[12] =
        i + 1 < n ? prolog::make_list(base + kPerCar + 11) : prolog::make_atom(prolog::atom::kNil);
  }
  return prolog::make_list(at + 11);
}

std::filesystem::path resolve_rule(std::string_view name_or_path,
                                   const std::filesystem::path& rules_dir) {
  std::string text(name_or_path);
  bool is_path = text.find('/') != std::string::npos ||
                 (text.size() > 3 && text.compare(text.size() - 3, 3, ".pl") == 0);
  std::filesystem::path file = is_path ? std::filesystem::path(text) : rules_dir / (text + ".pl");
  if (file_system::is_regular_file(file)) return file;
  std::vector<std::string> shipped;
  for (const std::filesystem::path& entry : file_system::list_folder(rules_dir))
    if (entry.extension() == ".pl" && entry.stem() != "background")
      shipped.push_back(entry.stem().string());
  std::string list;
  for (const std::string& s : shipped) list.append(list.empty() ? "" : ", ").append(s);
  if (is_path)
    throw RuleError("rule file " + printable(file.string()) + ": " +
                    file_system::why_not_a_file(file));
  throw RuleError("unknown rule '" + printable(text) + "'; shipped rules: " + list +
                  " (or give the path of a .pl file)");
}

std::string train_term(const Train& train) {
  std::string out = "[";
  for (std::size_t i = 0; i < train.cars.size(); ++i) {
    const Car& car = train.cars[i];
    if (i > 0) out += ',';
    out.append("c(").append(std::to_string(car.position)).append(",");
    out.append(name(Vocabulary::Michalski, car.shape)).append(",");
    out.append(name(Vocabulary::Michalski, car.length)).append(",");
    out.append(name(Vocabulary::Michalski, car.wall)).append(",");
    out.append(name(Vocabulary::Michalski, car.roof)).append(",");
    out.append(std::to_string(car.axles)).append(",l(");
    out.append(car.load_count == 0 ? std::string_view("none")
                                   : name(Vocabulary::Michalski, car.load_shape));
    out.append(",").append(std::to_string(car.load_count)).append("))");
  }
  out += ']';
  return out;
}

}  // namespace railyard
