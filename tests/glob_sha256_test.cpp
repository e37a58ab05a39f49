#include <gtest/gtest.h>

#include <string>

#include "toolrisk/glob.h"
#include "toolrisk/sha256.h"

namespace toolrisk {
namespace {

TEST(Glob, WildcardsAndLiterals) {
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("*", "anything"));
  EXPECT_TRUE(glob_match("delete_*", "delete_pod"));
  EXPECT_FALSE(glob_match("delete_*", "pods_delete"));
  EXPECT_TRUE(glob_match("*_delete", "pods_delete"));
  EXPECT_TRUE(glob_match("*delete*", "bulk_delete_rows"));
  EXPECT_TRUE(glob_match("get_?", "get_x"));
  EXPECT_FALSE(glob_match("get_?", "get_xy"));
  EXPECT_FALSE(glob_match("Get_pod", "get_pod"));  // case-sensitive
  EXPECT_TRUE(glob_match("a*b*c", "a-b-b-c"));
  EXPECT_FALSE(glob_match("a*b*c", "a-b-b-d"));
  EXPECT_FALSE(glob_match("", "x"));
}

TEST(Glob, NoExponentialBacktracking) {
  const std::string text(10000, 'a');
  EXPECT_FALSE(glob_match("*a*a*a*a*a*a*a*a*b", text));
}

// FIPS 180-4 / NIST CAVP vectors.
TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Lengths around the padding boundary (55, 56, 63, 64 bytes).
  EXPECT_EQ(sha256_hex(std::string(55, 'a')), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256_hex(std::string(56, 'a')), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256_hex(std::string(64, 'a')), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

}  // namespace
}  // namespace toolrisk
