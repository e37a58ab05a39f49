// Where a description denies what follows (src/denial.h).
#include "denial.h"

#include <gtest/gtest.h>

#include <string>

namespace toolrisk {
namespace {

// Whether the words before `quote`, found in `text`, deny it.
bool denied(const std::string& text, const std::string& quote) {
  const std::size_t at = text.find(quote);
  EXPECT_NE(at, std::string::npos) << quote;
  return denied_before(text, at);
}

TEST(Denial, AWordThatDeniesTheVerbAfterIt) {
  EXPECT_TRUE(denied("Preview an invoice. Does not charge the customer's card.", "charge"));
  EXPECT_TRUE(denied("Get a payment. This never refunds the payment.", "refunds"));
  EXPECT_TRUE(denied("Get a payment. It doesn't refund it.", "refund"));
  EXPECT_TRUE(denied("Get a payment. It doesn\xE2\x80\x99t refund it.", "refund"));
  EXPECT_TRUE(denied("Reads the file; it will NOT be automatically deleted.", "deleted"));
  EXPECT_TRUE(denied("Lists runs. Cannot cancel them.", "cancel"));
}

TEST(Denial, NotAcrossPunctuationNorPastOtherWords) {
  EXPECT_FALSE(denied("Does not ask first; deletes every file.", "deletes"));
  EXPECT_FALSE(denied("Not only lists files, it deletes them.", "deletes"));
  EXPECT_FALSE(denied("Does not ask for confirmation before deleting all rows.", "deleting"));
  EXPECT_FALSE(denied("Deletes the row.", "Deletes"));
}

// Told to the caller, a denial warns that the tool can.
TEST(Denial, NotAWarningToTheCaller) {
  EXPECT_FALSE(denied("Modify a PDF.\n- NEVER overwrite the original file.", "overwrite"));
  EXPECT_FALSE(denied("Create a draft. Do not send the email yet.", "send"));
  EXPECT_FALSE(denied("Create a draft. Please don't send it.", "send"));
  EXPECT_TRUE(denied("Create a draft; the tool does not send it.", "send"));
}

TEST(Denial, TheWordsThatDeny) {
  for (const char* w : {"not", "never", "cannot", "nor", "doesn", "don", "won", "isn"}) EXPECT_TRUE(is_denial_word(w)) << w;
  for (const char* w : {"without", "no", "now", "note", "delete"}) EXPECT_FALSE(is_denial_word(w)) << w;
}

}  // namespace
}  // namespace toolrisk
