#include "toolrisk/validate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "toolrisk/emit.h"
#include "toolrisk/pipeline.h"
#include "test_support.h"

namespace toolrisk {
namespace {

ValidationReport validate_text(const std::string& text) {
  auto doc = load_document("t.json", text);
  EXPECT_TRUE(doc.ok()) << (doc.ok() ? "" : format(doc.errors()[0]));
  return validate_document(doc.value());
}

std::vector<std::string> ids(const ValidationReport& r) {
  std::vector<std::string> out;
  for (const auto& f : r.findings) out.push_back(f.id);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Validate, ReportsEveryErrorWithToolAndPath) {
  const auto r = validate_text(R"({"tools": [{"name": "ok"},
      {"name": "bad", "annotations": {"riskLevel": "extreme", "minTrustLevel": 9, "readOnlyHint": "yes"}}]})");
  ASSERT_EQ(r.findings.size(), 3u);
  EXPECT_EQ(r.count(Severity::kError), 3u);
  for (const auto& f : r.findings) EXPECT_EQ(f.tool, "bad");
  EXPECT_EQ(ids(r), (std::vector<std::string>{"trust-out-of-range", "unknown-value", "wrong-type"}));
  const auto trust = std::find_if(r.findings.begin(), r.findings.end(),
                                  [](const ValidationFinding& f) { return f.id == "trust-out-of-range"; });
  EXPECT_EQ(trust->path, "tools[1].annotations.minTrustLevel");
}

TEST(Validate, ContradictionsAreWarnings) {
  const auto r = validate_text(
      R"({"tools": [{"name": "t", "annotations": {"readOnlyHint": true, "category": "destroy", "reversibility": "auto"}}]})");
  EXPECT_EQ(r.count(Severity::kError), 0u);
  EXPECT_EQ(ids(r), (std::vector<std::string>{"destroy-auto-reversible", "readonly-changes-state"}));
}

TEST(Validate, MissingFieldsTakeTheFailClosedDefaults) {
  const auto r = validate_text(R"({"tools": [{"name": "t", "annotations": {"riskLevel": "medium"}}]})");
  ASSERT_EQ(r.tools.size(), 1u);
  const RiskAnnotations& f = r.tools[0].fields;
  EXPECT_EQ(f.risk_level, RiskLevel::kMedium);
  EXPECT_EQ(f.approval, Approval::kSingle);  // follows the declared level
  EXPECT_EQ(f.min_trust_level, 3);
  EXPECT_EQ(f.category, Category::kDestroy);  // fail closed
  EXPECT_EQ(f.blast_radius, BlastRadius::kGlobal);
  EXPECT_EQ(f.side_effects, known_side_effects());
  EXPECT_EQ(r.tools[0].defaulted.size(), 6u);
}

TEST(Validate, ReadsTheMetaFormAndChecksBothFormsAgree) {
  const auto r = validate_text(R"({"tools": [{"name": "t", "annotations": {"riskLevel": "low"},
      "_meta": {"dev.toolrisk/risk": {"riskLevel": "high", "category": "delete"}}}]})");
  EXPECT_EQ(ids(r), (std::vector<std::string>{"changes-at-low-risk", "forms-disagree"}));
  EXPECT_EQ(r.tools[0].fields.category, Category::kDelete);
  EXPECT_EQ(r.tools[0].fields.risk_level, RiskLevel::kLow);  // annotations win
}

TEST(Validate, BareAnnotationsMustBeOneObject) {
  auto ok = validate_annotations_text("a.json", R"({"minTrustLevel": 3.0})");
  ASSERT_TRUE(ok.ok());
  EXPECT_TRUE(ok->findings.empty());
  auto list = validate_annotations_text("a.json", "[]");
  ASSERT_TRUE(list.ok());
  EXPECT_EQ(ids(list.value()), std::vector<std::string>{"not-an-object"});
  auto broken = validate_annotations_text("a.json", "{\n  \"riskLevel\": }");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.errors()[0].line, 2u);
}

TEST(Validate, EveryCheckIdIsListedOnce) {
  std::vector<std::string> seen;
  for (const auto& c : validation_checks()) {
    EXPECT_EQ(std::count(seen.begin(), seen.end(), std::string(c.id)), 0) << c.id;
    seen.emplace_back(c.id);
  }
}

TEST(MetaForm, InferWritesItAndTheLoaderReadsItBackAsDeclared) {
  auto doc = load_document("t.json", R"({"tools": [{"name": "delete_pod", "annotations": {"title": "x"}}]})");
  ASSERT_TRUE(doc.ok());
  auto result = infer_document(testing::builtin_rules(), std::move(doc.value()), DeclaredMode::kMax);
  std::ostringstream out;
  emit_json(result, out, false, RiskForm::kMeta);
  const std::string text = out.str();
  EXPECT_NE(text.find("\"dev.toolrisk/risk\":{\"riskLevel\":\"high\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"annotations\":{\"title\":\"x\"}"), std::string::npos) << "annotations stay as declared: " << text;
  auto again = load_document("out.json", out.str());
  ASSERT_TRUE(again.ok());
  ASSERT_TRUE(again->tools[0].declared.category.has_value());
  EXPECT_EQ(*again->tools[0].declared.category, "delete");
  EXPECT_TRUE(validate_document(again.value()).findings.empty());
}

TEST(Loader, ReadsItsOwnNdjsonLinesBack) {
  auto doc = load_document("t.ndjson", R"({"file": "a.json", "location": "tools[0]", "tool": {"name": "get_pod"}}
{"file": "a.json", "location": "tools[1]", "tool": {"name": "delete_pod"}}
)");
  ASSERT_TRUE(doc.ok());
  ASSERT_EQ(doc->tools.size(), 2u);
  EXPECT_EQ(doc->tools[1].name, "delete_pod");
}

TEST(Loader, AnnotationsThatAreNotAnObjectAreFlaggedNotBelieved) {
  auto doc = load_document("t.json", R"({"tools": [{"name": "drop_table", "annotations": "readonly"}]})");
  ASSERT_TRUE(doc.ok());
  EXPECT_FALSE(doc->tools[0].declared.any());
  ASSERT_EQ(doc->tools[0].input_warnings.size(), 1u);
  EXPECT_NE(doc->tools[0].input_warnings[0].find("not an object"), std::string::npos);
}

}  // namespace
}  // namespace toolrisk
