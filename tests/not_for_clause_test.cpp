// Where a description says what the tool is not for (src/not_for_clause.h).
#include "not_for_clause.h"

#include <gtest/gtest.h>

#include <string>

namespace toolrisk {
namespace {

// Whether `quote`, found in `text`, stands in a not-for clause.
bool not_for(const std::string& text, const std::string& quote) {
  const std::size_t at = text.find(quote);
  EXPECT_NE(at, std::string::npos) << quote;
  return in_not_for_clause(text, at, at + quote.size());
}

TEST(NotForClause, AClauseThatOpensWithNotForOrDoNotUseThisTool) {
  EXPECT_TRUE(not_for("Get details for one cluster. Not for listing multiple clusters. Required: --cluster.", "listing multiple clusters"));
  EXPECT_TRUE(not_for("Shows one container. Do not use this tool to list blobs in a container.", "list blobs in a container"));
  EXPECT_TRUE(not_for("Shows one container.\n- Don't use this tool for searches across all repositories", "across all repositories"));
  EXPECT_TRUE(not_for("Gets a page. NOT INTENDED FOR listing every page in the workspace", "in the workspace"));
  // The clause is read from its first letter: bullets and emphasis open no clause of their own.
  EXPECT_TRUE(not_for("Gets a page.\n  * **Not for** reading the entire workspace", "entire workspace"));
}

TEST(NotForClause, WhatFollowsAWhenNotToUseHeadingOnItsLine) {
  const std::string text =
      "Query logs for a SPECIFIC resource.\nWhen to use: the user names a resource.\n"
      "When NOT to use: User asks for general workspace-wide logs without mentioning a specific resource.";
  EXPECT_TRUE(not_for(text, "workspace-wide"));
  // Only on its line: the next line is a clause of its own.
  EXPECT_FALSE(not_for("When not to use:\nLists every project in the organization.", "in the organization"));
}

TEST(NotForClause, ElsewhereTheTextSaysWhatTheToolDoes) {
  EXPECT_FALSE(not_for("Lists projects in the organization.", "in the organization"));
  // The warning is in an earlier clause.
  EXPECT_FALSE(not_for("Not for production use. Deletes every table in the organization.", "in the organization"));
  EXPECT_FALSE(not_for("Not for production use; deletes every table in the organization.", "in the organization"));
  // "not for" inside a clause that says what the tool does.
  EXPECT_FALSE(not_for("Lists users, not for one team but across the organization.", "across the organization"));
  // A qualified warning says what the tool can do.
  EXPECT_FALSE(not_for("Do not use this tool on all namespaces without a dry run.", "all namespaces"));
  EXPECT_FALSE(not_for("Do not use this tool across the organization unless the user confirms.", "across the organization"));
  EXPECT_FALSE(not_for("Not for anything but listing all accounts", "listing all accounts"));
  EXPECT_FALSE(not_for("Do not use this tool for other than the entire workspace", "entire workspace"));
  // After a colon the clause says what the tool does.
  EXPECT_FALSE(not_for("Not for the faint of heart: deletes every table in the organization.", "in the organization"));
}

TEST(NotForClause, AClauseTooLongToReadCountsAsNone) {
  const std::string filler(300, 'x');
  EXPECT_FALSE(not_for("Not for " + filler + " listing multiple clusters.", "listing multiple clusters"));
  EXPECT_FALSE(not_for("Not for listing multiple clusters " + filler, "listing multiple clusters"));
  EXPECT_TRUE(not_for("Not for listing multiple clusters " + std::string(200, 'x') + ".", "listing multiple clusters"));
}

TEST(NotForClause, OutOfRangeIsNone) {
  EXPECT_FALSE(in_not_for_clause("Not for x", 8, 20));
  EXPECT_FALSE(in_not_for_clause("Not for x", 8, 7));
  EXPECT_FALSE(in_not_for_clause("", 0, 0));
}

}  // namespace
}  // namespace toolrisk
