// Look-alike skeletons (src/confusables.cpp): letters of other scripts that pass for ASCII read
// as the ASCII they imitate; every other character stays as it is.
#include <gtest/gtest.h>

#include "toolrisk/confusables.h"

namespace toolrisk {
namespace {

TEST(AsciiSkeleton, ReadsEachLookAlikeAsTheLetterItImitates) {
  EXPECT_EQ(ascii_skeleton("d\xD0\xB5lete_file"), "delete_file");                    // Cyrillic е
  EXPECT_EQ(ascii_skeleton("\xD0\xB0\xD1\x81\xD0\xBE"), "aco");                      // а с о
  EXPECT_EQ(ascii_skeleton("\xD0\x85\xD2\xBB"), "S\xD2\xBB");                        // Ѕ; һ is none of them
  EXPECT_EQ(ascii_skeleton("\xD4\x81\xD4\x9D"), "dw");                               // ԁ ԝ, the table's far end
  EXPECT_EQ(ascii_skeleton("\xC4\xB1\xC5\xBF\xE2\x84\xAA"), "isK");                 // ı ſ K
  EXPECT_EQ(ascii_skeleton("\xCE\xB1\xCF\x85\xCE\x91"), "auA");                     // Greek α υ Α
  EXPECT_EQ(ascii_skeleton("\xEF\xBD\x84\xEF\xBD\x85l"), "del");                    // full width
  EXPECT_EQ(ascii_skeleton("de\xE2\x80\x8Blete"), "delete");                         // zero-width space
}

TEST(AsciiSkeleton, LeavesEveryOtherCharacterAsItIs) {
  for (const char* s : {"\xD1\x91\xD0\xB6\xD0\xB8\xD0\xB7\xD0\xBB\xD1\x8C", "\xE4\xB8\xAD\xE6\x96\x87", "\xED\x95\x9C\xEA\xB8\x80",
                        "caf\xC3\xA9", "\xE2\x80\x94 \xF0\x9F\x9A\x80", "plain ascii"}) {
    EXPECT_EQ(ascii_skeleton(s), s);
  }
}

// The loader admits only valid UTF-8, but the skeleton is a library function: bytes that are not
// UTF-8 are kept as they are, byte by byte, and never read as the character they would spell.
TEST(AsciiSkeleton, KeepsBytesThatAreNotUtf8) {
  EXPECT_EQ(ascii_skeleton("d\xE0\x90\xB0" "ta"), "d\xE0\x90\xB0" "ta");  // an overlong Cyrillic а
  EXPECT_EQ(ascii_skeleton("de\xF0\x82\x80\x8B" "l"), "de\xF0\x82\x80\x8B" "l");  // an overlong zero-width space
  EXPECT_EQ(ascii_skeleton("a\xFF" "bcd"), "a\xFF" "bcd");
  EXPECT_EQ(ascii_skeleton("x\xD0"), "x\xD0");  // a sequence cut short
}

}  // namespace
}  // namespace toolrisk
