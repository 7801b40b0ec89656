// The settings schema's building blocks on a config of their own (the dataset config is one
// user of them: tests/tools/dataset/config_test.cpp).
#include "util/settings_schema.h"

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace railyard {
namespace {

// The building blocks on a config of their own: a section, a list of structs, an optional
// struct, checks and keys that apply only sometimes.
struct Part {
  std::string name = "a";
  int size = 1;
  bool extra = false;
};
struct Whole {
  int count = 0;
  Part part;
  std::vector<Part> parts;
  std::optional<Part> spare;
};

const Schema<Part>& part_schema() {
  static const Schema<Part> schema = [] {
    Schema<Part> s;
    s.choice("name", field(&Part::name),
             std::vector<std::pair<std::string, std::string>>{{"a", "a"}, {"b", "b"}}, "name")
        .required();
    s.whole("size", field(&Part::size), 1, 9, "size");
    s.boolean("extra", field(&Part::extra), "extra").applies_when([](const Part& p) {
      return p.name == "b";
    });
    s.check([](const Part& p) {
      if (p.extra && p.size > 5) throw std::runtime_error("extra needs size <= 5");
    });
    return s;
  }();
  return schema;
}

const Schema<Whole>& whole_schema() {
  static const Schema<Whole> schema = [] {
    Schema<Whole> s;
    s.whole("count", field(&Whole::count), 0, 10, "count");
    s.section("part", field(&Whole::part), part_schema());
    s.list("parts", field(&Whole::parts), part_schema().codec(), "parts");
    s.optional("spare", field(&Whole::spare), part_schema().codec(), "spare");
    return s;
  }();
  return schema;
}

TEST(SettingsSchema, SectionsListsAndOptionalsFollowFromTheDeclaration) {
  const auto& s = whole_schema();
  Whole w;
  s.apply(YamlField::parse("count: 2\npart: {name: b, extra: true}\nparts:\n  - {name: b, size: "
                           "3}\n  - {name: a}\nspare: {name: a, size: 4}\n",
                           "w.yaml"),
          w);
  s.assign("parts.1.size=7", "--set", w);
  s.assign("parts.2={name: b, extra: true}", "--set", w);
  EXPECT_EQ(w.part.name, "b");
  EXPECT_TRUE(w.part.extra);
  ASSERT_EQ(w.parts.size(), 3u);
  EXPECT_EQ(w.parts[1].size, 7);
  EXPECT_TRUE(w.parts[2].extra);
  ASSERT_TRUE(w.spare);
  EXPECT_EQ(w.spare->size, 4);
  // Stable order: declaration order; a key that does not apply is not printed.
  EXPECT_EQ(s.emit(w),
            "count: 2\npart:\n  name: b\n  size: 1\n  extra: true\nparts: [{name: b, size: 3, "
            "extra: false}, {name: a, size: 7}, {name: b, size: 1, extra: true}]\nspare: {name: "
            "a, size: 4}\n");
  s.assign("spare=null", "--set", w);
  EXPECT_FALSE(w.spare);
  EXPECT_NE(s.emit(w).find("spare: ~"), std::string::npos);

  auto error = [&](const std::string& yaml) -> std::string {
    Whole x;
    try {
      s.apply(YamlField::parse(yaml, "w.yaml"), x);
      s.validate(x);
    } catch (const std::exception& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error("parts:\n  - {name: a}\n  - {name: c}\n"),
            "w.yaml:3: key 'parts[1].name': 'c' is not one of: a|b");
  EXPECT_EQ(error("parts: [{size: 2}]"), "w.yaml:1: key 'parts[0].name': missing");
  EXPECT_EQ(error("parts: [{name: b, extra: true, size: 6}]"),
            "w.yaml:1: key 'parts[0]': extra needs size <= 5");
  EXPECT_EQ(error("part: {name: b, extra: true, size: 6}"), "extra needs size <= 5");
  EXPECT_EQ(error("part: {nme: b}"),
            "w.yaml:1: key 'part.nme': unknown key (did you mean "
            "'part.name'?)");
}

// A file is one YAML document: a second one was dropped unseen; yaml-cpp's LoadAll never returns
// on some malformed text, so the count stops at two (issue #40, found by the fuzz check).
TEST(StrictYaml, OneDocumentPerFile) {
  auto error = [](const std::string& yaml) -> std::string {
    try {
      YamlField::parse(yaml, "c.yaml");
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error("count: 4\n---\ncount: 5\n"),
            "c.yaml:2: invalid YAML: a second document begins here; a file holds one");
  EXPECT_EQ(error("count: 4\n---\n"), "no error");
  EXPECT_EQ(error("---\ncount: 4\n...\n"), "no error");
  EXPECT_NE(error(",-` `l"), "no error");
}

// Names and paths hold nothing a name or path cannot: refused where the file and line are known.
TEST(SettingsSchema, TextRefusesControlCharactersBadUtf8AndLongValues) {
  struct Named {
    std::string name;
  };
  Schema<Named> s;
  s.text("name", field(&Named::name), "name", "a name");
  auto error = [&](const std::string& yaml) -> std::string {
    Named n;
    try {
      s.apply(YamlField::parse(yaml, "n.yaml"), n);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error("name: théo"), "no error");
  EXPECT_NE(error("name: \"theo\\0ryx\"")
                .find("n.yaml:1: key 'name': 'theo\\0ryx' holds a "
                      "control"),
            std::string::npos)
      << error("name: \"theo\\0ryx\"");
  EXPECT_NE(error("name: \xff\xfe").find("not UTF-8"), std::string::npos);
  EXPECT_NE(error("name: " + std::string(5000, 'x')).find("too long (5000 bytes)"),
            std::string::npos);
}

}  // namespace
}  // namespace railyard
