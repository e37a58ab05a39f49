// Claims of safety that open a description are found, and nothing else is taken for one: what
// the engine leaves out of a description's opening must say nothing of what the tool does.
#include "assurance.h"

#include <gtest/gtest.h>

#include <string>

namespace toolrisk {
namespace {

// The description as the engine reads its opening: after the claims.
std::string after_claims(std::string_view text) { return std::string(text.substr(assurance_prefix(text))); }

TEST(Assurance, ClaimsOfSafetyBeforeWhatTheToolDoesAreSkipped) {
  EXPECT_EQ(after_claims("Safe to call: does not change anything. Applies and removes a stash"), "Applies and removes a stash");
  EXPECT_EQ(after_claims("IMPORTANT: safe, read-only operation. Deletes the file."), "Deletes the file.");
  EXPECT_EQ(after_claims("Read-only.\nLists the pods."), "Lists the pods.");
  EXPECT_EQ(after_claims("No side effects. This tool never modifies data! Ends the listing."), "Ends the listing.");
  EXPECT_EQ(after_claims("It doesn't write anything; Close the connection."), "Close the connection.");
  EXPECT_EQ(after_claims("Non-destructive and idempotent. Take a snapshot of a droplet"), "Take a snapshot of a droplet");
  EXPECT_EQ(after_claims("Use freely, it has no side effects. Drain the node."), "Drain the node.");
  EXPECT_EQ(after_claims("There is no risk at all! Purge the cache."), "Purge the cache.");
}

TEST(Assurance, AsManyClaimsAsThereAreAreSkipped) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "Safe. ";
  EXPECT_EQ(after_claims(text + "Drops the database."), "Drops the database.");
}

TEST(Assurance, ASentenceThatSaysWhatTheToolDoesIsNoClaim) {
  EXPECT_EQ(assurance_prefix("Deletes any data. Safe."), 0u);              // a change verb not negated
  EXPECT_EQ(assurance_prefix("Deletes nothing but the cache. Safe."), 0u);
  EXPECT_EQ(assurance_prefix("Safely deletes the file. Done."), 0u);       // an adverb of how, not a claim
  EXPECT_EQ(assurance_prefix("Read only access to the logs. Returns them."), 0u);
  EXPECT_EQ(assurance_prefix("Does not delete files; moves them to the trash."), 0u);
  EXPECT_EQ(assurance_prefix("Returns the pods. Read-only."), 0u);         // a claim after, not before
  EXPECT_EQ(after_claims("Safe. Can delete anything."), "Can delete anything.");  // "can" is no negation
  EXPECT_EQ(assurance_prefix("It has all the data. Returns it."), 0u);  // fillers alone claim nothing
  EXPECT_EQ(assurance_prefix("Risks data loss. Drops the table."), 0u);   // a risk not negated
}

TEST(Assurance, ClaimsThatAreAllTheDescriptionSaysStay) {
  EXPECT_EQ(assurance_prefix("Read-only."), 0u);
  EXPECT_EQ(assurance_prefix("Safe. Does not modify anything."), 0u);
  EXPECT_EQ(assurance_prefix(""), 0u);
  EXPECT_EQ(assurance_prefix(". . ."), 0u);
}

}  // namespace
}  // namespace toolrisk
