#include "toolrisk/tokenizer.h"

#include <gtest/gtest.h>

namespace toolrisk {
namespace {

using Words = std::vector<std::string>;

TEST(Tokenizer, SplitsEveryNamingStyle) {
  EXPECT_EQ(tokenize_name("delete_pod"), (Words{"delete", "pod"}));
  EXPECT_EQ(tokenize_name("get-flag-status"), (Words{"get", "flag", "status"}));
  EXPECT_EQ(tokenize_name("listS3Buckets"), (Words{"list", "s3", "buckets"}));
  EXPECT_EQ(tokenize_name("getHTTPResponse"), (Words{"get", "http", "response"}));
  EXPECT_EQ(tokenize_name("TwilioApiV2010--CreateCall"), (Words{"twilio", "api", "v2010", "create", "call"}));
  EXPECT_EQ(tokenize_name("resources_create_or_update"), (Words{"resources", "create", "or", "update"}));
  EXPECT_EQ(tokenize_name("core.list/projects"), (Words{"core", "list", "projects"}));
  EXPECT_EQ(tokenize_name("hosting_startNode_jsBuildV1"), (Words{"hosting", "start", "node", "js", "build", "v1"}));
  EXPECT_EQ(tokenize_name("PascalCaseName"), (Words{"pascal", "case", "name"}));
  EXPECT_EQ(tokenize_name("K8sApplyV2Manifest"), (Words{"k8s", "apply", "v2", "manifest"}));
}

TEST(Tokenizer, EmptyAndSeparatorOnlyNamesGiveNoWords) {
  EXPECT_TRUE(tokenize_name("").empty());
  EXPECT_TRUE(tokenize_name("__--..").empty());
}

TEST(Tokenizer, KeepsNonAsciiInsideWords) {
  // A Cyrillic "е" must not vanish: "dеlete" stays one word that matches no verb.
  const auto words = tokenize_name("d\xD0\xB5lete_file");
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0], "d\xD0\xB5lete");
  EXPECT_EQ(words[1], "file");
}

TEST(Tokenizer, JoinedNameWordsAreTheWordsOfTheName) {
  for (const char* name : {"delete_pod", "listS3Buckets", "getHTTPResponse", "TwilioApiV2010--CreateCall", "core.list/projects",
                           "K8sApplyV2Manifest", "__--..", "", "d\xD0\xB5lete_File", "A", "aB", "ABc"}) {
    std::string joined;
    for (const auto& w : tokenize_name(name)) joined += (joined.empty() ? "" : "_") + w;
    EXPECT_EQ(join_name_words(name, '_'), joined) << name;
  }
  EXPECT_EQ(join_name_words("sourceCode", ' '), "source code");
}

TEST(Tokenizer, TextWordsAreLowerCased) {
  EXPECT_EQ(tokenize_text("Deletes a Pod, permanently."), (Words{"deletes", "a", "pod", "permanently"}));
}

TEST(Tokenizer, TextWordsLowerLatin1Capitals) {
  // A German or French sentence may open on an accented capital; its word is the rule base's
  // lower-case one. Other letters past ASCII stay as written, and so does the multiplication sign.
  EXPECT_EQ(tokenize_text("Ändert die Adresse"), (Words{"ändert", "die", "adresse"}));
  EXPECT_EQ(tokenize_text("Élimine ÀÞ Ωmega"), (Words{"élimine", "àþ", "Ωmega"}));
  EXPECT_EQ(tokenize_text("a×b"), (Words{"a×b"}));
}

TEST(Tokenizer, TextWordsStopAtTheGivenCount) {
  EXPECT_EQ(tokenize_text("Create a Release, then publish", 3), (Words{"create", "a", "release"}));
  EXPECT_EQ(tokenize_text("two words", 5), (Words{"two", "words"}));
  EXPECT_TRUE(tokenize_text("none", 0).empty());
}

// One mark per word of tokenize_text, for what stands before it.
TEST(Tokenizer, MarksTheCommasAndSentenceEndsBeforeTextWords) {
  using Marks = std::vector<char>;
  const std::string_view text = "List repos, create issues. Then, get (a, b) PR: title, merge info";
  EXPECT_EQ(commas_before_words(text).size(), tokenize_text(text).size());
  EXPECT_EQ(commas_before_words(text),
            (Marks{0, 0, kMarkComma, 0, kMarkSentence, kMarkComma, 0, 0, 0, kMarkColon, kMarkComma, 0}));
  EXPECT_EQ(commas_before_words(text, 3), (Marks{0, 0, kMarkComma}));
  // Nothing before the first word, whatever it is.
  EXPECT_EQ(commas_before_words(", a. b"), (Marks{0, kMarkSentence}));
  EXPECT_TRUE(commas_before_words("").empty());
}

}  // namespace
}  // namespace toolrisk
