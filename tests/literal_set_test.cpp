// The phrase prefilter: the literal search (LiteralSet) and the literal groups found for each
// phrase (check_patterns) must never hide a match. Checked against a search without them.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <filesystem>
#include <random>
#include <set>

#include "literal_set.h"
#include "denial.h"
#include "not_for_clause.h"
#include "rule_regex.h"
#include "test_support.h"
#include "toolrisk/loader.h"
#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

namespace fs = std::filesystem;

// What a rule base's first phrase match quotes in `text`, or "-" when none matches.
std::string first_quoted(const RuleBase& base, const std::string& text) {
  auto hits = base.match_phrase(text);
  return hits.empty() ? std::string("-") : hits.front().second;
}

std::vector<unsigned char> found(const LiteralSet& set, std::string_view text) {
  std::vector<unsigned char> seen(set.size(), 0);
  set.scan(text, seen);
  return seen;
}

std::string random_string(std::mt19937& rng, std::string_view alphabet, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += alphabet[rng() % alphabet.size()];
  return s;
}

TEST(LiteralSet, FindsOverlappingLiteralsIgnoringAsciiCase) {
  const LiteralSet set({"delete", "let", "all ", "allow", "e a"});
  EXPECT_EQ(found(set, "DELETE ALL rows"), (std::vector<unsigned char>{1, 1, 1, 0, 1}));  // "e a" spans two words
  EXPECT_EQ(found(set, "Delete a table"), (std::vector<unsigned char>{1, 1, 0, 0, 1}));
  EXPECT_EQ(found(set, "allo"), (std::vector<unsigned char>{0, 0, 0, 0, 0}));
  EXPECT_EQ(found(set, "xallowx"), (std::vector<unsigned char>{0, 0, 0, 1, 0}));
  EXPECT_EQ(found(set, ""), (std::vector<unsigned char>{0, 0, 0, 0, 0}));
  EXPECT_EQ(found(LiteralSet({}), "anything"), std::vector<unsigned char>{});
}

TEST(LiteralSet, ReadsTheKelvinSignAndLongSAsRe2Does) {
  const LiteralSet set({"kill", "erase"});
  EXPECT_EQ(found(set, "\xE2\x84\xAAill it"), (std::vector<unsigned char>{1, 0}));  // KELVIN SIGN
  EXPECT_EQ(found(set, "era\xC5\xBF" "e"), (std::vector<unsigned char>{0, 1}));      // LONG S
  EXPECT_EQ(found(set, "\xE2\x84ill \xC5"), (std::vector<unsigned char>{0, 0}));     // cut sequences
}

TEST(LiteralSet, AgreesWithANaiveSearchOnRandomTexts) {
  std::mt19937 rng(7);
  const auto random_text = [&](std::size_t n) { return random_string(rng, "abcAB -\xC3\xA9", n); };
  for (int round = 0; round < 200; ++round) {
    std::vector<std::string> literals;
    for (int i = 0; i < 12; ++i) {
      std::string lit = random_text(1 + rng() % 4);
      for (char& c : lit) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      literals.push_back(lit);
    }
    const LiteralSet set(literals);
    const std::string text = random_text(40);
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    const auto seen = found(set, text);
    for (std::size_t i = 0; i < literals.size(); ++i) {
      EXPECT_EQ(seen[i] != 0, lower.find(literals[i]) != std::string::npos) << "`" << literals[i] << "` in `" << text << "`";
    }
  }
}

