// The three vocabularies of the reference (Michalski, V-LoL Trains, V-LoL Blocks). They name the
// same values one-to-one; the Michalski names are the canonical term form that rules see.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "logic/train.h"
#include "util/enum_names.h"

namespace railyard {

enum class Vocabulary { Michalski, Trains, Blocks };
inline constexpr auto kVocabularyNames =
    enum_names<Vocabulary>({{Vocabulary::Michalski, "michalski"},
                            {Vocabulary::Trains, "trains"},
                            {Vocabulary::Blocks, "blocks"}});

// The descriptors a user can constrain or histogram. Position is not one: it follows from order.
enum class Descriptor { Shape, Length, Wall, Roof, Axles, LoadShape, LoadCount };
inline constexpr std::array kDescriptors = {
    Descriptor::Shape, Descriptor::Length,    Descriptor::Wall,     Descriptor::Roof,
    Descriptor::Axles, Descriptor::LoadShape, Descriptor::LoadCount};

// Config and JSON key of a descriptor: shape, length, wall, roof, axles, load_shape, load_count.
std::string_view descriptor_key(Descriptor d);
std::optional<Descriptor> parse_descriptor_key(std::string_view key);

// Every value a descriptor takes, as small integers: the enum index for categorical descriptors,
// the number itself for axles (2, 3) and load count (0..3).
std::span<const int> descriptor_values(Descriptor d);

// The name of a value in a vocabulary (value as in descriptor_values). Numbers print as digits.
std::string value_name(Vocabulary v, Descriptor d, int value);
// Accepts a name from any of the three vocabularies (and digits for numbers).
std::optional<int> parse_value(Descriptor d, std::string_view name);

// The value of a descriptor on a car, as in descriptor_values, and setting it.
int descriptor_value(const Car& car, Descriptor d);
void set_descriptor_value(Car& car, Descriptor d, int value);

// Convenience names of single values in one vocabulary.
std::string_view name(Vocabulary v, Shape s);
std::string_view name(Vocabulary v, Length l);
std::string_view name(Vocabulary v, Wall w);
std::string_view name(Vocabulary v, Roof r);
std::string_view name(Vocabulary v, LoadShape s);
inline std::string_view name(Direction d) {  // east, west
  return kDirectionNames.name(d);
}

inline std::string_view vocabulary_name(Vocabulary v) {  // michalski, trains, blocks
  return kVocabularyNames.name(v);
}

}  // namespace railyard
