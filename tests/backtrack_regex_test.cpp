// The small backtracking program must find what RE2 finds, case-insensitively, for every pattern
// it compiles, and refuse what it does not take (src/backtrack_regex.h). The built-in patterns
// are checked against RE2 on real descriptions in folded_regex_test.cpp.
#include "backtrack_regex.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "folded_regex.h"
#include "rule_regex.h"

namespace toolrisk {
namespace {

// RE2's answer, case-insensitive: unanchored from `from`, or anchored at `from` (and at the end).
bool reference(const RE2& re, std::string_view text, std::size_t from, RE2::Anchor anchor, std::string_view* m) {
  re2::StringPiece got;
  const re2::StringPiece piece(text.data(), text.size());
  if (!re.Match(piece, from, piece.size(), anchor, &got, 1)) return false;
  *m = std::string_view(got.data(), got.size());
  return true;
}

// Compares the two at every start, anchored and not, and as a full match.
void expect_same(const std::string& pattern, const std::string& text) {
  const auto small = BacktrackRegex::compile(pattern);
  ASSERT_TRUE(small.has_value()) << pattern;
  const RE2 re(pattern, rule_regex_options(false));
  ASSERT_TRUE(re.ok()) << pattern;
  std::string buffer;
  const FoldedText t = fold_text(text, buffer);
  ASSERT_TRUE(t.lowerable);
  for (std::size_t from = 0; from <= text.size(); ++from) {
    for (const RE2::Anchor anchor : {RE2::UNANCHORED, RE2::ANCHOR_START, RE2::ANCHOR_BOTH}) {
      std::string_view want;
      const bool found = reference(re, text, from, anchor, &want);
      std::size_t begin = 0, end = 0, steps = 0;
      const auto r = small->search(t, from, anchor != RE2::UNANCHORED, anchor == RE2::ANCHOR_BOTH, &begin, &end, SIZE_MAX, &steps);
      ASSERT_NE(r, BacktrackRegex::Result::kGaveUp) << pattern << " on " << text;
      ASSERT_EQ(r == BacktrackRegex::Result::kMatch, found) << pattern << " on \"" << text << "\" from " << from << " anchor " << anchor;
      if (found) {
        EXPECT_EQ(text.substr(begin, end - begin), want) << pattern << " on \"" << text << "\" from " << from << " anchor " << anchor;
        EXPECT_EQ(begin, static_cast<std::size_t>(want.data() - text.data())) << pattern << " on " << text;
      }
    }
  }
}

TEST(BacktrackRegex, FindsWhatRe2FindsForEachConstruct) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      // leftmost-first: the first alternative that leads to a match, not the longest
      {"a|ab", {"ab", "xab", "b"}},
      {"(a|ab)(c|bcd)(d*)", {"abcd", "abcdd", "ac"}},
      {"\\b(get|gets|getting)\\b", {"Gets all", "forget it", "GETTING", "get_x get"}},
      // greedy, lazy and counted repetition
      {"a[^.]{0,5}b", {"a..b aXXXXXb", "aXXXXXXb", "a b b", "A\xC3\xA9\xC3\xA9" "B"}},
      {"a[^.]{0,5}?b", {"aXbXb", "aXXXXXXb"}},
      {"x+?y|x*z", {"xxxy", "xxz", "y"}},
      {"(ab){2,3}c?", {"abababc", "ababab", "abc", "ababc"}},
      {"a{2}|b{1,}", {"aaa", "bbb", "ab"}},
      {"([\\w-]+ ){0,2}or (sets?|updates?)", {"Get the value or set it", "get a b c or update x", "or sets"}},
      // classes: ranges, negation, Perl classes, escapes, a ']' first, a '-' last
      {"[A-F0-3]+", {"deadBEEF 42", "xyz"}},
      {"[^a-c\\s]+", {"abc DEF\tghi", "aaa"}},
      {"[]x-]+|\\d\\D\\s\\S\\w\\W", {"a]-x", "1a bc!", "z"}},
      {"[\\.\\-\\]]|\\(\\)", {"a.b", "f()", "x]"}},
      {"[^.\\n]{3}", {"ab\ncd.efg", "\xC3\xA9\xC3\xA9\xC3\xA9", "a\xE2\x80\x99" "b"}},
      // dot, with and without s; UTF-8 characters, not bytes
      {"a.b", {"a\nb axb a\xE2\x82\xAC" "b"}},
      {"(?s)a.b", {"a\nb"}},
      // assertions: lines with m, text ends, word boundaries
      {"^foo|bar$", {"foo bar", "x foo\nbar\nx", "bar"}},
      {"(?m)^\\s*(returns?|gets?)\\b|\\bend$", {"Lists.\n  Returns x", "the end\nnext", "x. Gets"}},
      {"\\Afoo\\b|\\Bar\\B|x\\z", {"foo", "a foo", "barb", "cards", "box"}},
      {"(?:^|[.!?]\\s|\\n)\\s*(delete|remove)s? ", {"Deletes x. Removes y", "It deletes x", "ok!\n remove z"}},
      // case: ignored, except in a (?-i:...) part, which reads the text as given
      {"DeLeTe (?-i:[A-Z])[\\w-]* (db|database)", {"delete Prod db", "delete prod db", "DELETE PROD DATABASE"}},
      {"(?i)a(?-i)B|c", {"AB", "Ab", "C"}},
      {"(?-i:ab)(?i:C)", {"abc", "abC", "ABC"}},
      // groups: named, flag groups for the rest of the group, across alternatives
      {"(?P<verb>list)s?|(?P<n>show)", {"LISTS", "shows"}},
      {"a(?i)b|c", {"aB", "C"}},
      // a brace that does not open a count is a literal
      {"a{,2}|x{y}|{", {"a{,2}", "x{y}", "{"}},
      // nor does one whose number has a leading zero (RE2 takes "{00}" as text; found by fuzz_patterns)
      {"a{00}|b{01}|c{1,02}", {"a{00}", "b{01}", "bb", "c{1,02}", "cc", ""}},
      {"]{00}", {"", "]{00}"}},
      // characters outside ASCII: as written in a case-sensitive part, caseless punctuation anywhere
      {"user([^'\xE2\x80\x99\\w-]|$)", {"user\xE2\x80\x99s", "user's", "user.", "user"}},
      {"(?-i:caf\xC3\xA9)", {"caf\xC3\xA9", "CAF\xC3\xA9"}},
  };
  for (const auto& [pattern, texts] : cases) {
    for (const auto& text : texts) expect_same(pattern, text);
  }
}