// Every place a literal ends, in text order, on texts long enough to be walked in two halves,
// with literals longer than a half, across the halves' meeting point, and at both ends.
TEST(LiteralSet, ReportsEveryPlaceInTextOrder) {
  std::mt19937 rng(5);
  const auto random_text = [&](std::size_t n) { return random_string(rng, "abAB -", n); };
  std::size_t places = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> literals;
    for (int i = 0; i < 10; ++i) {
      std::string lit = random_text(1 + rng() % (i < 2 ? 40 : 6));
      for (char& c : lit) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      literals.push_back(lit);
    }
    const LiteralSet set(literals);
    std::string text = random_text(rng() % 300);
    if (round % 2 == 0) text.insert(text.size() / 2 - std::min(text.size() / 2, literals[0].size() / 2), literals[0]);  // across the middle
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    std::vector<unsigned char> seen(set.size(), 0), record(set.size(), 1);
    std::vector<LiteralHit> hits;
    set.scan(text, seen, &record, &hits);
    std::set<std::pair<std::size_t, std::uint32_t>> want, got;
    for (std::uint32_t i = 0; i < literals.size(); ++i) {
      for (auto at = lower.find(literals[i]); at != std::string::npos; at = lower.find(literals[i], at + 1)) want.emplace(at + literals[i].size(), i);
      EXPECT_EQ(seen[i] != 0, lower.find(literals[i]) != std::string::npos);
    }
    for (std::size_t k = 0; k < hits.size(); ++k) {
      got.emplace(hits[k].end, hits[k].literal);
      if (k > 0) {
        EXPECT_LE(hits[k - 1].end, hits[k].end) << text;
      }
    }
    EXPECT_EQ(got.size(), hits.size()) << text;  // each place once
    EXPECT_EQ(got, want) << text;
    places += want.size();
  }
  EXPECT_GT(places, 3000u);
}

// Past 65,535 states the automaton takes 32-bit entries: same answers.
TEST(LiteralSet, AgreesWithANaiveSearchWhenLarge) {
  std::mt19937 rng(11);
  std::vector<std::string> literals;
  std::string text;
  for (int i = 0; i < 800; ++i) {
    std::string lit;
    for (int k = 0; k < 100; ++k) lit += static_cast<char>('a' + rng() % 26);
    literals.push_back(lit);
    if (i % 3 == 0) text += lit.substr(0, 60) + "-" + lit + " ";
  }
  const LiteralSet set(literals);
  const auto seen = found(set, text);
  for (std::size_t i = 0; i < literals.size(); ++i) EXPECT_EQ(seen[i] != 0, i % 3 == 0) << i;
}

// The automaton compiled into toolrisk (src/tools/rulegen.cpp) is, table for table, the one
// built from the built-in rules' literals at run time, and the rule base uses it.
TEST(LiteralSet, TheBuiltInAutomatonIsTheOneTheRulesLiteralsMake) {
  const auto base = load_rule_base({});
  ASSERT_TRUE(base);
  const std::vector<std::string_view> literals = phrase_literals(base.value()->rules());
  const EmbeddedLiterals* built = embedded_literals();
  ASSERT_NE(built, nullptr);
  ASSERT_EQ(built->literals.size(), literals.size());
  for (std::size_t i = 0; i < literals.size(); ++i) EXPECT_EQ(built->literals[i], literals[i]) << i;
  const LiteralSet fresh(std::vector<std::string>(literals.begin(), literals.end()));
  const LiteralTables& a = built->tables;
  const LiteralTables& b = fresh.tables();
  auto same = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
  EXPECT_EQ(a.classes, b.classes);
  EXPECT_EQ(a.longest, b.longest);
  EXPECT_TRUE(same(a.class_of, b.class_of));
  EXPECT_TRUE(same(a.next16, b.next16));
  EXPECT_TRUE(a.next32.empty() && b.next32.empty());
  EXPECT_TRUE(same(a.ends_here, b.ends_here));
  EXPECT_TRUE(same(a.out_begin, b.out_begin));
  EXPECT_TRUE(same(a.out, b.out));
  EXPECT_GT(a.next16.size(), 1000u);
}

