#include "logic/constraints.h"

#include <gtest/gtest.h>

#include "logic/errors.h"

namespace railyard {
namespace {

std::string error_of(std::string_view spec) {
  Constraints constraints;
  try {
    add_constraint_spec(constraints, spec);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Constraints, ParsesAllowedSetsAndWeights) {
  Constraints constraints;
  add_constraint_spec(constraints, "roof=none,flat");
  add_constraint_spec(constraints, "color=red:3,blue:1");
  EXPECT_EQ(constraints.describe(Descriptor::Roof), "roof in {none, flat}");
  EXPECT_EQ(constraints.describe(Descriptor::Shape), "shape weighted {hexagon: 3, u_shaped: 1}");
  EXPECT_EQ(constraints.describe(Descriptor::Wall), "wall unconstrained");
}

TEST(Constraints, BadSpecsSayWhatIsWrong) {
  EXPECT_NE(error_of("roof").find("no '='"), std::string::npos);
  EXPECT_NE(error_of("smoke=black").find("unknown descriptor 'smoke'"), std::string::npos);
  EXPECT_NE(error_of("roof=gable").find("unknown value 'gable' for roof"), std::string::npos);
  EXPECT_NE(error_of("roof=none,flat:2").find("mixes"), std::string::npos);
  EXPECT_NE(error_of("color=red:x").find("not a number"), std::string::npos);
  EXPECT_NE(error_of("color=red:-1").find("non-negative"), std::string::npos);
  EXPECT_NE(error_of("axles=4").find("unknown value '4'"), std::string::npos);
}

}  // namespace
}  // namespace railyard
