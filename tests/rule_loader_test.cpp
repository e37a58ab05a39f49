#include <gtest/gtest.h>

#include <algorithm>

#include "test_support.h"
#include "toolrisk/rule_base.h"

namespace toolrisk {
namespace {

const std::string kGoodVerb = testing::frob_rule_file();

TEST(RuleLoader, ParsesARuleFile) {
  auto rules = parse_rule_files({{"a.yaml", kGoodVerb}});
  ASSERT_TRUE(rules);
  ASSERT_EQ(rules->size(), 1u);
  const Rule& r = rules->front();
  EXPECT_EQ(r.id, "verb.test.frob");
  EXPECT_EQ(r.kind, RuleKind::kVerb);
  EXPECT_EQ(r.category, Category::kMutate);
  EXPECT_EQ(r.line, 3u);
  EXPECT_EQ(r.examples.size(), 2u);
}

TEST(RuleLoader, ReportsEveryErrorWithFileAndLine) {
  const char* bad = R"(kind: verb
rules:
  - id: verb.a
    why: ok
    words: [a]
    category: mutatee
    examples:
      match: [a_thing]
      no_match: [b_thing]
  - id: verb.b
    why: ok
    words: [b]
    colour: blue
    examples:
      match: [b_thing]
  - id: verb.c
    words: [c_d]
    examples:
      match: [c]
      no_match: [d]
)";
  auto rules = parse_rule_files({{"bad.yaml", bad}});
  ASSERT_FALSE(rules);
  const auto& e = rules.errors();
  auto has = [&](std::size_t line, const std::string& text) {
    return std::any_of(e.begin(), e.end(), [&](const Diagnostic& d) {
      return d.file == "bad.yaml" && d.line == line && d.message.find(text) != std::string::npos;
    });
  };
  EXPECT_TRUE(has(6, "unknown value `mutatee`"));
  EXPECT_TRUE(has(13, "unknown key `colour`"));
  EXPECT_TRUE(has(10, "at least one `match` and one `no_match`"));
  EXPECT_TRUE(has(16, "no `why`"));
  EXPECT_TRUE(has(16, "has a separator"));
  EXPECT_GE(e.size(), 5u);
}

TEST(RuleLoader, YamlSyntaxErrorsHaveALine) {
  auto rules = parse_rule_files({{"broken.yaml", "kind: verb\nrules:\n  - id: [unclosed\n"}});
  ASSERT_FALSE(rules);
  EXPECT_EQ(rules.errors().front().file, "broken.yaml");
  EXPECT_GT(rules.errors().front().line, 0u);
}

TEST(RuleLoader, BadRegexIsReportedWithItsLine) {
  const char* bad = R"(kind: phrase
rules:
  - id: phrase.bad
    why: broken
    pattern: "(unclosed"
    examples:
      match: [{name: a, description: x}]
      no_match: [b]
)";
  // Reading the file checks its patterns.
  auto rules = parse_rule_files({{"p.yaml", bad}});
  ASSERT_FALSE(rules);
  EXPECT_NE(rules.errors().front().message.find("rule `phrase.bad`: bad pattern: missing )"), std::string::npos);
  EXPECT_EQ(rules.errors().front().file, "p.yaml");
  EXPECT_EQ(rules.errors().front().line, 3u);
  // A rule built by hand is checked when the rule base is compiled.
  Rule r;
  r.id = "phrase.bad";
  r.kind = RuleKind::kPhrase;
  r.pattern = "(unclosed";
  r.line = 7;
  auto base = RuleBase::compile({r});
  ASSERT_FALSE(base);
  EXPECT_NE(base.errors().front().message.find("phrase.bad"), std::string::npos);
  EXPECT_EQ(base.errors().front().line, 7u);
}

// A param rule file whose one rule (its id on line 3) has `body` between its `why` and its
// examples; reading it must fail with `message` on that line.
void expect_param_rule_error(const std::string& body, const std::string& message) {
  const std::string text = "kind: param\nrules:\n  - id: param.bad\n    why: broken\n" + body +
                           "    examples:\n      match: [{name: a, params: [force]}]\n      no_match: [b]\n";
  auto rules = parse_rule_files({{"p.yaml", text}});
  ASSERT_FALSE(rules);
  EXPECT_NE(rules.errors().front().message.find(message), std::string::npos) << rules.errors().front().message;
  EXPECT_EQ(rules.errors().front().file, "p.yaml");
  EXPECT_EQ(rules.errors().front().line, 3u);
}

TEST(RuleLoader, BadWordPatternIsReportedWithItsLine) {
  expect_param_rule_error("    words: [force, \"skip_(\\\\w+\"]\n    role: modifier\n    bump: 1\n",
                          "rule `param.bad`: bad words: missing )");
  // By hand, checked when compiled.
  Rule r;
  r.id = "param.bad";
  r.kind = RuleKind::kParam;
  r.words = {"skip_(\\w+"};
  auto base = RuleBase::compile({r});
  ASSERT_FALSE(base);
  EXPECT_NE(base.errors().front().message.find("bad words"), std::string::npos);
}

TEST(RuleLoader, BadToolDescriptionPatternIsReportedWithItsLine) {
  expect_param_rule_error("    words: [query]\n    role: exec\n    tool_description: \"(run\"\n",
                          "rule `param.bad`: bad tool_description pattern: missing )");
}