// Every phrase rule, searched without any prefilter.
class EveryPhrase {
 public:
  explicit EveryPhrase(const RuleBase& rules) {
    for (std::size_t i = 0; i < rules.rules().size(); ++i) {
      const Rule& r = rules.rule(i);
      if (r.kind != RuleKind::kPhrase) continue;
      patterns_.push_back({i, std::make_unique<RE2>(r.pattern, rule_regex_options(false)),
                           r.unless_pattern.empty() ? nullptr : std::make_unique<RE2>(r.unless_pattern, rule_regex_options(false)),
                           only_scopes(r)});
    }
  }
  // Every phrase that matches, as its pattern alone finds it: its leftmost match that the words
  // before it do not deny, whose `unless` the words around it do not hold (60 bytes before it,
  // from a character's start, through its end) and, for a phrase that only scopes, that stands in
  // no clause saying what the tool is not for; the seventeenth one if sixteen are silenced.
  std::vector<std::pair<std::size_t, std::string>> search(const std::string& text) const {
    std::vector<std::pair<std::size_t, std::string>> out;
    for (const auto& p : patterns_) {
      re2::StringPiece m;
      bool found = p.re->Match(text, 0, text.size(), RE2::UNANCHORED, &m, 1);
      for (int silenced = 0; found && silenced < 16; ++silenced) {
        const std::size_t at = static_cast<std::size_t>(m.data() - text.data());
        std::size_t from = at > 60 ? at - 60 : 0;
        while (from < at && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80) ++from;
        const bool not_for = p.only_scopes && in_not_for_clause(text, at, at + m.size());
        if (!not_for && !denied_before(text, at) && (!p.unless || !RE2::PartialMatch(re2::StringPiece(text.data() + from, at + m.size() - from), *p.unless))) break;
        found = p.re->Match(text, at + 1, text.size(), RE2::UNANCHORED, &m, 1);
      }
      if (found) out.emplace_back(p.rule, std::string(m.data(), m.size()));
    }
    return out;
  }

 private:
  struct Compiled {
    std::size_t rule;
    std::unique_ptr<RE2> re, unless;
    bool only_scopes;
  };
  std::vector<Compiled> patterns_;
};

// Each description of the real dumps, as it is, in capitals, and with s and k written as
// U+017F and U+212A (which RE2 folds to them): the prefiltered search finds what a search of
// every pattern finds, and quotes the same text.
TEST(PhrasePrefilter, HidesNoMatchOnRealDescriptions) {
  const RuleBase& rules = testing::builtin_rules();
  const EveryPhrase every(rules);
  std::size_t texts = 0, matched = 0;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_path("tests/data/servers"))) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    auto doc = load_document(e.path().string(), testing::read_file(e.path().string()));
    if (!doc) continue;
    for (const auto& tool : doc.value().tools) {
      const std::string text = tool.title + "\n" + tool.description;
      std::string upper = text, folded;
      for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      for (char c : text) folded += c == 's' ? "\xC5\xBF" : c == 'k' ? "\xE2\x84\xAA" : std::string(1, c);
      for (const auto& t : {text, upper, folded}) {
        const auto expected = every.search(t);
        EXPECT_EQ(rules.match_phrase(t), expected) << tool.name << ": " << t.substr(0, 200);
        ++texts;
        matched += expected.empty() ? 0 : 1;
      }
    }
  }
  EXPECT_GT(texts, 3000u);
  EXPECT_GT(matched, 300u);  // the check has teeth: many texts match some phrase
}

// Cyrillic in capitals, and with the old letter forms RE2 folds to в, о, с and т.
std::string cyrillic_upper(const std::string& text, bool look_alikes) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    char32_t c = 0;
    std::size_t len = 1;
    if (!utf8_decode(text, i, &c, &len)) c = static_cast<unsigned char>(text[i]), len = 1;
    if (look_alikes && (c == U'в' || c == U'о' || c == U'с' || c == U'т')) {
      const char32_t old = c == U'в' ? 0x1C80 : c == U'о' ? 0x1C82 : c == U'с' ? 0x1C83 : 0x1C84;
      out += static_cast<char>(0xE0 | (old >> 12));
      out += static_cast<char>(0x80 | ((old >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (old & 0x3F));
    } else if (!look_alikes && ((c >= 0x0430 && c <= 0x044F) || (c >= 0x0450 && c <= 0x045F))) {
      const char32_t up = c <= 0x044F ? c - 0x20 : c - 0x50;
      out += static_cast<char>(0xC0 | (up >> 6));
      out += static_cast<char>(0x80 | (up & 0x3F));
    } else {
      out.append(text, i, len);
    }
    i += len;
  }
  return out;
}

