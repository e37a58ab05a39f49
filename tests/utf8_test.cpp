#include "toolrisk/utf8.h"

#include <string>

#include <gtest/gtest.h>

namespace toolrisk {
namespace {

TEST(Utf8, AcceptsValidText) {
  EXPECT_FALSE(find_invalid_utf8("plain ascii"));
  EXPECT_FALSE(find_invalid_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));  // é € 😀
  EXPECT_FALSE(find_invalid_utf8(""));
}

TEST(Utf8, FindsTheFirstBadByte) {
  EXPECT_EQ(find_invalid_utf8("ab\xFF"), 2u);
  EXPECT_EQ(find_invalid_utf8("ab\x80z"), 2u);         // continuation without lead
  EXPECT_EQ(find_invalid_utf8("ok\xC3"), 2u);          // truncated sequence
  EXPECT_EQ(find_invalid_utf8("x\xE2\x82"), 1u);       // truncated at the end
}

TEST(Utf8, RejectsOverlongSurrogatesAndOutOfRange) {
  EXPECT_EQ(find_invalid_utf8("\xC0\xAF"), 0u);           // overlong '/'
  EXPECT_EQ(find_invalid_utf8("\xE0\x80\xAF"), 0u);       // overlong '/' in 3 bytes
  EXPECT_EQ(find_invalid_utf8("\xF0\x80\x80\xAF"), 0u);   // overlong in 4 bytes
  EXPECT_EQ(find_invalid_utf8("\xED\xA0\x80"), 0u);       // U+D800 surrogate
  EXPECT_EQ(find_invalid_utf8("\xF4\x90\x80\x80"), 0u);   // past U+10FFFF
  EXPECT_EQ(find_invalid_utf8("\xF5\x80\x80\x80"), 0u);
}

TEST(Utf8, StepsBackWholeCharacters) {
  const std::string text = "a\xC5\xBF" "b\xE2\x84\xAA";  // a, U+017F, b, U+212A
  EXPECT_EQ(utf8_back(text, text.size(), 1), 4u);  // U+212A starts at byte 4
  EXPECT_EQ(utf8_back(text, text.size(), 3), 1u);  // U+017F, b, U+212A
  EXPECT_EQ(utf8_back(text, text.size(), 9), 0u);  // fewer characters than asked for
  EXPECT_EQ(utf8_back(text, 3, 1), 1u);
}

TEST(Utf8, DetectsNonAscii) {
  EXPECT_FALSE(has_non_ascii("delete_file"));
  EXPECT_TRUE(has_non_ascii("d\xD0\xB5lete_file"));
  EXPECT_FALSE(has_non_ascii(""));
  // Every place, before, in and after the eight-byte steps, from every start.
  for (std::size_t at = 0; at < 20; ++at) {
    std::string text(20, 'a');
    text[at] = '\xC3';
    for (std::size_t from = 0; from <= 20; ++from) {
      EXPECT_EQ(next_non_ascii(text, from), from <= at ? at : text.size()) << at << " " << from;
    }
  }
  EXPECT_EQ(next_non_ascii("abc"), 3u);
}

}  // namespace
}  // namespace toolrisk
