#include "logic/vocabulary.h"

#include <gtest/gtest.h>

namespace railyard {
namespace {

TEST(Vocabulary, MapsValuesPositionallyAcrossVocabularies) {
  EXPECT_EQ(name(Vocabulary::Trains, Shape::Rectangle), "yellow");
  EXPECT_EQ(name(Vocabulary::Trains, Shape::Bucket), "green");
  EXPECT_EQ(name(Vocabulary::Trains, Shape::Ellipse), "grey");
  EXPECT_EQ(name(Vocabulary::Trains, Shape::Hexagon), "red");
  EXPECT_EQ(name(Vocabulary::Trains, Shape::UShaped), "blue");
  EXPECT_EQ(name(Vocabulary::Trains, Roof::Arc), "roof_foundation");
  EXPECT_EQ(name(Vocabulary::Trains, Roof::Flat), "solid_roof");
  EXPECT_EQ(name(Vocabulary::Trains, Roof::Jagged), "braced_roof");
  EXPECT_EQ(name(Vocabulary::Trains, Wall::Double), "braced_wall");
  EXPECT_EQ(name(Vocabulary::Trains, LoadShape::Triangle), "golden_vase");
  EXPECT_EQ(name(Vocabulary::Trains, LoadShape::Circle), "barrel");
  EXPECT_EQ(name(Vocabulary::Trains, LoadShape::Hexagon), "metal_pot");
  EXPECT_EQ(name(Vocabulary::Trains, LoadShape::UTriangle), "oval_vase");
  EXPECT_EQ(name(Vocabulary::Blocks, Roof::Peaked), "hexagonal_prism");
  EXPECT_EQ(name(Vocabulary::Blocks, LoadShape::UTriangle), "torus");
}

TEST(Vocabulary, ParsesNamesFromEveryVocabulary) {
  for (Descriptor d : kDescriptors)
    for (int value : descriptor_values(d))
      for (Vocabulary v : {Vocabulary::Michalski, Vocabulary::Trains, Vocabulary::Blocks})
        EXPECT_EQ(parse_value(d, value_name(v, d, value)), value)
            << descriptor_key(d) << " " << value_name(v, d, value);
  EXPECT_EQ(parse_value(Descriptor::Roof, "solid_roof"), static_cast<int>(Roof::Flat));
  EXPECT_FALSE(parse_value(Descriptor::Roof, "gable").has_value());
  EXPECT_FALSE(parse_value(Descriptor::Axles, "4").has_value());
  EXPECT_FALSE(parse_value(Descriptor::LoadCount, "1x").has_value());
}

TEST(Vocabulary, DescriptorKeysRoundTripAndAcceptVlolNames) {
  for (Descriptor d : kDescriptors) EXPECT_EQ(parse_descriptor_key(descriptor_key(d)), d);
  EXPECT_EQ(parse_descriptor_key("color"), Descriptor::Shape);
  EXPECT_EQ(parse_descriptor_key("wheels"), Descriptor::Axles);
  EXPECT_FALSE(parse_descriptor_key("colour_of_smoke").has_value());
}

}  // namespace
}  // namespace railyard
