// `toolrisk check`: the CI gate. Turns inference results (and a baseline lock file) into
// findings, each under a stable rule id, by the policy.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "toolrisk/lock.h"
#include "toolrisk/pipeline.h"
#include "toolrisk/policy.h"

namespace toolrisk {

struct CheckRule {
  std::string_view id;
  std::string_view title;    // a few words
  std::string_view summary;  // one sentence: what it finds
  std::string_view help;     // what to do about it
};

// Every rule a finding can carry; SARIF lists them in this order.
const std::vector<CheckRule>& check_rules();

struct Finding {
  std::string rule;  // a check_rules() id
  std::string file;
  std::size_t line = 0;  // of the tool in `file`; 0 when the tool is not in it (removed)
  std::size_t column = 0;
  std::string server;
  std::string tool;
  std::string message;
  std::vector<std::string> evidence;  // "rule (from 'match')" lines, or what changed
};

// One tool as a report shows it.
struct CheckedTool {
  std::string file;
  std::string server;
  std::string tool;
  std::size_t line = 0;
  RiskAnnotations fields;
  bool classified = false;
  std::string why;  // explain(assessment)
};

struct CheckReport {
  std::vector<CheckedTool> tools;
  std::vector<Finding> findings;  // in input order, a tool's findings together
  bool failed() const { return !findings.empty(); }
};

CheckReport run_check(const std::vector<DocumentResult>& results, const Policy& policy, const LockFile* baseline);

}  // namespace toolrisk
