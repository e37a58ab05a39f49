// Rule patterns searched through their lower-case spelling on lowered text must find exactly
// what RE2's case-insensitive search finds (src/folded_regex.h).
#include "folded_regex.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "rule_regex.h"
#include "test_support.h"
#include "toolrisk/loader.h"

namespace toolrisk {
namespace {

TEST(FoldedRegex, LowersOnlyWhatCaseFoldingReaches) {
  EXPECT_EQ(lowered_pattern("\\bDelete(s|d)? [A-Z][\\w-]*\\B\\d{1,3}\\s\\S\\W\\D"),
            "\\bdelete(s|d)? [a-z][\\w-]*\\B\\d{1,3}\\s\\S\\W\\D");
  EXPECT_EQ(lowered_pattern("(?m)^[^.\\n]{0,50}(?:Foo)\\.TXT"), "(?m)^[^.\\n]{0,50}(?:foo)\\.txt");
  EXPECT_EQ(lowered_pattern("[]A-Fx-]|[^Q0-9]|[-A]|[\\w-]"), "[]a-fx-]|[^q0-9]|[-a]|[\\w-]");
  EXPECT_EQ(lowered_pattern("(?i)\\bKind\\b"), "\\bkind\\b");  // the search ignores case anyway
  // Where lowering would change what matches, or case folding reaches further than ASCII.
  for (const char* p : {"(?-i:[A-Z])x", "a(?i)x", "(?i)(?-i:X)", "a(?i:B)", "\\pL", "\\p{Greek}", "\\x41", "\\QAB\\E", "\\C",
                        "[[:upper:]]", "[A-z]", "[0-F]", "[\\.-Z]", "[a-c-Z]", "caf\xC3\xA9", "(?P<n>a)", "\\1", "[a", "a\\"}) {
    EXPECT_EQ(lowered_pattern(p), "") << p;
  }
}

TEST(FoldedRegex, QuotesTheTextAsGiven) {
  const FoldedRegex re("\\bdelete (the )?CLUSTER\\b");
  std::string buffer;
  const FoldedText t = fold_text("Will DELETE the Cluster now", buffer);
  re2::StringPiece m;
  ASSERT_TRUE(re.match(t, 0, RE2::UNANCHORED, &m));
  EXPECT_EQ(std::string(m.data(), m.size()), "DELETE the Cluster");
  EXPECT_EQ(m.data(), t.text.data() + 5);
  EXPECT_TRUE(re.full("delete cluster"));
  EXPECT_FALSE(re.full("delete clusters"));
  // RE2 folds k to U+212A (KELVIN SIGN) and s to U+017F (LONG S): such a text takes the
  // case-insensitive program.
  const FoldedText kelvin = fold_text("delete the \xE2\x84\xAA" "8s cluster", buffer);
  EXPECT_FALSE(kelvin.lowerable);
  EXPECT_TRUE(FoldedRegex("delete the k8s").partial(kelvin));
  EXPECT_TRUE(FoldedRegex("\\bdelete\\b").partial(fold_text("DELETE", buffer)));
}

// A search from an offset finds only what starts there or after, and still sees the text before
// it as context (\b after a letter does not hold), by the small program and by RE2 alike.
TEST(FoldedRegex, APartialSearchFromAnOffsetKeepsWhatStandsBeforeAsContext) {
  const FoldedRegex re("\\bfoo\\b");
  std::string buffer;
  // The second text holds U+212A, so RE2's case-insensitive program serves it.
  for (const std::string& tail : {std::string(), std::string(" \xE2\x84\xAA")}) {
    const std::string text = "xFoo Foo" + tail;
    const FoldedText t = fold_text(text, buffer);
    EXPECT_EQ(t.lowerable, tail.empty());
    EXPECT_TRUE(re.partial(t, 0)) << text;
    EXPECT_TRUE(re.partial(t, 1)) << text;  // the second "Foo"; the first has "x" before it
    EXPECT_FALSE(re.partial(t, 6)) << text;
    const std::string glued_text = "xFoo" + tail;
    const FoldedText glued = fold_text(glued_text, buffer);
    EXPECT_FALSE(re.partial(glued, 1)) << glued_text;
  }
}

std::string alternate_case(std::string s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) s[i] = static_cast<char>(i % 2 ? std::toupper(c) : std::tolower(c));
  }
  return s;
}