// The same on every phrase's own examples, which hold the descriptions in other scripts
// (Chinese, Japanese, Korean, Russian), also in capitals: a phrase whose literals have case past
// ASCII (Cyrillic) is prefiltered by the bytes that open its script's letters.
TEST(PhrasePrefilter, HidesNoMatchOnThePhrasesOwnExamples) {
  const RuleBase& rules = testing::builtin_rules();
  const EveryPhrase every(rules);
  std::size_t texts = 0, matched = 0, cyrillic = 0;
  for (const auto& r : rules.rules()) {
    if (r.kind != RuleKind::kPhrase) continue;
    for (const auto& ex : r.examples) {
      const std::string& text = ex.description;
      std::string upper = text;
      for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      const bool has_cyrillic = text.find('\xD0') != std::string::npos || text.find('\xD1') != std::string::npos;
      cyrillic += has_cyrillic ? 1 : 0;
      for (const auto& t : {text, upper, cyrillic_upper(text, false), cyrillic_upper(text, true)}) {
        const auto expected = every.search(t);
        EXPECT_EQ(rules.match_phrase(t), expected) << r.id << ": " << t;
        ++texts;
        matched += expected.empty() ? 0 : 1;
      }
    }
  }
  EXPECT_GT(cyrillic, 20u);
  EXPECT_GT(matched, 1000u);
  EXPECT_GT(texts, 2000u);
}

