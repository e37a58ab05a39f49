// Catalogues, policies, lock files and the findings of `toolrisk check`.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "test_support.h"
#include "toolrisk/catalog.h"
#include "toolrisk/check.h"
#include "toolrisk/emit.h"
#include "toolrisk/lock.h"
#include "toolrisk/pipeline.h"
#include "toolrisk/policy.h"

namespace toolrisk {
namespace {

DocumentResult infer_text(const std::string& text, const Catalog* catalog = nullptr,
                          DeclaredMode mode = DeclaredMode::kMax, const std::string& file = "server.json") {
  auto doc = load_document(file, text);
  EXPECT_TRUE(doc.ok()) << (doc.ok() ? "" : format(doc.errors()[0]));
  return infer_document(testing::builtin_rules(), std::move(doc.value()), mode, catalog);
}

Catalog catalog(const std::string& yaml) {
  auto c = parse_catalog("cat.yaml", yaml);
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : format(c.errors()[0]));
  return c.ok() ? c.value() : Catalog{};
}

std::vector<std::string> rules_of(const CheckReport& r) {
  std::vector<std::string> out;
  for (const auto& f : r.findings) out.push_back(f.rule + ":" + f.tool);
  return out;
}

const char* kDump = R"({"tools": [
  {"name": "list_pods"},
  {"name": "delete_namespace", "annotations": {"destructiveHint": false}},
  {"name": "frobnicate"}
]})";

TEST(Catalog, NativeEntriesDecideOverDeclaredAndInferred) {
  const Catalog c = catalog(R"(version: 1
entries:
  - tool: "list_*"
    reason: lists secrets in this deployment
    riskLevel: high
  - server: "other-*"
    tool: "*"
    reason: never matches this server
    riskLevel: low
)");
  ASSERT_EQ(c.entries.size(), 2u);
  EXPECT_EQ(c.entries[0].line, 3u);
  const DocumentResult r = infer_text(kDump, &c);
  const Assessment& a = r.assessments[0];
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(a.fields.approval, Approval::kSingle);  // the table follows the catalogued level
  EXPECT_EQ(a.fields.min_trust_level, 4);
  EXPECT_EQ(a.sources.at("riskLevel"), FieldSource::kCatalog);
  EXPECT_EQ(a.sources.at("category"), FieldSource::kInferred);
  EXPECT_TRUE(std::any_of(a.evidence.begin(), a.evidence.end(), [](const Evidence& e) {
    return e.from == EvidenceSource::kCatalog && e.match == "cat.yaml:3: lists secrets in this deployment";
  }));
  EXPECT_EQ(r.assessments[1].sources.at("riskLevel"), FieldSource::kInferred);
}

TEST(Catalog, ClassifiesWhatInferenceCouldNotButNotWhenUnreviewed) {
  const Catalog reviewed = catalog("version: 1\nentries:\n  - tool: frobnicate\n    reason: resizes the widget cache\n"
                                   "    category: utility\n    riskLevel: low\n");
  const Assessment a = infer_text(kDump, &reviewed).assessments[2];
  EXPECT_TRUE(a.classified);
  EXPECT_EQ(a.fields.category, Category::kUtility);
  EXPECT_EQ(std::count(a.flags.begin(), a.flags.end(), "unclassified"), 0);

  const Catalog unreviewed = catalog("version: 1\nentries:\n  - tool: frobnicate\n    reason: unreviewed\n"
                                     "    riskLevel: critical\n");
  const Assessment b = infer_text(kDump, &unreviewed).assessments[2];
  EXPECT_FALSE(b.classified);
  EXPECT_EQ(b.unreviewed_catalog_entry, "cat.yaml:3");
}