TEST(BacktrackRegex, RefusesWhatItDoesNotTake) {
  for (const char* p : {"\\pL", "\\p{Greek}", "\\x41", "\\QAB\\E", "\\C", "\\1", "[[:alpha:]]", "(?U)a+", "(?<n>a)", "(?P<>a)", "(a*)*", "(a|)+",
                        "caf\xC3\xA9", "[\xC3\xA9]", "[a-\xC3\xA9]", "a**", "*a", "(a", "a)", "[a", "a\\", "\\b+", "x{1001}", "x{3,2}"}) {
    EXPECT_FALSE(BacktrackRegex::compile(p).has_value()) << p;
  }
  // What it refuses, RE2 still serves (FoldedRegex asks it).
  std::string buffer;
  EXPECT_TRUE(FoldedRegex("caf\xC3\xA9").partial(fold_text("CAF\xC3\x89", buffer)));
}

TEST(BacktrackRegex, GivesUpOnATextThatWouldTakeTooLongAndRe2Answers) {
  // Every way of splitting the a's is tried before the missing b is known: exponential.
  const std::string pattern = "(a|aa)+b";
  const std::string text(60, 'a');
  const auto small = BacktrackRegex::compile(pattern);
  ASSERT_TRUE(small.has_value());
  std::string buffer;
  const FoldedText t = fold_text(text, buffer);
  std::size_t begin = 0, end = 0, steps = 0;
  EXPECT_EQ(small->search(t, 0, false, false, &begin, &end, SIZE_MAX, &steps), BacktrackRegex::Result::kGaveUp);
  EXPECT_GT(steps, 20000u);
  EXPECT_FALSE(FoldedRegex(pattern).partial(t));
  EXPECT_TRUE(FoldedRegex(pattern).partial(fold_text(text + "b", buffer)));
}

TEST(BacktrackRegex, WritesRepetitionsOut) {
  // x{2,4}: two copies, then two optional ones, each behind a split; then the match.
  EXPECT_EQ(BacktrackRegex::compile("x{2,4}")->size(), 2u + 2u * 2u + 1u);
  EXPECT_EQ(BacktrackRegex::compile("x*")->size(), 4u);  // split, x, jump, match
}

}  // namespace
}  // namespace toolrisk
