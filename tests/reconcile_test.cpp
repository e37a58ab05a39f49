#include "toolrisk/reconcile.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace toolrisk {
namespace {

using testing::assess;

Assessment reconciled(const std::string& name, const DeclaredAnnotations& d, DeclaredMode mode) {
  Assessment a = assess(name);
  reconcile(d, mode, a);
  return a;
}

TEST(Reconcile, ReadOnlyHintOnADeleteToolIsAConflict) {
  DeclaredAnnotations d;
  d.read_only = true;
  const Assessment a = reconciled("delete_pod", d, DeclaredMode::kMax);
  ASSERT_EQ(a.conflicts.size(), 1u);
  EXPECT_EQ(a.conflicts[0].hint, "readOnlyHint");
  EXPECT_EQ(a.conflicts[0].inferred, "delete");
  EXPECT_EQ(a.fields.category, Category::kDelete);  // max never lowers
}

TEST(Reconcile, NonDestructiveHintOnADestroyToolIsAConflict) {
  DeclaredAnnotations d;
  d.destructive = false;
  const Assessment a = reconciled("drop_database", d, DeclaredMode::kMax);
  ASSERT_EQ(a.conflicts.size(), 1u);
  EXPECT_EQ(a.conflicts[0].hint, "destructiveHint");
}

TEST(Reconcile, DestructiveHintOnAReadToolIsAConflict) {
  DeclaredAnnotations d;
  d.read_only = true;
  d.destructive = true;  // contradicts itself; the evidence says read
  const Assessment a = reconciled("list_channels", d, DeclaredMode::kMax);
  ASSERT_EQ(a.conflicts.size(), 1u);
  EXPECT_EQ(a.conflicts[0].hint, "destructiveHint");
  EXPECT_EQ(a.conflicts[0].inferred, "read");
}

TEST(Reconcile, MaxTakesTheStricterValue) {
  DeclaredAnnotations d;
  d.read_only = false;
  const Assessment a = reconciled("get_pod", d, DeclaredMode::kMax);
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium);

  DeclaredAnnotations low;
  low.risk_level = "low";
  const Assessment b = reconciled("delete_pod", low, DeclaredMode::kMax);
  EXPECT_EQ(b.fields.risk_level, RiskLevel::kHigh);
  ASSERT_EQ(b.conflicts.size(), 1u);
  EXPECT_EQ(b.conflicts[0].hint, "riskLevel");

  DeclaredAnnotations destructive;
  destructive.destructive = true;
  const Assessment c = reconciled("update_pod", destructive, DeclaredMode::kMax);
  EXPECT_EQ(c.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(c.fields.side_effects.count("state_loss"));
  EXPECT_EQ(c.fields.approval, Approval::kSingle);
}

TEST(Reconcile, TrustReplacesInferredValues) {
  DeclaredAnnotations d;
  d.read_only = true;
  const Assessment a = reconciled("delete_pod", d, DeclaredMode::kTrust);
  EXPECT_EQ(a.fields.category, Category::kRead);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kLow);
  EXPECT_EQ(a.conflicts.size(), 1u);  // still recorded

  DeclaredAnnotations sep;
  sep.category = "utility";
  sep.risk_level = "low";
  const Assessment b = reconciled("frobnicate", sep, DeclaredMode::kTrust);
  EXPECT_TRUE(b.classified);
  EXPECT_EQ(b.fields.risk_level, RiskLevel::kLow);
}

TEST(Reconcile, MaxNeverClassifiesWhatInferenceCouldNot) {
  DeclaredAnnotations sep;
  sep.category = "utility";
  sep.risk_level = "low";
  const Assessment a = reconciled("frobnicate", sep, DeclaredMode::kMax);
  EXPECT_FALSE(a.classified);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kCritical);
}

TEST(Reconcile, IgnoreKeepsInferenceButRecordsConflicts) {
  DeclaredAnnotations d;
  d.read_only = false;
  d.destructive = false;
  const Assessment a = reconciled("drop_table", d, DeclaredMode::kIgnore);
  EXPECT_EQ(a.fields.category, Category::kDestroy);
  EXPECT_EQ(a.conflicts.size(), 1u);
  const Assessment b = reconciled("get_pod", d, DeclaredMode::kIgnore);
  EXPECT_EQ(b.fields.category, Category::kRead);
}

TEST(Reconcile, ParsesModes) {
  EXPECT_EQ(parse_declared_mode("max"), DeclaredMode::kMax);
  EXPECT_EQ(parse_declared_mode("trust"), DeclaredMode::kTrust);
  EXPECT_EQ(parse_declared_mode("ignore"), DeclaredMode::kIgnore);
  EXPECT_FALSE(parse_declared_mode("maybe"));
}

}  // namespace
}  // namespace toolrisk
