#include "tools/lib/records/formats/description.h"

#include <charconv>
#include <fstream>
#include <span>

#include "logic/errors.h"
#include "logic/sampler.h"
#include "logic/vocabulary.h"
#include "util/io_error.h"
#include "util/read_file.h"

namespace railyard {
namespace {

// Field order of one car after its position.
constexpr std::array kCarFields = {Descriptor::Shape,    Descriptor::Length, Descriptor::Wall,
                                   Descriptor::Roof,     Descriptor::Axles,  Descriptor::LoadShape,
                                   Descriptor::LoadCount};
constexpr std::size_t kFieldsPerCar = 1 + kCarFields.size();

std::vector<std::string_view> tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

int parse_int(std::string_view text, const std::string& what) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw DescriptionError(what + " '" + std::string(text) + "' is not an integer");
  return value;
}

Car parse_car(std::span<const std::string_view> fields, int expected_position) {
  std::string where = "car " + std::to_string(expected_position);
  Car car;
  car.position = parse_int(fields[0], where + " position");
  if (car.position != expected_position)
    throw DescriptionError(where + ": position is " + std::to_string(car.position) + ", expected " +
                           std::to_string(expected_position));
  bool no_load_shape = false;
  for (std::size_t f = 0; f < kCarFields.size(); ++f) {
    Descriptor d = kCarFields[f];
    std::string_view text = fields[f + 1];
    if (d == Descriptor::LoadShape && text == "none") {
      no_load_shape = true;
      continue;
    }
    auto value = parse_value(d, text);
    if (!value)
      throw DescriptionError(where + ": '" + std::string(text) + "' is not a " +
                             std::string(descriptor_key(d)));
    set_descriptor_value(car, d, *value);
  }
  if (no_load_shape && car.load_count > 0)
    throw DescriptionError(where + ": load shape 'none' with " + std::to_string(car.load_count) +
                           " loads");
  if (car.load_count == 0) car.load_shape = LoadShape::Rectangle;
  if (!satisfies_visual_constraints(car))
    throw DescriptionError(where +
                           " breaks the visual constraints (a short car has 2 axles and "
                           "at most 2 loads; a long car 2 or 3 axles and 0..3 loads)");
  return car;
}

}  // namespace

std::string format_description(const LabelledTrain& labelled) {
  std::string line(name(labelled.label));
  line += ' ';
  line += std::to_string(labelled.train.angle);
  for (const Car& car : labelled.train.cars) {
    line += ' ';
    line += std::to_string(car.position);
    for (Descriptor d : kCarFields) {
      line += ' ';
      if (d == Descriptor::LoadShape && car.load_count == 0)
        line += "none";
      else
        line += value_name(Vocabulary::Michalski, d, descriptor_value(car, d));
    }
  }
  return line;
}

LabelledTrain parse_description(std::string_view line) {
  auto fields = tokens(line);
  if (fields.size() < 2) throw DescriptionError("expected '<east|west> <angle>' and cars");
  LabelledTrain labelled;
  if (fields[0] == "east")
    labelled.label = Direction::East;
  else if (fields[0] == "west")
    labelled.label = Direction::West;
  else
    throw DescriptionError("label '" + std::string(fields[0]) + "' is neither east nor west");
  labelled.train.angle = parse_int(fields[1], "angle");
  std::size_t car_fields = fields.size() - 2;
  if (car_fields == 0 || car_fields % kFieldsPerCar != 0)
    throw DescriptionError("expected " + std::to_string(kFieldsPerCar) + " fields per car, got " +
                           std::to_string(car_fields) + " fields after the angle");
  std::size_t cars = car_fields / kFieldsPerCar;
  if (cars > static_cast<std::size_t>(kMaxCars))
    throw DescriptionError("a train of " + std::to_string(cars) + " cars; railyard takes at most " +
                           std::to_string(kMaxCars));
  std::span<const std::string_view> rest(fields.data() + 2, car_fields);
  for (std::size_t c = 0; c < cars; ++c)
    labelled.train.cars.push_back(
        parse_car(rest.subspan(c * kFieldsPerCar, kFieldsPerCar), static_cast<int>(c) + 1));
  return labelled;
}

std::vector<LabelledTrain> read_description_file(const std::filesystem::path& path) {
  std::ifstream in;
  try {
    in = open_input_stream(path);
  } catch (const IoError& e) {
    throw DescriptionError(e.what());
  }
  std::vector<LabelledTrain> trains;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (tokens(line).empty()) continue;
    try {
      trains.push_back(parse_description(line));
    } catch (const DescriptionError& e) {
      throw DescriptionError(path.string() + ":" + std::to_string(number) + ": " + e.what());
    }
  }
  if (in.bad()) throw DescriptionError(path.string() + ": read error");
  if (trains.empty())
    throw DescriptionError(path.string() + ": no trains in the file (one per line: " +
                           "'<east|west> <angle> <car fields>...')");
  return trains;
}

}  // namespace railyard
