// The hostile-input suite: inputs written by a party who wants toolrisk to be wrong. Each case
// in tests/hostile/manifest.json names its expected outcome; a few are made here because
// they are too large to keep as files.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.h"
#include "toolrisk/pipeline.h"

namespace toolrisk {
namespace {

using nlohmann::json;

json manifest() { return json::parse(testing::read_file(testing::source_path("tests/hostile/manifest.json"))); }

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& c : manifest()) names.push_back(c["file"].get<std::string>());
  return names;
}

class Hostile : public ::testing::TestWithParam<std::string> {};

TEST_P(Hostile, HasItsExpectedOutcome) {
  json expected;
  for (const auto& c : manifest()) {
    if (c["file"] == GetParam()) expected = c;
  }
  const std::string text = testing::read_file(testing::source_path("tests/hostile/" + GetParam()));
  auto doc = load_document(GetParam(), text);
  if (expected["expect"] == "error") {
    ASSERT_FALSE(doc) << "expected an error";
    const std::string all = format(doc.errors().front());
    EXPECT_NE(all.find(expected["message"].get<std::string>()), std::string::npos) << all;
    return;
  }
  ASSERT_TRUE(doc) << format(doc.errors().front());
  const DocumentResult r = infer_document(testing::builtin_rules(), std::move(doc.value()), DeclaredMode::kMax);
  for (const auto& t : expected["tools"]) {
    const Assessment& a = r.assessments.at(t["index"].get<std::size_t>());
    for (const auto& flag : t.value("flags", json::array())) {
      const bool found = std::any_of(a.flags.begin(), a.flags.end(), [&](const std::string& f) {
        return f.rfind(flag.get<std::string>(), 0) == 0;
      });
      EXPECT_TRUE(found) << "flag " << flag << " missing";
    }
    if (t.contains("category_at_least")) {
      EXPECT_GE(a.fields.category, *parse_category(t["category_at_least"].get<std::string>()));
    }
    if (t.contains("risk_at_least")) {
      EXPECT_GE(a.fields.risk_level, *parse_risk_level(t["risk_at_least"].get<std::string>()));
    }
    if (t.contains("approval")) {
      EXPECT_EQ(a.fields.approval, *parse_approval(t["approval"].get<std::string>()));
    }
    if (t.contains("trust")) {
      EXPECT_EQ(a.fields.min_trust_level, t["trust"].get<int>());
    }
    if (t.contains("conflicts")) {
      EXPECT_EQ(a.conflicts.size(), t["conflicts"].get<std::size_t>());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Suite, Hostile, ::testing::ValuesIn(case_names()), testing::param_name);

TEST(HostileGenerated, NestingAHundredThousandDeepIsRefused) {
  const std::string deep = "{\"tools\":[{\"name\":\"a\",\"inputSchema\":" + std::string(100000, '[') + std::string(100000, ']') + "}]}";
  auto doc = load_document("deep.json", deep);
  ASSERT_FALSE(doc);
  EXPECT_NE(doc.errors().front().message.find("nesting deeper than 128"), std::string::npos);
}

TEST(HostileGenerated, AHundredMegabyteDumpIsRead) {
  // About 100 MB: 50,000 tools with a 2 KB description each.
  json tools = json::array();
  const std::string filler(2000, 'x');
  for (int i = 0; i < 50000; ++i) {
    tools.push_back({{"name", "delete_item_" + std::to_string(i)}, {"description", filler}});
  }
  const std::string text = json{{"tools", tools}}.dump();
  ASSERT_GT(text.size(), 100'000'000u);
  auto doc = load_document("big.json", text);
  ASSERT_TRUE(doc) << format(doc.errors().front());
  const DocumentResult r = infer_document(testing::builtin_rules(), std::move(doc.value()), DeclaredMode::kMax);
  ASSERT_EQ(r.assessments.size(), 50000u);
  EXPECT_EQ(r.assessments.back().fields.category, Category::kDelete);
}

TEST(HostileGenerated, AnOversizedDescriptionIsAClearError) {
  const std::string text = "{\"tools\":[{\"name\":\"get_file\",\"description\":\"" + std::string(2u << 20, 'x') + "\"}]}";
  auto doc = load_document("huge.json", text);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.errors().front().path, "tools[0].description");
  EXPECT_NE(doc.errors().front().message.find("over the limit of 1048576"), std::string::npos);
}

}  // namespace
}  // namespace toolrisk