// A param rule's description and unless patterns run only on property descriptions that hold
// a literal of each of their groups: every real property description (as it is and in
// capitals) that a pattern matches holds them.
TEST(PhrasePrefilter, ParamPatternGroupsHideNoMatch) {
  const RuleBase& rules = testing::builtin_rules();
  std::vector<std::pair<std::unique_ptr<RE2>, const std::vector<std::vector<std::string>>*>> checks;
  for (const auto& r : rules.rules()) {
    if (!r.description_pattern.empty()) checks.emplace_back(std::make_unique<RE2>(r.description_pattern, rule_regex_options(false)), &r.description_groups);
    if (!r.unless_pattern.empty()) checks.emplace_back(std::make_unique<RE2>(r.unless_pattern, rule_regex_options(false)), &r.unless_groups);
  }
  ASSERT_GT(std::count_if(checks.begin(), checks.end(), [](const auto& c) { return !c.second->empty(); }), 5);
  std::size_t matched = 0;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_path("tests/data/servers"))) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    auto doc = load_document(e.path().string(), testing::read_file(e.path().string()));
    if (!doc) continue;
    for (const auto& tool : doc.value().tools) {
      for (const auto& prop : tool.properties) {
        std::string upper = prop.description, lower = prop.description;
        for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        for (const auto& [re, groups] : checks) {
          for (const std::string* t : std::initializer_list<const std::string*>{&prop.description, &upper}) {
            if (!RE2::PartialMatch(*t, *re)) continue;
            ++matched;
            for (const auto& group : *groups) {
              EXPECT_TRUE(std::any_of(group.begin(), group.end(), [&](const std::string& l) { return lower.find(l) != std::string::npos; }))
                  << re->pattern() << " on " << *t;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(matched, 50u);  // the check has teeth
}

// Every phrase of the rule files has literal groups, so the prefilter does its work (a phrase
// without them is run on every text: right, but slow).
TEST(PhrasePrefilter, EveryPhraseHasLiteralGroups) {
  for (const auto& r : testing::builtin_rules().rules()) {
    if (r.kind != RuleKind::kPhrase) continue;
    ASSERT_TRUE(r.alternatives.has_value()) << r.id;
    ASSERT_FALSE(r.alternatives->empty()) << r.id;
    for (const auto& alt : *r.alternatives) {
      EXPECT_FALSE(alt.groups.empty()) << r.id << ": " << alt.pattern;
      for (const auto& group : alt.groups) EXPECT_FALSE(group.empty()) << r.id;
    }
  }
}

// A phrase is split at its top-level `|` only: not inside groups, character classes, escapes
// or \Q...\E quotes.
TEST(PhrasePrefilter, SplitsAPatternAtItsTopLevelAlternatives) {
  Rule r;
  r.id = "phrase.test";
  r.kind = RuleKind::kPhrase;
  r.pattern = R"(drop (table|index)|[|(]x|\|y|\Qp|q\E|[]|]z|purge everything)";
  ASSERT_TRUE(check_patterns(r).empty());
  std::vector<std::string> pieces;
  for (const auto& alt : *r.alternatives) pieces.push_back(alt.pattern);
  EXPECT_EQ(pieces, (std::vector<std::string>{"drop (table|index)", "[|(]x", R"(\|y)", R"(\Qp|q\E)", "[]|]z", "purge everything"}));
  EXPECT_EQ(r.alternatives->back().groups, (std::vector<std::vector<std::string>>{{"purge everything"}}));
  // One alternative, or a split that would not compile: the pattern stays whole.
  r.pattern = "delete (all|every) rows";
  ASSERT_TRUE(check_patterns(r).empty());
  ASSERT_EQ(r.alternatives->size(), 1u);
  EXPECT_EQ(r.alternatives->front().pattern, r.pattern);
  // A flag at the top level reaches the alternatives after it: splitting would drop it there.
  for (const char* flagged : {"(?m)^start a job|^launch a job", "start a job|(?m)^launch a job", "(?-i)Start|Launch"}) {
    r.pattern = flagged;
    ASSERT_TRUE(check_patterns(r).empty()) << flagged;
    ASSERT_EQ(r.alternatives->size(), 1u) << flagged;
  }
  // A group with flags and a body is a group like any other.
  r.pattern = "(?-i:DROP)|purge";
  ASSERT_TRUE(check_patterns(r).empty());
  EXPECT_EQ(r.alternatives->size(), 2u);
}

// A windowed alternative's tail, what follows its last top-level window, is searched first.
TEST(PhrasePrefilter, AWindowedAlternativeKeepsWhatFollowsItsWindow) {
  Rule r;
  r.id = "phrase.test";
  r.kind = RuleKind::kPhrase;
  r.pattern = R"(\bdelete\b[^.]{0,60}\bmatching rows|\bwipe[^.\n]{0,9}?x[^.]{0,5}\ball\b|purge (all|every)|(a[^.]{0,5})b)";
  ASSERT_TRUE(check_patterns(r).empty());
  std::vector<std::string> tails;
  for (const auto& alt : *r.alternatives) tails.push_back(alt.tail);
  // No window, or one inside a group: no tail.
  EXPECT_EQ(tails, (std::vector<std::string>{R"(\bmatching rows)", R"(\ball\b)", "", ""}));
  r.pattern = R"((?m)^delete[^.]{0,60}rows)";  // the flag would not reach the tail
  ASSERT_TRUE(check_patterns(r).empty());
  EXPECT_EQ(r.alternatives->front().tail, "");
  r.pattern = R"(\bdelete\b[^.]{0,60}\bmatching rows)";
  r.alternatives.reset();
  auto base = RuleBase::compile({r});
  ASSERT_TRUE(base);
  EXPECT_EQ(base.value()->match_phrase("Delete all the rows matching rows.").size(), 1u);
  EXPECT_TRUE(base.value()->match_phrase("Delete rows. Then matching rows.").empty());
}

// The phrases a text could match are picked by the literals it holds: a phrase whose alternative
// has no literal groups (a --rules file may hold one) is still tried on every text, a phrase
// found by any one of its alternatives' literals is tried, and the matches come in rule order
// whatever order their literals stand in.
TEST(PhrasePrefilter, PhrasesArePickedByTheirLiteralsAndReportedInRuleOrder) {
  const auto phrase = [](std::string id, std::string pattern) {
    Rule r;
    r.id = std::move(id);
    r.kind = RuleKind::kPhrase;
    r.pattern = std::move(pattern);
    return r;
  };
  std::vector<Rule> rules = {phrase("phrase.a", R"(\bzebra\b|\bquokka\b)"), phrase("phrase.b", R"(\b[qx]\d\d\b)"),
                             phrase("phrase.c", R"(\baardvark\b)")};
  auto base = RuleBase::compile(rules);
  ASSERT_TRUE(base);
  ASSERT_TRUE(base.value()->rule(1).alternatives->front().groups.empty());
  const auto ids = [&](const std::string& text) {
    std::vector<std::string> out;
    for (const auto& [index, quote] : base.value()->match_phrase(text)) out.push_back(base.value()->rule(index).id);
    return out;
  };
  EXPECT_EQ(ids("An aardvark and a quokka, x42."), (std::vector<std::string>{"phrase.a", "phrase.b", "phrase.c"}));
  EXPECT_EQ(ids("Code q17."), (std::vector<std::string>{"phrase.b"}));
  EXPECT_EQ(ids("A zebra."), (std::vector<std::string>{"phrase.a"}));
  EXPECT_TRUE(ids("Nothing here.").empty());
}

// A match the phrase's `unless` silences does not hide a later one: "a channel in the
// workspace" locates one channel, but "across the workspace" further on still widens.
TEST(PhrasePrefilter, ASilencedMatchDoesNotHideALaterOne) {
  Rule r;
  r.id = "phrase.test";
  r.kind = RuleKind::kPhrase;
  r.pattern = R"(\b(in|across) the workspace\b)";
  r.unless_pattern = R"(\ba channel in the workspace\b)";
  ASSERT_TRUE(check_patterns(r).empty());
  auto base = RuleBase::compile({r});
  ASSERT_TRUE(base);
  const auto quoted = [&](const std::string& text) { return first_quoted(*base.value(), text); };
  EXPECT_EQ(quoted("Posts to a channel in the workspace."), "-");
  // (The words around a match reach 60 bytes back: the later one stands further on.)
  EXPECT_EQ(quoted("Posts to a channel in the workspace. When the post has been read by everyone, it deletes "
                   "the post across the workspace."),
            "across the workspace");
  // Past sixteen silenced matches the next one speaks (a phrase only raises).
  std::string many;
  for (int i = 0; i < 17; ++i) many += "Posts to a channel in the workspace. ";
  EXPECT_EQ(quoted(many), "in the workspace");
}

// An alternative that opens with plain text (or a group of branches that each do) is tried,
// anchored, only where that text stands: the literals are found; openings that are syntax,
// optional, or shorter than three characters give none (searched for as before).
TEST(PhrasePrefilter, AnAlternativeIsTriedWhereItsLeadingLiteralsStand) {
  Rule r;
  r.id = "phrase.test";
  r.kind = RuleKind::kPhrase;
  r.pattern = R"(\b(delet|Remov|returns?)(e|es)? all|\bpermanent(ly)?\b|(?:^|\n)returns? x|\b(hard )?reset|\b(in|on) all|\bcloses? [^.]{0,9}\bfiles?)";
  ASSERT_TRUE(check_patterns(r).empty());
  std::vector<std::vector<std::string>> leading;
  for (const auto& alt : *r.alternatives) leading.push_back(alt.leading);
  EXPECT_EQ(leading, (std::vector<std::vector<std::string>>{{"delet", "remov", "return"}, {"permanent"}, {}, {}, {}, {"close"}}));
  r.alternatives.reset();
  auto base = RuleBase::compile({r});
  ASSERT_TRUE(base);
  const auto quoted = [&](const std::string& text) { return first_quoted(*base.value(), text); };
  // The leftmost match, tried at each place in turn; an earlier alternative wins a tie.
  EXPECT_EQ(quoted("Remove nothing. Then DELETES ALL of it."), "DELETES ALL");
  EXPECT_EQ(quoted("undelete all; delete all"), "delete all");  // \b holds only at the second
  EXPECT_EQ(quoted("It is permanent: it closes the files."), "permanent");
  // U+017F reads as s, and the place found is where the literal starts, in bytes.
  EXPECT_EQ(quoted("It clo\xC5\xBF" "ed my files, clo\xC5\xBF" "es the files."), "clo\xC5\xBF" "es the files");
  EXPECT_EQ(quoted("first\nreturns x"), "\nreturns x");
  EXPECT_EQ(quoted("Nothing here."), "-");
  // Very many places: one search from the first finds the same leftmost match.
  std::string many;
  for (int i = 0; i < 200; ++i) many += "undelete all, ";
  EXPECT_EQ(quoted(many + "then delete all."), "delete all");
  EXPECT_EQ(quoted(many + "nothing."), "-");
}

// An alternative that opens a sentence or a line before its leading literals ("(?:^|[.!?]\s|\n)\s*",
// "(?m)^[^\w\n]*") is tried, anchored, where that opening starts before each of them; on texts
// that put spaces, marks, newlines and bullets before the words, it finds and quotes what a
// search of the whole pattern finds.
TEST(PhrasePrefilter, AnAlternativeOpeningASentenceOrALineIsTriedWhereItOpens) {
  std::vector<Rule> rules(3);
  // An optional word before the literals, a class of letters for marks, or a pattern that cannot
  // be split into its alternatives (a flag at the top level reaches them all): searched as before.
  rules[0].pattern = R"((?:^|[.!?]\s|\n)\s*(gets?|reads?) x|(?:^|[.!?]\s|\n)\s*(\w+ly )?deletes? z|(?:^|[a-z]\s|\n)\s*moves? w)";
  rules[1].pattern = R"((?m)^[^\w\n]*(records?|sends?) y)";
  rules[2].pattern = R"((?m)^[^\w\n]*(records?|sends?) q|(gets?|reads?) q)";
  using Opening = PhraseAlternative::Opening;
  std::vector<std::pair<Opening, std::string>> openings;
  std::vector<std::vector<std::string>> leading;
  std::vector<std::unique_ptr<RE2>> whole;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    Rule& r = rules[i];
    r.id = "phrase.test" + std::to_string(i);
    r.kind = RuleKind::kPhrase;
    ASSERT_TRUE(check_patterns(r).empty());
    for (const auto& alt : *r.alternatives) {
      openings.emplace_back(alt.opening, alt.sentence_marks);
      leading.push_back(alt.leading);
    }
    whole.push_back(std::make_unique<RE2>(r.pattern, rule_regex_options(false)));
    ASSERT_TRUE(whole.back()->ok());
    r.alternatives.reset();
  }
  EXPECT_EQ(openings, (std::vector<std::pair<Opening, std::string>>{{Opening::kSentence, ".!?"},
                                                                    {Opening::kAtLeading, ""},
                                                                    {Opening::kAtLeading, ""},
                                                                    {Opening::kLine, ""},
                                                                    {Opening::kAtLeading, ""}}));
  EXPECT_EQ(leading, (std::vector<std::vector<std::string>>{{"get", "read"}, {}, {}, {"record", "send"}, {}}));
  auto base = RuleBase::compile(rules);
  ASSERT_TRUE(base);
  std::size_t found = 0;
  for (const std::string text :
       {"Gets x", "  \n gets x", "It works. gets x", "It works.gets x", "It works.\n\n  Gets x", "a,  gets x", "word gets x",
        "\tREADS x", "one\r\ngets x", "one! \t\f reads x", "one? gets y. Gets x", "one.  reads  x", "line\n- record y",
        "line\n  \xE2\x80\xA2 sends y", "a - record y", "\xC3\xA9 records y", "1. send y", "x\n\n\nrecord y\nsend y",
        "it gets x and\nreads x", "clo\xC5\xBF" "e. gets x", "\xE2\x84\xAA. Reads x", "", "\n", "gets", ". gets x\n",
        "Quickly deletes z. Then moves w", "a send q\nreads q", "x\n* sends q"}) {
    std::vector<std::pair<std::size_t, std::string>> expected;
    for (std::size_t i = 0; i < rules.size(); ++i) {
      re2::StringPiece want;
      if (whole[i]->Match(text, 0, text.size(), RE2::UNANCHORED, &want, 1)) expected.emplace_back(i, std::string(want.data(), want.size()));
    }
    found += expected.size();
    EXPECT_EQ(base.value()->match_phrase(text), expected) << text;
  }
  EXPECT_GT(found, 16u);  // most texts match, at varied openings
}

// Literals that stand only in a case-sensitive part must be in the text as written there: an
// upper-case SQL keyword, not the everyday word.
TEST(PhrasePrefilter, CaseSensitivePartsNeedTheirLiteralsAsWritten) {
  Rule r;
  r.id = "phrase.test";
  r.kind = RuleKind::kPhrase;
  r.pattern = R"((?-i:\b(INSERT|Delete)\b) rows|drop all)";
  ASSERT_TRUE(check_patterns(r).empty());
  ASSERT_EQ(r.alternatives->size(), 2u);
  EXPECT_EQ(r.alternatives->front().exact_groups, (std::vector<std::vector<std::string>>{{"Delete", "INSERT"}}));
  EXPECT_TRUE(r.alternatives->back().exact_groups.empty());
  // A literal not written as itself, or a part a match can go around, makes no such group.
  for (const char* loose : {R"((?-i:[Ii]NSERT) rows)", R"((?-i:(?i:INSERT)) rows)", R"((?-i:INSERT)? rows)", R"(((?-i:INSERT)|add) rows)"}) {
    r.pattern = loose;
    ASSERT_TRUE(check_patterns(r).empty()) << loose;
    EXPECT_TRUE(r.alternatives->front().exact_groups.empty()) << loose;
  }
  // A plain group inside the part ("(?:") keeps its literals; a flag group, even after an
  // escaped backslash, does not.
  r.pattern = R"((?-i:\b(INSERT|Delete)(?:/[A-Z]+)*) rows)";
  ASSERT_TRUE(check_patterns(r).empty());
  EXPECT_EQ(r.alternatives->front().exact_groups, (std::vector<std::vector<std::string>>{{"Delete", "INSERT"}}));
  for (const char* flagged : {R"((?-i:INSERT(?s:.)) rows)", R"((?-i:INSERT\\(?i:x)) rows)"}) {
    r.pattern = flagged;
    ASSERT_TRUE(check_patterns(r).empty()) << flagged;
    EXPECT_TRUE(r.alternatives->front().exact_groups.empty()) << flagged;
  }
  r.pattern = R"((?-i:\b(INSERT|Delete)\b) rows)";
  r.alternatives.reset();
  auto base = RuleBase::compile({r});
  ASSERT_TRUE(base);
  EXPECT_EQ(base.value()->match_phrase("It can INSERT rows.").size(), 1u);
  EXPECT_TRUE(base.value()->match_phrase("It can insert rows.").empty());
  // Looked for where the word stands in any case: the second place is as written.
  EXPECT_EQ(base.value()->match_phrase("insert rows, then INSERT rows").size(), 1u);
  // U+017F reads as s to the prefilter, but the part needs the letter itself.
  EXPECT_TRUE(base.value()->match_phrase("It can IN\xC5\xBF" "ERT rows.").empty());
}

}  // namespace
}  // namespace toolrisk
