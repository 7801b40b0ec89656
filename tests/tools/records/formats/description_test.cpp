#include "tools/lib/records/formats/description.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "logic/errors.h"
#include "logic/sampler.h"

namespace railyard {
namespace {

LabelledTrain example() {
  LabelledTrain t;
  t.label = Direction::East;
  t.train.angle = -23;
  t.train.cars.push_back(
      {1, Shape::Rectangle, Length::Short, Wall::NotDouble, Roof::None, 2, LoadShape::Circle, 1});
  t.train.cars.push_back(
      {2, Shape::Rectangle, Length::Long, Wall::NotDouble, Roof::Flat, 3, LoadShape::Rectangle, 0});
  return t;
}

TEST(Description, FormatsTheReferenceLine) {
  EXPECT_EQ(format_description(example()),
            "east -23 1 rectangle short not_double none 2 circle 1 "
            "2 rectangle long not_double flat 3 none 0");
}

TEST(Description, RoundTrips) {
  LabelledTrain t = example();
  EXPECT_EQ(parse_description(format_description(t)), t);
}

TEST(Description, AcceptsVlolNamesAndExtraSpaces) {
  auto t = parse_description("  west 180  1 yellow short solid_wall peaked_roof 2 barrel 2\r");
  EXPECT_EQ(t.label, Direction::West);
  EXPECT_EQ(t.train.angle, 180);
  ASSERT_EQ(t.train.cars.size(), 1u);
  EXPECT_EQ(t.train.cars[0].roof, Roof::Peaked);
  EXPECT_EQ(t.train.cars[0].load_shape, LoadShape::Circle);
}

TEST(Description, RejectsBadLinesWithAReason) {
  auto message = [](std::string_view line) {
    try {
      parse_description(line);
    } catch (const DescriptionError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(
      message("north 0 1 rectangle short not_double none 2 circle 1").find("neither east nor west"),
      std::string::npos);
  EXPECT_NE(message("east x 1 rectangle short not_double none 2 circle 1").find("angle"),
            std::string::npos);
  EXPECT_NE(message("east 0 1 rectangle short").find("fields per car"), std::string::npos);
  EXPECT_NE(message("east 0 2 rectangle short not_double none 2 circle 1").find("position"),
            std::string::npos);
  EXPECT_NE(message("east 0 1 rectangle short not_double gable 2 circle 1").find("roof"),
            std::string::npos);
  EXPECT_NE(message("east 0 1 rectangle short not_double none 3 circle 1").find("visual"),
            std::string::npos);
  EXPECT_NE(message("east 0 1 rectangle long not_double none 3 none 2").find("'none' with"),
            std::string::npos);
  std::string long_train = "east 0";
  for (int car = 1; car <= kMaxCars + 5; ++car)
    long_train += ' ' + std::to_string(car) + " rectangle short not_double none 2 circle 1";
  EXPECT_NE(message(long_train).find("a train of 25 cars; railyard takes at most 20"),
            std::string::npos)
      << message(long_train);
}

TEST(Description, FileErrorsNameFileAndLine) {
  auto path = std::filesystem::temp_directory_path() / "railyard_description_test.txt";
  {
    std::ofstream out(path);
    out << format_description(example()) << "\n\n";
    out << "east 0 1 rectangle short not_double none 2 circle 9\n";
  }
  try {
    read_description_file(path);
    FAIL() << "expected an error";
  } catch (const DescriptionError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ":3:"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
  EXPECT_THROW(read_description_file(path), DescriptionError);
}

TEST(Description, AFileWithoutTrainsIsAnError) {
  auto path = std::filesystem::temp_directory_path() / "railyard_description_empty.txt";
  std::ofstream(path) << "\n  \n";
  try {
    read_description_file(path);
    FAIL() << "expected an error";
  } catch (const DescriptionError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ": no trains"), std::string::npos)
        << e.what();
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace railyard