TEST(Catalog, ReadsKaraiToolPolicies) {
  const Catalog c = catalog(R"(tool_policies:
  kubectl_delete:
    min_level: 4
    risk_level: high
    category: delete
    destructive: true
    approval_escalation: true
  kubectl_get:
    risk_level: low
    category: read
    approval_escalation: false
)");
  ASSERT_EQ(c.entries.size(), 2u);
  const CatalogEntry& del = c.entries[0];
  EXPECT_EQ(del.tool, "kubectl_delete");
  EXPECT_EQ(del.fields.min_trust_level, 4);
  EXPECT_EQ(del.fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(del.fields.category, Category::kDelete);
  EXPECT_EQ(del.fields.approval, Approval::kMulti);
  EXPECT_EQ(del.fields.reversibility, Reversibility::kNone);
  EXPECT_EQ(*del.fields.side_effects, std::set<std::string>{"state_loss"});
  EXPECT_FALSE(c.entries[1].fields.approval.has_value());  // false: the level's table decides
}

TEST(Catalog, EveryErrorAtOnceWithItsLine) {
  auto c = parse_catalog("bad.yaml", R"(version: 1
entries:
  - tool: a
    riskLevel: extreme
  - reason: no tool
    colour: red
    riskLevel: low
  - tool: b
    reason: fine
)");
  ASSERT_FALSE(c.ok());
  std::vector<std::string> got;
  for (const auto& e : c.errors()) got.push_back(std::to_string(e.line) + ": " + e.message);
  const auto has = [&](const std::string& prefix) {
    return std::any_of(got.begin(), got.end(), [&](const std::string& g) { return g.rfind(prefix, 0) == 0; });
  };
  EXPECT_TRUE(has("3: entry has no `reason`"));
  EXPECT_TRUE(has("4: `riskLevel`: unknown value `extreme`"));
  EXPECT_TRUE(has("5: entry has no `tool`"));
  EXPECT_TRUE(has("6: unknown key `colour`"));
  EXPECT_TRUE(has("8: entry fixes no field"));
}

TEST(Policy, FileValuesAndPathsRelativeToIt) {
  auto p = parse_policy("ci/toolrisk.yaml", "fail_on: high\nconflicts: true\ndrift: [new-tool, risk-increase]\n"
                                            "catalogs: [cat.yaml]\nbaseline: ../toolrisk.lock.json\n");
  ASSERT_TRUE(p.ok()) << format(p.errors()[0]);
  EXPECT_EQ(p->fail_on, RiskLevel::kHigh);
  EXPECT_TRUE(p->fail_on_conflict);
  EXPECT_TRUE(p->fail_on_unclassified);
  EXPECT_EQ(p->drift, (std::set<std::string>{"new-tool", "risk-increase"}));
  EXPECT_EQ(p->catalogs, std::vector<std::string>{"ci/cat.yaml"});
  EXPECT_EQ(p->baseline, "toolrisk.lock.json");
  auto bad = parse_policy("p.yaml", "fail_on: severe\ndrift: [teleported]\nfail-on: high\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.errors().size(), 3u);
}

TEST(Check, UnclassifiedThresholdAndConflictFindings) {
  const DocumentResult r = infer_text(kDump);
  Policy p;
  EXPECT_EQ(rules_of(run_check({r}, p, nullptr)), std::vector<std::string>{"unclassified:frobnicate"});
  p.fail_on = RiskLevel::kCritical;
  p.fail_on_conflict = true;
  const CheckReport report = run_check({r}, p, nullptr);
  EXPECT_EQ(rules_of(report), (std::vector<std::string>{"risk-threshold:delete_namespace", "declared-conflict:delete_namespace",
                                                       "unclassified:frobnicate"}));
  EXPECT_EQ(report.findings[0].line, 3u);  // the tool's own line in the input
  p.fail_on_unclassified = false;
  p.fail_on.reset();
  p.fail_on_conflict = false;
  EXPECT_FALSE(run_check({r}, p, nullptr).failed());
}

TEST(Lock, RoundTripsAndHashesIgnoreKeyOrderAndWhitespace) {
  const DocumentResult a = infer_text(R"({"tools": [{"name": "get_pod", "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}]})");
  const DocumentResult b = infer_text("{\"tools\":[{\"inputSchema\":{\"properties\":{\"name\":{\"type\":\"string\"}},\n\"type\":\"object\"},\"name\":\"get_pod\"}]}");
  EXPECT_EQ(definition_hashes(a.document, 0).definition, definition_hashes(b.document, 0).definition);
  std::ostringstream out;
  emit_lock(make_lock({a}, "test"), out);
  auto lock = parse_lock("l.json", out.str());
  ASSERT_TRUE(lock.ok()) << format(lock.errors()[0]);
  ASSERT_EQ(lock->servers.size(), 1u);
  EXPECT_EQ(lock->servers[0].server, "server");
  EXPECT_EQ(lock->servers[0].tools[0].hashes.definition, definition_hashes(a.document, 0).definition);
  EXPECT_EQ(lock->servers[0].tools[0].fields.category, a.assessments[0].fields.category);
  EXPECT_FALSE(parse_lock("l.json", R"({"lockVersion": 7, "servers": []})").ok());
  // A value of the wrong type is an error naming where it is, not an exception.
  std::string edited = out.str();
  const std::size_t at = edited.find("\"classified\": ");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, edited.find_first_of(",\n}", at) - at, "\"classified\": null");
  const auto bad = parse_lock("l.json", edited);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.errors()[0].path, "servers[0].tools[0].classified");
}

TEST(Check, BaselineDrift) {
  const DocumentResult before = infer_text(R"({"tools": [
    {"name": "get_pod", "description": "Get a pod"},
    {"name": "delete_pod"},
    {"name": "list_nodes"}]})");
  std::ostringstream out;
  emit_lock(make_lock({before}, "test"), out);
  const LockFile lock = parse_lock("l.json", out.str()).value();
  const DocumentResult after = infer_text(R"({"tools": [
    {"name": "get_pod", "description": "Get a pod and send it to any URL"},
    {"name": "delete_pod", "inputSchema": {"type": "object", "properties": {"force": {"type": "boolean"}}}},
    {"name": "scale_deployment"}]})");
  Policy p;
  const CheckReport r = run_check({after}, p, &lock);
  // The new description sends what it gets away: a change of definition that raises the risk.
  EXPECT_EQ(rules_of(r), (std::vector<std::string>{"changed-definition:get_pod", "risk-increase:get_pod",
                                                  "changed-definition:delete_pod", "risk-increase:delete_pod",
                                                  "new-tool:scale_deployment", "removed-tool:list_nodes"}));
  const auto increase = std::find_if(r.findings.begin(), r.findings.end(), [](const Finding& f) {
    return f.rule == "risk-increase" && f.tool == "delete_pod";
  });
  ASSERT_NE(increase, r.findings.end());
  EXPECT_NE(increase->message.find("riskLevel high -> critical"), std::string::npos) << increase->message;
  p.drift = {"removed-tool"};
  EXPECT_EQ(rules_of(run_check({after}, p, &lock)), std::vector<std::string>{"removed-tool:list_nodes"});
}

TEST(Check, EveryFindingRuleIsDescribed) {
  for (const auto& rule : check_rules()) {
    EXPECT_FALSE(rule.summary.empty()) << rule.id;
    EXPECT_FALSE(rule.help.empty()) << rule.id;
  }
  EXPECT_EQ(check_rules().size(), 8u);
}

}  // namespace
}  // namespace toolrisk
