#include "tools/lib/export/background_facts.h"

#include <array>
#include <set>

#include "logic/vocabulary.h"
#include "tools/lib/export/logic_vocabulary.h"

namespace railyard::exports {
namespace {

// Small non-negative numbers as text without formatting work: positions, axles and counts.
std::string_view number(int n) {
  static const std::array<std::string, 100> kText = [] {
    std::array<std::string, 100> text;
    for (int i = 0; i < 100; ++i) text[static_cast<std::size_t>(i)] = std::to_string(i);
    return text;
  }();
  return kText[static_cast<std::size_t>(n)];
}

int index_of(auto value) {
  return static_cast<int>(value);
}

}  // namespace

BackgroundFacts::BackgroundFacts(LogicVocabulary vocabulary, bool object_types)
    : vocabulary_(vocabulary), object_types_(object_types) {
  for (const Predicate& p : logic_predicates(vocabulary))
    heads_.push_back(std::string(p.name) + "(");
  facts_.resize(heads_.size());
}

void BackgroundFacts::fact(int predicate, std::string_view a) {
  std::string& out = facts_[static_cast<std::size_t>(predicate)];
  out.append(heads_[static_cast<std::size_t>(predicate)]).append(a).append(").\n");
}

void BackgroundFacts::fact(int predicate, std::string_view a, std::string_view b) {
  std::string& out = facts_[static_cast<std::size_t>(predicate)];
  out.append(heads_[static_cast<std::size_t>(predicate)]).append(a).append(",");
  out.append(b).append(").\n");
}

void BackgroundFacts::fact(int predicate, std::string_view a, std::string_view b,
                           std::string_view c) {
  std::string& out = facts_[static_cast<std::size_t>(predicate)];
  out.append(heads_[static_cast<std::size_t>(predicate)]).append(a).append(",");
  out.append(b).append(",").append(c).append(").\n");
}

void BackgroundFacts::object(std::string& list, std::string_view type, std::string_view constant) {
  if (object_types_) list.append(type).append("(").append(constant).append(").\n");
}

void BackgroundFacts::add(std::string_view id, const Train& train) {
  car_ids_.resize(train.cars.size());
  for (std::size_t k = 0; k < train.cars.size(); ++k) {
    car_ids_[k].assign(id).append("_c").append(number(train.cars[k].position));
    object(cars_, "car", car_ids_[k]);
  }
  object(trains_, "train", id);
  largest_number_ = std::max(largest_number_, static_cast<int>(train.cars.size()));
  if (vocabulary_ == LogicVocabulary::Relational)
    add_relational(id, train);
  else
    add_michalski(id, train);
}

void BackgroundFacts::add_relational(std::string_view id, const Train& train) {
  using namespace relational;
  constexpr Vocabulary kM = Vocabulary::Michalski, kT = Vocabulary::Trains;
  std::size_t n = train.cars.size();
  for (std::size_t k = 0; k < n; ++k) fact(kHasCar, id, car_ids_[k]);
  for (std::size_t k = 0; k + 1 < n; ++k) fact(kInfront, id, car_ids_[k], car_ids_[k + 1]);
  std::array<bool, 6> carried{};
  for (const Car& car : train.cars)
    if (car.load_count > 0) carried[static_cast<std::size_t>(car.load_shape)] = true;
  for (std::size_t s = 0; s < carried.size(); ++s)
    if (carried[s]) fact(kHasLoad1, id, name(kM, static_cast<LoadShape>(s)));

  for (std::size_t k = 0; k < n; ++k) {
    const Car& car = train.cars[k];
    std::string_view c = car_ids_[k];
    bool loaded = car.load_count > 0;
    fact(kCarNum, c, number(car.position));
    fact(kShapes + index_of(car.shape), c);
    fact(car.length == Length::Long ? kLong : kShort, c);
    if (car.wall == Wall::Double) fact(kDouble, c);
    fact(kHasRoof0, c, name(kM, car.roof));
    fact(car.roof == Roof::None ? kOpen : kClosed, c);
    fact(kHasWheel0, c, number(car.axles));
    for (int x = 1; x <= car.load_count; ++x) fact(kHasLoad, c, number(x));
    if (loaded) fact(kHasLoad0, c, name(kM, car.load_shape));
    fact(kLoadNum, c, number(car.load_count));
    fact(kCarColor, c, name(kT, car.shape));
    fact(kColours + index_of(car.shape), c);
    if (loaded) {
      fact(kHasPayload, c, name(kT, car.load_shape));
      fact(kPayloads + index_of(car.load_shape), c);
    }
    fact(kHasRoof2, c, name(kT, car.roof));
    fact(kRoofs + index_of(car.roof), c);
    fact(car.wall == Wall::Double ? kBracedWall : kSolidWall, c);
  }
}

void BackgroundFacts::add_michalski(std::string_view id, const Train& train) {
  using namespace michalski;
  std::size_t n = train.cars.size();
  for (std::size_t k = 0; k < n; ++k) fact(kHasCar, id, car_ids_[k]);
  for (std::size_t k = 0; k + 1 < n; ++k) fact(kInfront, car_ids_[k], car_ids_[k + 1]);
  std::string load;
  for (std::size_t k = 0; k < n; ++k) {
    const Car& car = train.cars[k];
    std::string_view c = car_ids_[k];
    fact(car.length == Length::Short ? kShort : kLong, c);
    if (car.roof == Roof::None) {
      fact(kOpenCar, c);
    } else {
      fact(kClosed, c);
      fact(kRoofs + index_of(car.roof) - 1, c);
    }
    fact(car.wall == Wall::Double ? kDouble : kNotDouble, c);
    fact(kShapes + index_of(car.shape), c);
    fact(car.axles == 2 ? kTwoWheels : kThreeWheels, c);
    if (car.load_count == 0) fact(kNoLoad, c);
    for (int j = 1; j <= car.load_count; ++j) {
      load.assign(c).append("_l").append(number(j));
      object(loads_, "load", load);
      fact(kHasLoad, c, load);
      fact(kLoadShapes + index_of(car.load_shape), load);
      fact(kOneLoad + car.load_count - 1, load);
    }
  }
}

void BackgroundFacts::append_facts(std::string& out) const {
  std::span<const Predicate> predicates = logic_predicates(vocabulary_);
  for (std::size_t p = 0; p < predicates.size(); ++p) {
    const Predicate& predicate = predicates[p];
    out.append("% ").append(predicate.name).append("(");
    for (std::size_t a = 0; a < predicate.arguments.size(); ++a)
      out.append(a == 0 ? "" : ", ").append(predicate.arguments[a].type);
    out.append(")\n");
    if (vocabulary_ == LogicVocabulary::Relational &&
        static_cast<int>(p) == relational::kLessThan) {
      for (int a = 0; a <= largest_number_; ++a)
        for (int b = a + 1; b <= largest_number_; ++b)
          out.append(heads_[p]).append(number(a)).append(",").append(number(b)).append(").\n");
      continue;
    }
    out.append(facts_[p]);
  }
}

void BackgroundFacts::append_type_facts(std::string& out) const {
  out.append(trains_).append(cars_).append(loads_);
  std::set<std::string_view> constant_types;
  for (const Predicate& p : logic_predicates(vocabulary_))
    for (const Argument& a : p.arguments)
      if (a.mode == ArgumentMode::Constant) constant_types.insert(a.type);
  for (std::string_view type : constant_types)
    for (std::string_view value : constant_type_values(type))
      out.append(type).append("(").append(value).append(").\n");
}

bool BackgroundFacts::has_facts(int predicate) const {
  if (vocabulary_ == LogicVocabulary::Relational && predicate == relational::kLessThan) return true;
  return !facts_[static_cast<std::size_t>(predicate)].empty();
}

}  // namespace railyard::exports
