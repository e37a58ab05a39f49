// The built-in rules are compiled from rules/*.yaml at build time (src/tools/rulegen.cpp):
// the binary's rule base must be exactly what the rule files say now, and the encoding must
// give back every field of every rule, and refuse bytes that are not a blob.
#include <gtest/gtest.h>

#include <filesystem>

#include "rule_blob.h"
#include "test_support.h"
#include "toolrisk/embedded_rules.h"

namespace toolrisk {
namespace {

std::vector<Rule> rule_files_as_they_stand() {
  std::vector<RuleSource> sources;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(testing::source_path("rules"))) {
    if (e.path().extension() == ".yaml") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) sources.push_back({"rules/" + f.filename().string(), testing::read_file(f.string())});
  auto rules = parse_rule_files(sources);
  EXPECT_TRUE(rules);
  return rules ? rules.value() : std::vector<Rule>{};
}

TEST(RuleBlob, BuiltInRulesAreTheRuleFiles) {
  const std::vector<Rule> files = rule_files_as_they_stand();
  auto built_in = deserialize_rules(embedded_rule_blob());
  ASSERT_TRUE(built_in);
  ASSERT_GT(files.size(), 100u);
  ASSERT_EQ(built_in->size(), files.size());
  for (std::size_t i = 0; i < files.size(); ++i) EXPECT_EQ(built_in.value()[i], files[i]) << files[i].id;
}

TEST(RuleBlob, EveryFieldComesBack) {
  Rule r;
  r.id = "x.every";
  r.kind = RuleKind::kParam;
  r.why = "why";
  r.file = "f.yaml";
  r.line = 7;
  r.words = {"a", "b_\\w+"};
  r.pattern = "p";
  r.category = Category::kDestroy;
  r.level = RiskLevel::kCritical;
  r.bump = -1;
  r.blast = BlastRadius::kGlobal;
  r.listed = BlastRadius::kItem;
  r.reversibility = Reversibility::kNone;
  r.side_effects = {"cost"};
  r.traits = {"batch"};
  r.weak = r.collection = r.restricts = r.whole = r.creates = r.changes_only = r.locates = r.disabled = true;
  r.lead = false;
  r.with = {"thread"};
  r.role = ParamRole::kDryRun;
  r.type = "boolean";
  r.description_pattern = "d";
  r.values_pattern = "v";
  r.unless_pattern = "u";
  r.only_for = {Category::kDelete, Category::kDestroy};
  r.examples = {RuleExample{"n", "desc", {"force:boolean"}, false, 9}};
  const std::vector<Rule> rules = {r, Rule{}};
  auto back = deserialize_rules(serialize_rules(rules));
  ASSERT_TRUE(back);
  EXPECT_EQ(back.value(), rules);
}

TEST(RuleBlob, WithoutExamplesEverythingElseComesBack) {
  const std::string blob(embedded_rule_blob());
  auto full = deserialize_rules(blob);
  auto lean = deserialize_rules(blob, /*with_examples=*/false);
  ASSERT_TRUE(full);
  ASSERT_TRUE(lean);
  ASSERT_EQ(lean->size(), full->size());
  std::size_t examples = 0;
  for (std::size_t i = 0; i < full->size(); ++i) {
    Rule r = full.value()[i];
    examples += r.examples.size();
    EXPECT_TRUE(lean.value()[i].examples.empty()) << r.id;
    r.examples.clear();
    EXPECT_EQ(lean.value()[i], r) << r.id;
  }
  EXPECT_GT(examples, 500u);
  // A cut blob is still refused when examples are passed over.
  for (const std::size_t cut : {blob.size() / 2, blob.size() - 1}) EXPECT_FALSE(deserialize_rules(blob.substr(0, cut), false));
}

TEST(RuleBlob, RefusesWhatIsNotABlob) {
  const std::string blob = serialize_rules(rule_files_as_they_stand());
  EXPECT_FALSE(deserialize_rules(""));
  EXPECT_FALSE(deserialize_rules("toolrisk-rules-v0"));
  EXPECT_FALSE(deserialize_rules(blob.substr(0, blob.size() / 2)));
  EXPECT_FALSE(deserialize_rules(blob + "x"));
  EXPECT_TRUE(deserialize_rules(blob));
}

}  // namespace
}  // namespace toolrisk
