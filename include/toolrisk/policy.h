// What `toolrisk check` fails on. From a policy file (YAML), flags, or both (flags win).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/diagnostic.h"

namespace toolrisk {

// The drift kinds a baseline comparison reports.
const std::set<std::string>& drift_kinds();  // new-tool, removed-tool, changed-definition, risk-increase

struct Policy {
  std::optional<RiskLevel> fail_on;   // tools at or above this riskLevel fail; none by default
  bool fail_on_unclassified = true;   // unclassified tools and unreviewed catalogue entries
  bool fail_on_conflict = false;      // declared hints that contradict the evidence
  std::set<std::string> drift = drift_kinds();  // with a baseline: which drift kinds fail
  std::vector<std::string> catalogs;  // paths, relative to the policy file's folder
  std::string baseline;               // path of a lock file
  std::string declared;               // max | trust | ignore; empty: the default
  std::string rules_dir;
};

// Reads a policy file (docs/ci.md describes it); every error with file and line at once.
// Relative paths in it are resolved against the file's folder.
Expected<Policy> parse_policy(const std::string& file, const std::string& text);

}  // namespace toolrisk