TEST(RuleLoader, InNameNeedsABump) {
  expect_param_rule_error("    words: [force]\n    role: note\n    in_name: true\n", "`in_name` is for a modifier");
}

// Words that are patterns match whole snake names, case-sensitively, beside literal words.
TEST(RuleLoader, WordPatternsMatchWholeNames) {
  Rule lit;
  lit.id = "param.lit";
  lit.kind = RuleKind::kParam;
  lit.words = {"force"};
  Rule pat;
  pat.id = "param.pat";
  pat.kind = RuleKind::kParam;
  pat.words = {"force_\\w+", "\\w+_force", "dry"};
  Rule other;
  other.id = "param.other";
  other.kind = RuleKind::kParam;
  other.words = {"\\w*path"};
  auto base = RuleBase::compile({lit, pat, other});
  ASSERT_TRUE(base) << base.errors().front().message;
  const auto& b = **base;
  EXPECT_EQ(b.match_param("force"), (std::vector<std::size_t>{0}));
  EXPECT_EQ(b.match_param("force_delete"), (std::vector<std::size_t>{1}));
  EXPECT_EQ(b.match_param("use_force"), (std::vector<std::size_t>{1}));
  EXPECT_EQ(b.match_param("dry"), (std::vector<std::size_t>{1}));
  EXPECT_EQ(b.match_param("file_path"), (std::vector<std::size_t>{2}));
  EXPECT_EQ(b.match_param("path"), (std::vector<std::size_t>{2}));
  EXPECT_TRUE(b.match_param("forced").empty());       // not a whole-name match
  EXPECT_TRUE(b.match_param("force_").empty());       // \w+ needs a character
  EXPECT_TRUE(b.match_param("paths_list").empty());   // anchored at the end
  EXPECT_TRUE(b.match_param("FORCE_DELETE").empty());  // case-sensitive, as the words are
  EXPECT_TRUE(b.match_param("").empty());
}

// Each thread remembers the words a rule base's pattern sets were asked of; the answers are
// that rule base's, asked again, after another rule base's, and again after many other words.
TEST(RuleLoader, RememberedWordsAnswerForTheirOwnRuleBase) {
  const auto make = [](std::vector<std::string> words) {
    Rule r;
    r.id = "param.pat";
    r.kind = RuleKind::kParam;
    r.words = std::move(words);
    auto base = RuleBase::compile({r});
    EXPECT_TRUE(base);
    return *base;
  };
  const auto a = make({"force_\\w+"});
  const auto b = make({"\\w+_delete"});
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(a->match_param("force_delete"), (std::vector<std::size_t>{0}));
    EXPECT_TRUE(a->match_param("hard_delete").empty());
    EXPECT_EQ(b->match_param("hard_delete"), (std::vector<std::size_t>{0}));
    EXPECT_EQ(b->match_param("force_delete"), (std::vector<std::size_t>{0}));
    EXPECT_TRUE(b->match_param("force_push").empty());
    EXPECT_EQ(a->match_param("force_push"), (std::vector<std::size_t>{0}));
  }
  for (int i = 0; i < 20000; ++i) a->match_param("force_" + std::to_string(i));  // past the memo's size
  EXPECT_EQ(a->match_param("force_x"), (std::vector<std::size_t>{0}));
  EXPECT_TRUE(a->match_param("x_force").empty());
  // A rule base made where an earlier one was freed is not answered from the earlier one's words.
  for (int i = 0; i < 3; ++i) {
    const auto c = make({"keep_\\w+"});
    EXPECT_TRUE(c->match_param("force_delete").empty());
    EXPECT_EQ(c->match_param("keep_files"), (std::vector<std::size_t>{0}));
  }
}

TEST(RuleLoader, OverridesReplaceAddAndDisable) {
  const std::string override_text =
      "kind: verb\nrules:\n  - id: verb.delete\n    disabled: true\n" + testing::frob_rule_entry();
  auto base = load_rule_base({{"mine.yaml", override_text}});
  ASSERT_TRUE(base);
  const auto& rules = base.value()->rules();
  auto find = [&](const std::string& id) {
    return std::any_of(rules.begin(), rules.end(), [&](const Rule& r) { return r.id == id; });
  };
  EXPECT_FALSE(find("verb.delete"));
  EXPECT_TRUE(find("verb.test.frob"));
  EXPECT_TRUE(find("verb.read.get"));
}

TEST(RuleLoader, OverrideOfUnknownOrDuplicatedIdIsAnError) {
  auto unknown = load_rule_base({{"mine.yaml", "kind: verb\nrules:\n  - id: verb.nope\n    disabled: true\n"}});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.errors().front().message.find("does not exist"), std::string::npos);
  auto twice = load_rule_base({{"a.yaml", kGoodVerb}, {"b.yaml", kGoodVerb}});
  ASSERT_FALSE(twice);
}

TEST(RuleLoader, RejectsFilesWithoutKindOrRules) {
  EXPECT_FALSE(parse_rule_files({{"x.yaml", "rules: []\n"}}));
  EXPECT_FALSE(parse_rule_files({{"x.yaml", "kind: verb\n"}}));
  EXPECT_FALSE(parse_rule_files({{"x.yaml", "kind: adjective\nrules: []\n"}}));
  EXPECT_FALSE(parse_rule_files({{"x.yaml", "- just a list\n"}}));
}

}  // namespace
}  // namespace toolrisk
