#include "logic/train_filters.h"

#include <gtest/gtest.h>

#include "logic/balanced_set.h"
#include "logic/errors.h"

namespace railyard {
namespace {

Direction first_car_long(const Train& train) {
  return train.cars.front().length == Length::Long ? Direction::East : Direction::West;
}

// Independent of any car's attributes: eastbound with three cars or more.
Direction three_or_more(const Train& train) {
  return train.cars.size() >= 3 ? Direction::East : Direction::West;
}

TrainPattern pattern(std::vector<std::pair<std::string, std::string>> entries) {
  return parse_pattern(entries);
}

Train train_of(std::initializer_list<Car> cars) {
  Train train;
  int position = 1;
  for (Car car : cars) {
    car.position = position++;
    train.cars.push_back(car);
  }
  return train;
}

const Car kRedPeaked = make_car(1, Shape::Hexagon, Length::Short, Wall::NotDouble, Roof::Peaked, 2,
                                LoadShape::Rectangle, 1);
const Car kPlain = make_car(1, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::None, 2,
                            LoadShape::Circle, 0);

TEST(TrainPattern, ValuesInAnyVocabularyMeanTheSameCar) {
  TrainPattern vlol = pattern({{"color", "red"}, {"roof", "peaked_roof"}});
  TrainPattern michalski = pattern({{"shape", "hexagon"}, {"roof", "peaked"}});
  for (const Train& t : {train_of({kPlain, kRedPeaked}), train_of({kPlain})})
    EXPECT_EQ(vlol.matches(t), michalski.matches(t));
  EXPECT_TRUE(vlol.matches(train_of({kPlain, kRedPeaked})));
  EXPECT_FALSE(vlol.matches(train_of({kPlain, kPlain})));
  EXPECT_EQ(vlol.describe(), "{color: red, roof: peaked_roof}");
}

TEST(TrainPattern, AllValuesOnOneCarNotSpreadOverTwo) {
  Car red = kPlain, peaked = kPlain;
  red.shape = Shape::Hexagon;
  peaked.roof = Roof::Peaked;
  EXPECT_FALSE(
      pattern({{"color", "red"}, {"roof", "peaked_roof"}}).matches(train_of({red, peaked})));
}

TEST(TrainPattern, PositionTiesTheCar) {
  TrainPattern first_red = pattern({{"car", "1"}, {"color", "red"}});
  EXPECT_TRUE(first_red.matches(train_of({kRedPeaked, kPlain})));
  EXPECT_FALSE(first_red.matches(train_of({kPlain, kRedPeaked})));
  EXPECT_FALSE(pattern({{"car", "3"}, {"color", "red"}}).matches(train_of({kPlain, kRedPeaked})));
  EXPECT_EQ(first_red.describe(), "{car: 1, color: red}");
}

TEST(TrainPattern, LoadShapeOnlyOnLoadedCars) {
  // kPlain stores load_shape circle (barrel) but carries nothing.
  EXPECT_FALSE(pattern({{"load_shape", "barrel"}}).matches(train_of({kPlain})));
  Car loaded = kPlain;
  loaded.load_count = 2;
  EXPECT_TRUE(pattern({{"load_shape", "barrel"}}).matches(train_of({loaded})));
}

TEST(TrainPattern, BadEntriesAreNamed) {
  auto message = [](std::vector<std::pair<std::string, std::string>> entries) {
    try {
      parse_pattern(entries);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message({{"colour", "mauve"}}).find("unknown value 'mauve' for colour"),
            std::string::npos);
  EXPECT_NE(message({{"hue", "red"}}).find("unknown descriptor 'hue'"), std::string::npos);
  EXPECT_NE(message({{"color", "red"}, {"shape", "bucket"}}).find("given twice"),
            std::string::npos);
  EXPECT_NE(message({{"car", "0"}, {"color", "red"}}).find("car position"), std::string::npos);
  EXPECT_NE(message({{"car", "1"}}).find("at least one"), std::string::npos);
}

TrainSampler sampler_with(TrainFilters filters) {
  SamplerConfig config;
  config.filters = std::move(filters);
  return TrainSampler(config);
}

TEST(TrainFilters, ExcludedCombinationsNeverOccur) {
  TrainFilters filters;
  filters.exclude = {pattern({{"color", "blue"}, {"roof", "solid_roof"}}),
                     pattern({{"length", "short"}, {"load_shape", "barrel"}})};
  TrainSampler sampler = sampler_with(filters);
  TrainSampler free = sampler_with({});
  BalanceOptions options;
  int would_have = 0;
  for (std::uint64_t i = 0; i < 3000; ++i) {
    EXPECT_FALSE(matches_any(filters.exclude,
                             sample_labelled(sampler, first_car_long, 4, i, options).train));
    would_have +=
        matches_any(filters.exclude, sample_labelled(free, first_car_long, 4, i, options).train);
  }
  EXPECT_GT(would_have, 100);  // the combinations are common without the hold-out
}

TEST(TrainFilters, EveryTrainHoldsARequiredCombination) {
  TrainFilters filters;
  filters.require = {pattern({{"color", "red"}, {"roof", "peaked_roof"}}),
                     pattern({{"car", "1"}, {"color", "blue"}})};
  TrainSampler sampler = sampler_with(filters);
  BalanceOptions options;
  for (std::uint64_t i = 0; i < 2000; ++i) {
    LabelledTrain t = sample_labelled(sampler, three_or_more, 9, i, options);
    EXPECT_TRUE(matches_any(filters.require, t.train));
    EXPECT_EQ(t.label, target_label(i));
  }
}

TEST(TrainFilters, ConfounderReachesItsSharePerClass) {
  TrainFilters filters;
  filters.confounder = Confounder{pattern({{"car", "1"}, {"color", "blue"}}), 0.9, 0.1};
  TrainSampler sampler = sampler_with(filters);
  BalanceOptions options;
  int carrying[2] = {0, 0}, trains[2] = {0, 0};
  for (std::uint64_t i = 0; i < 4000; ++i) {
    LabelledTrain t = sample_labelled(sampler, three_or_more, 2, i, options);
    int c = t.label == Direction::East ? 0 : 1;
    ++trains[c];
    carrying[c] += filters.confounder->attribute.matches(t.train);
    // Whether index i carries it is its own draw, given its class.
    EXPECT_EQ(filters.confounder->attribute.matches(t.train),
              confounder_draw(2, i) < filters.confounder->share(t.label));
  }
  EXPECT_NEAR(carrying[0] / double(trains[0]), 0.9, 0.02);
  EXPECT_NEAR(carrying[1] / double(trains[1]), 0.1, 0.02);
}

TEST(TrainFilters, IndexStaysAPureFunctionOfSeedAndIndex) {
  TrainFilters filters;
  filters.exclude = {pattern({{"color", "red"}})};
  filters.confounder = Confounder{pattern({{"roof", "none"}}), 0.7, 0.3};
  TrainSampler sampler = sampler_with(filters);
  BalanceOptions options;
  LabelledTrain alone = sample_labelled(sampler, first_car_long, 5, 41, options);
  for (std::uint64_t i = 0; i < 41; ++i) sample_labelled(sampler, first_car_long, 5, i, options);
  EXPECT_EQ(sample_labelled(sampler, first_car_long, 5, 41, options), alone);
}

TEST(TrainFilters, ImpossibleCombinationStopsWithTheRatesObserved) {
  // Eastbound means a long first car; requiring a short first car leaves no eastbound train.
  TrainFilters filters;
  filters.require = {pattern({{"car", "1"}, {"length", "short"}})};
  TrainSampler sampler = sampler_with(filters);
  BalanceOptions options;
  options.max_attempts = 2000;
  options.rule_name = "first_car_long";
  EXPECT_NO_THROW(sample_labelled(sampler, first_car_long, 1, 0, options));
  try {
    sample_labelled(sampler, first_car_long, 1, 1, options);
    FAIL() << "expected UnreachableClassError";
  } catch (const UnreachableClassError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("cannot fill train 1 (eastbound)"), std::string::npos) << message;
    EXPECT_NE(message.find("2000 attempts"), std::string::npos) << message;
    EXPECT_NE(message.find("held none of require [{car: 1, length: short}]"), std::string::npos)
        << message;
    EXPECT_NE(message.find("east 0% / west 100%"), std::string::npos) << message;
  }
}

TEST(TrainFilters, ConfounderAgainstTheRuleStopsWithItsShare) {
  // Eastbound trains have a long first car: none can carry a short one.
  TrainFilters filters;
  filters.confounder = Confounder{pattern({{"car", "1"}, {"length", "short"}}), 1.0, 0.0};
  TrainSampler sampler = sampler_with(filters);
  BalanceOptions options;
  options.max_attempts = 1000;
  try {
    sample_labelled(sampler, first_car_long, 1, 1, options);
    FAIL() << "expected UnreachableClassError";
  } catch (const UnreachableClassError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "100% had the wrong presence of confounder {car: 1, length: short}"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace railyard