TEST(FoldedRegex, FindsWhatACaseInsensitiveSearchFindsForEveryBuiltInPattern) {
  std::vector<std::string> patterns;
  for (const Rule& r : testing::builtin_rules().rules()) {
    if (r.alternatives) {
      for (const auto& a : *r.alternatives) {
        patterns.push_back(a.pattern);
        if (!a.tail.empty()) patterns.push_back(a.tail);
      }
    }
    for (const std::string* p : {&r.description_pattern, &r.unless_pattern, &r.values_pattern}) {
      if (!p->empty()) patterns.push_back(*p);
    }
  }
  // Descriptions of real tools, as written, upper case and in alternating case, and texts with
  // the two non-ASCII letters that fold to ASCII ones.
  std::vector<std::string> texts = {"Delete the \xE2\x84\xAA" "ubernetes namespace", "Li\xC5\xBF" "t all pods",
                                    "DROP TABLE users; -- run any SQL", "", "a"};
  std::vector<std::string> descriptions;
  for (const auto& entry : std::filesystem::directory_iterator(testing::source_path("tests/data/corpus"))) {
    if (entry.path().extension() != ".json") continue;
    auto doc = load_document(entry.path().string(), testing::read_file(entry.path().string()));
    if (!doc) continue;
    for (const Tool& t : doc->tools) descriptions.push_back(t.description);
  }
  {  // the accuracy set: {"file", "tool"} a line
    std::istringstream lines(testing::read_file(testing::source_path("tests/data/accuracy/tools.ndjson")));
    for (std::string line; std::getline(lines, line);) {
      const auto v = nlohmann::json::parse(line);
      descriptions.push_back(v["tool"].value("description", ""));
    }
  }
  for (const std::string& d : descriptions) {
    texts.push_back(d);
    std::string upper = d;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); });
    texts.push_back(upper);
    texts.push_back(alternate_case(d));
  }
  ASSERT_GT(texts.size(), 1000u);
  std::size_t lowerable = 0, small = 0, matched = 0;
  std::string buffer;
  for (const std::string& p : patterns) {
    const FoldedRegex folded(p);
    const RE2 reference(p, rule_regex_options(false));
    ASSERT_TRUE(reference.ok()) << p;
    lowerable += !lowered_pattern(p).empty();
    const bool in_subset = BacktrackRegex::compile(p).has_value();
    small += in_subset;
    if (!in_subset) std::cerr << "outside the backtracking subset: " << p << "\n";
    for (std::size_t i = 0; i < texts.size(); ++i) {
      const std::string& text = texts[i];
      const FoldedText t = fold_text(text, buffer);
      const re2::StringPiece piece(text.data(), text.size());
      re2::StringPiece want, got;
      // Anchored at each word (the first 24), matching or not, as the rule base tries a phrase
      // where its leading words stand (for a third of the texts).
      for (std::size_t at = 0, words = 0; i % 3 == 0 && at < text.size() && words < 24; ++at) {
        if (at > 0 && std::isalnum(static_cast<unsigned char>(text[at - 1]))) continue;
        if (!std::isalnum(static_cast<unsigned char>(text[at]))) continue;
        ++words;
        const bool here = reference.Match(piece, at, piece.size(), RE2::ANCHOR_START, &want, 1);
        ASSERT_EQ(folded.match(t, at, RE2::ANCHOR_START, &got), here) << p << "\n  at " << at << " of: " << text;
        if (here) {
          ASSERT_EQ(std::string_view(got.data(), got.size()), std::string_view(want.data(), want.size())) << p;
        }
      }
      const bool found = reference.Match(piece, 0, piece.size(), RE2::UNANCHORED, &want, 1);
      ASSERT_EQ(folded.match(t, 0, RE2::UNANCHORED, &got), found) << p << "\n  on: " << text;
      ASSERT_EQ(folded.partial(t), found) << p << "\n  on: " << text;
      if (!found) continue;
      ++matched;
      ASSERT_EQ(got.data(), want.data()) << p << "\n  on: " << text;
      ASSERT_EQ(got.size(), want.size()) << p << "\n  on: " << text;
      // Anchored where the match starts, as the rule base tries phrases.
      const std::size_t at = static_cast<std::size_t>(want.data() - text.data());
      ASSERT_TRUE(folded.match(t, at, RE2::ANCHOR_START, &got)) << p << "\n  on: " << text;
      ASSERT_EQ(folded.full(std::string(want.data(), want.size())), RE2::FullMatch(want, reference)) << p;
    }
  }
  // The lower-case route is the one most patterns take, and the texts exercise it.
  EXPECT_GT(lowerable * 2, patterns.size());
  // Every built-in pattern is in the subset the small backtracking program takes, so these
  // texts check it against RE2 (a rule written outside it still works, through RE2).
  EXPECT_EQ(small, patterns.size());
  EXPECT_GT(matched, 1000u) << patterns.size() << " patterns, " << lowerable << " lowerable, " << texts.size() << " texts";
}

}  // namespace
}  // namespace toolrisk
