// Every rule's own examples, one test per rule: a rule without passing positive and negative
// examples cannot land.
#include <gtest/gtest.h>

#include "test_support.h"

namespace toolrisk {
namespace {

class RuleExamples : public ::testing::TestWithParam<std::string> {};

TEST_P(RuleExamples, MatchAndNoMatchHold) {
  const RuleBase& rules = testing::builtin_rules();
  const Rule* rule = nullptr;
  for (const auto& r : rules.rules()) {
    if (r.id == GetParam()) rule = &r;
  }
  ASSERT_NE(rule, nullptr);
  std::size_t positives = 0, negatives = 0;
  for (const auto& ex : rule->examples) {
    (ex.should_match ? positives : negatives)++;
    const Assessment a = evaluate_tool(rules, example_tool(ex));
    const bool fired = std::find(a.matched_rules.begin(), a.matched_rules.end(), rule->id) != a.matched_rules.end();
    EXPECT_EQ(fired, ex.should_match) << rule->file << ":" << ex.line << ": example " << ex.name
                                      << (ex.should_match ? " should match" : " should not match");
  }
  EXPECT_GT(positives, 0u);
  EXPECT_GT(negatives, 0u);
}

std::vector<std::string> rule_ids() {
  std::vector<std::string> ids;
  for (const auto& r : testing::builtin_rules().rules()) ids.push_back(r.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Builtin, RuleExamples, ::testing::ValuesIn(rule_ids()),
                         testing::param_name);

TEST(RuleExamplesChecker, ReportsAFailingExample) {
  // Examples the wrong way round: both must be reported.
  auto base = load_rule_base({{"mine.yaml", testing::frob_rule_file("get_widget", "frob_widget")}});
  ASSERT_TRUE(base);
  const auto failures = check_rule_examples(*base.value());
  ASSERT_EQ(failures.size(), 2u);
  EXPECT_EQ(failures[0].rule_id, "verb.test.frob");
  EXPECT_EQ(failures[0].file, "mine.yaml");
}

}  // namespace
}  // namespace toolrisk
