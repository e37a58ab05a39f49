#include "word_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace toolrisk {
namespace {

std::vector<std::uint32_t> rules_of(const WordTable& t, std::string_view w) {
  const auto r = t.find(w);
  return {r.begin(), r.end()};
}

TEST(WordTable, FindsEachWordsRulesInTheOrderAdded) {
  WordTable t;
  t.add("pod", "", 3);
  t.add("pod", "s", 3);
  t.add("repositor", "ies", 7);
  t.add("pod", "", 9);
  t.add("delete", "", 1);
  t.add("pod", "", 3);  // twice: kept twice
  t.build();
  EXPECT_EQ(rules_of(t, "pod"), (std::vector<std::uint32_t>{3, 9, 3}));
  EXPECT_EQ(rules_of(t, "pods"), (std::vector<std::uint32_t>{3}));
  EXPECT_EQ(rules_of(t, "repositories"), (std::vector<std::uint32_t>{7}));
  EXPECT_EQ(rules_of(t, "delete"), (std::vector<std::uint32_t>{1}));
  EXPECT_TRUE(t.find("po").empty());
  EXPECT_TRUE(t.find("pods ").empty());
  EXPECT_TRUE(t.find("").empty());
  EXPECT_TRUE(t.find("repository").empty());
}

TEST(WordTable, EmptyAndUnbuiltTablesFindNothing) {
  WordTable unbuilt;
  EXPECT_TRUE(unbuilt.find("x").empty());
  WordTable empty;
  empty.build();
  EXPECT_TRUE(empty.find("x").empty());
  EXPECT_TRUE(empty.find("").empty());
}

// Many words, so that probes run into each other: every one is found with its own rules, and
// near misses are not.
TEST(WordTable, ManyWordsEachFoundExactly) {
  WordTable t;
  std::vector<std::string> words;
  for (int i = 0; i < 5000; ++i) words.push_back(std::to_string(i * 7919 % 100003) + "w");
  for (std::size_t i = 0; i < words.size(); ++i) t.add(words[i], "", static_cast<std::uint32_t>(i));
  t.add("", "", 42);  // the empty word is a word like any other
  t.build();
  for (std::size_t i = 0; i < words.size(); ++i) {
    ASSERT_EQ(rules_of(t, words[i]), (std::vector<std::uint32_t>{static_cast<std::uint32_t>(i)})) << words[i];
    ASSERT_TRUE(t.find(words[i] + "x").empty());
  }
  EXPECT_EQ(rules_of(t, ""), (std::vector<std::uint32_t>{42}));
}

}  // namespace
}  // namespace toolrisk
